package org.fdrsim.cpu.mem;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Images of a memory are copy-on-write: neither side's later stores show in the other; shared pages are counted once. */
class MemoryImageTest {
    private static final long SIZE = 64L << 20; // several directory chunks

    @Test
    void anImageKeepsTheContentsOfItsMomentWhateverIsStoredAfterwards() {
        SparseMemory m = new SparseMemory(SIZE);
        m.storeWord(0x1000, 1);
        m.storeWord(0x2000, 2);
        m.storeWord(SIZE - 8, 3);
        MemoryImage before = m.image();
        m.storeWord(0x1000, 10);
        m.storeByte(0x2001, 0xff);
        m.writeBlock(SIZE - 64, new long[] {7, 7, 7, 7, 7, 7, 7, 7}, 0);
        m.storeWord(0x9000, 9); // a page the image does not have
        assertThat(before.pages()).isEqualTo(3);
        assertThat(before.loadWord(0x1000)).isEqualTo(1);
        assertThat(before.loadWord(0x2000)).isEqualTo(2);
        assertThat(before.loadWord(SIZE - 8)).isEqualTo(3);
        assertThat(before.loadWord(0x9000)).isZero();
        assertThat(m.loadWord(0x1000)).isEqualTo(10);
        assertThat(m.loadWord(0x2000)).isEqualTo(2 | 0xff00);
        assertThat(m.loadWord(SIZE - 8)).isEqualTo(7);
    }

    @Test
    void aMemoryMadeFromAnImageReadsItAndStoresWithoutTouchingItOrItsOrigin() {
        SparseMemory origin = new SparseMemory(SIZE);
        for (long a = 0; a < 8 * 4096; a += 512) {
            origin.storeWord(a, a + 1);
        }
        MemoryImage image = origin.image();
        SparseMemory restored = new SparseMemory(image);
        assertThat(restored.sameContents(origin)).isTrue();
        assertThat(restored.pagesInUse()).isEqualTo(origin.pagesInUse());
        restored.storeWord(512, -1);
        origin.storeWord(1024, -2);
        assertThat(image.loadWord(512)).isEqualTo(513);
        assertThat(image.loadWord(1024)).isEqualTo(1025);
        assertThat(origin.loadWord(512)).isEqualTo(513);
        assertThat(restored.loadWord(1024)).isEqualTo(1025);
        assertThat(restored.loadWord(512)).isEqualTo(-1);
        assertThat(new SparseMemory(image).sameContents(new SparseMemory(origin.image()))).isFalse();
    }

    @Test
    void imagesInARowShareTheirUnchangedPagesAndTheCountHoldsEachOnce() {
        SparseMemory m = new SparseMemory(SIZE);
        for (int p = 0; p < 10; p++) {
            m.storeWord(p * 4096L, p);
        }
        PageCount count = new PageCount();
        MemoryImage first = m.image();
        count.add(first);
        m.storeWord(0, 100); // one page changes
        MemoryImage second = m.image();
        count.add(second);
        assertThat(count.pages()).isEqualTo(11);
        assertThat(count.bytes()).isEqualTo(11L * SparseMemory.PAGE_BYTES);
        MemoryImage third = m.image(); // nothing stored: no new page
        count.add(third);
        assertThat(count.pages()).isEqualTo(11);
        count.remove(first);
        assertThat(count.pages()).isEqualTo(10);
        count.remove(second);
        count.remove(third);
        assertThat(count.pages()).isZero();
    }

    @Test
    void clearingAMemoryLeavesItsImagesAsTheyWere() {
        SparseMemory m = new SparseMemory(SIZE);
        m.storeWord(0x1000, 1);
        m.storeWord(0x3000, 3);
        MemoryImage before = m.image();
        m.storeWord(0x3000, 4); // this page is m's own copy now
        m.clear();
        assertThat(m.loadWord(0x1000)).isZero();
        assertThat(m.loadWord(0x3000)).isZero();
        assertThat(before.loadWord(0x1000)).isEqualTo(1);
        assertThat(before.loadWord(0x3000)).isEqualTo(3);
        m.storeWord(0x1000, 5);
        assertThat(before.loadWord(0x1000)).isEqualTo(1);
    }
}
