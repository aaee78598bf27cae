package org.fdrsim.cpu.mem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.cpu.program.Code;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SymbolTable;
import org.junit.jupiter.api.Test;

/**
 * {@link SparseMemory#holding} loads a program's data once and every memory made from it
 * shares the pages copy-on-write: each memory holds exactly the program's data, whatever the
 * others stored, at any memory size and hot-set budget.
 */
class ProgramDataSharingTest {
    private static final long SIZE = 64L << 20;
    private static final long A = 3 * SparseMemory.PAGE_BYTES - 40; // crosses a page boundary
    private static final long B = 10 * SparseMemory.PAGE_BYTES;

    private static ProgramImage program() {
        byte[] a = new byte[SparseMemory.PAGE_BYTES + 100];
        for (int i = 0; i < a.length; i++) {
            a[i] = (byte) (i * 13 + 1);
        }
        byte[] b = new byte[64];
        b[0] = 42;
        return new ProgramImage("t.s", new Code(List.of()), List.of(new DataSegment(A, a), new DataSegment(B, b)),
                new SymbolTable(List.of()), List.of(), 0);
    }

    /** A memory of {@code size} bytes with {@code program}'s data stored into it byte by byte. */
    private static SparseMemory storedByHand(ProgramImage program, long size) {
        SparseMemory m = new SparseMemory(size);
        for (DataSegment s : program.data()) {
            for (int i = 0; i < s.bytes().length; i++) {
                m.storeByte(s.address() + i, s.bytes()[i]);
            }
        }
        return m;
    }

    @Test
    void aStoreIntoOneMemoryReachesNeitherTheOthersNorTheNextOne() {
        ProgramImage program = program();
        SparseMemory expected = storedByHand(program, SIZE);
        SparseMemory first = SparseMemory.holding(program, SIZE);
        SparseMemory second = SparseMemory.holding(program, SIZE);
        assertThat(first.firstDifference(expected)).isEqualTo(-1);

        first.storeWord(A & ~7L, -1L);           // a page of the first segment
        first.storeByte(B, 7);                   // and of the second
        second.storeWord((A & ~7L) + SparseMemory.PAGE_BYTES, 5L);

        assertThat(first.loadWord(A & ~7L)).isEqualTo(-1L);
        assertThat(first.loadByte(B)).isEqualTo(7);
        assertThat(second.loadWord(A & ~7L)).isEqualTo(expected.loadWord(A & ~7L));
        assertThat(second.loadByte(B)).isEqualTo(42);
        SparseMemory third = SparseMemory.holding(program, SIZE);
        assertThat(third.firstDifference(expected)).as("the shared data is unchanged").isEqualTo(-1);
        assertThat(third.pagesInUse()).isEqualTo(expected.pagesInUse());
    }

    @Test
    void anotherSizeOrATightHotSetHoldsTheSameData() {
        ProgramImage program = program();
        SparseMemory small = SparseMemory.holding(program, 1L << 20);
        assertThat(small.size()).isEqualTo(1L << 20);
        assertThat(small.firstDifference(storedByHand(program, 1L << 20))).isEqualTo(-1);
        SparseMemory tight = SparseMemory.holding(program, SIZE, 1); // every page but one packed
        tight.storeWord(B, 9L);
        assertThat(tight.loadWord(B)).isEqualTo(9L);
        tight.storeWord(B, 42L);
        assertThat(tight.firstDifference(storedByHand(program, SIZE))).isEqualTo(-1);
        assertThat(SparseMemory.holding(program, SIZE).loadWord(B)).isEqualTo(42L);
    }
}
