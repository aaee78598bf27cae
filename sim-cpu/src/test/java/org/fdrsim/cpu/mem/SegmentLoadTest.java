package org.fdrsim.cpu.mem;

import static org.assertj.core.api.Assertions.assertThat;

import org.fdrsim.cpu.program.DataSegment;
import org.junit.jupiter.api.Test;

/** Loading a data segment writes the same bytes and allocates the same pages as storing it byte by byte. */
class SegmentLoadTest {
    private static final long SIZE = 64L << 20;

    @Test
    void aSegmentLoadsLikeItsBytesStoredOneByOne() {
        // unaligned start and end, crossing two page boundaries, zeros included, over old contents
        byte[] bytes = new byte[2 * SparseMemory.PAGE_BYTES + 123];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i % 7 == 0 ? 0 : i * 31 + 5);
        }
        long address = 3 * SparseMemory.PAGE_BYTES - 37;
        SparseMemory loaded = new SparseMemory(SIZE);
        SparseMemory stored = new SparseMemory(SIZE);
        for (SparseMemory m : new SparseMemory[] {loaded, stored}) {
            m.storeWord(address - 1 & ~7L, -1L);
            m.storeWord(address + bytes.length & ~7L, -1L);
        }
        loaded.load(new DataSegment(address, bytes));
        for (int i = 0; i < bytes.length; i++) {
            stored.storeByte(address + i, bytes[i]);
        }
        assertThat(loaded.firstDifference(stored)).isEqualTo(-1);
        assertThat(loaded.pagesInUse()).isEqualTo(stored.pagesInUse()).isEqualTo(4);
        assertThat(loaded.loadByte(address - 1)).isEqualTo(0xff);
        assertThat(loaded.loadByte(address + bytes.length)).isEqualTo(0xff);
    }

    @Test
    void aSegmentOfZerosStillAllocatesItsPages() {
        SparseMemory m = new SparseMemory(SIZE);
        m.load(new DataSegment(0x10000, new byte[3 * SparseMemory.PAGE_BYTES]));
        assertThat(m.pagesInUse()).isEqualTo(3);
    }
}
