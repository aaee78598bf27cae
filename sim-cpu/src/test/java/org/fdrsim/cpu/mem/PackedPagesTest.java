package org.fdrsim.cpu.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A memory with a small hot set packs and unpacks pages as they are used; nothing it reads,
 * lists, copies or images may differ from a memory that holds every page unpacked.
 */
class PackedPagesTest {
    private static final long SIZE = 64L << 20; // several directory chunks
    private static final int PAGE = SparseMemory.PAGE_BYTES;

    @Test
    void pagesOutsideTheHotSetArePackedAndReadBackExactly() {
        SparseMemory m = new SparseMemory(SIZE, 4);
        SplittableRandom random = new SplittableRandom(1);
        long[] expected = new long[100 * 512];
        for (int page = 0; page < 100; page++) {
            for (int w = 0; w < 512; w++) {
                long v = page % 3 == 0 ? random.nextLong() : page * 1000L + (w % 5); // some incompressible
                expected[page * 512 + w] = v;
                m.storeWord(address(page, w), v);
            }
        }
        assertThat(m.pagesInUse()).isEqualTo(100);
        assertThat(m.pagesInHotSet()).isEqualTo(4);
        assertThat(m.packedPages()).isEqualTo(64); // the 32 random pages of 0..95 do not compress: kept as words
        for (int page = 99; page >= 0; page--) { // every read of a packed page unpacks it and packs another
            for (int w = 0; w < 512; w++) {
                assertThat(m.loadWord(address(page, w))).isEqualTo(expected[page * 512 + w]);
            }
        }
        assertThat(m.packedPages()).isEqualTo(62); // the 34 random pages stay words; 4 of the 66 others are hot
        assertThat(m.pagesInHotSet()).isEqualTo(4);
        assertThat(m.sameContents(reference(expected))).isTrue();
        assertThat(reference(expected).sameContents(m)).isTrue();
    }

    @Test
    void aPageThatDoesNotCompressLeavesTheHotSetAsWordsAndImagesOfItStayAsTheyWere() {
        SparseMemory m = new SparseMemory(SIZE, 1);
        SplittableRandom random = new SplittableRandom(7);
        long[] words = new long[512];
        for (int w = 0; w < 512; w++) {
            words[w] = random.nextLong();
            m.storeWord(address(0, w), words[w]);
        }
        MemoryImage image = m.image();
        m.storeWord(address(1, 0), 1); // page 0 leaves the hot set, unpacked
        assertThat(m.packedPages()).isZero();
        assertThat(m.pagesInHotSet()).isEqualTo(1);
        m.storeWord(address(0, 5), -5); // copies the page the image shares; still outside the hot set
        m.storeWord(address(2, 0), 2); // packs page 1
        assertThat(m.packedPages()).isEqualTo(1);
        assertThat(m.loadWord(address(0, 5))).isEqualTo(-5);
        assertThat(image.loadWord(address(0, 5))).isEqualTo(words[5]);
        for (int w = 0; w < 512; w++) {
            if (w != 5) {
                assertThat(m.loadWord(address(0, w))).isEqualTo(words[w]);
            }
        }
        assertThat(m.copy().sameContents(m)).isTrue();
    }

    @Test
    void aStoreToAPackedPageUnpacksItAndKeepsTheRestOfThePage() {
        SparseMemory m = new SparseMemory(SIZE, 2);
        m.storeWord(0x1000, 11);
        m.storeWord(0x1008, 12);
        m.storeWord(0x2000, 2);
        m.storeWord(0x3000, 3); // packs 0x1000
        assertThat(m.packedPages()).isEqualTo(1);
        m.storeByte(0x1009, 0xff);
        m.writeBlock(0x3040, new long[] {1, 2, 3, 4, 5, 6, 7, 8}, 0);
        assertThat(m.loadWord(0x1000)).isEqualTo(11);
        assertThat(m.loadWord(0x1008)).isEqualTo(12 | 0xff00);
        long[] block = new long[8];
        m.readBlock(0x3040, block, 0);
        assertThat(block).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        m.readBlock(0x2000, block, 0);
        assertThat(block).containsExactly(2, 0, 0, 0, 0, 0, 0, 0);
        assertThat(m.loadByte(0x1009)).isEqualTo(0xff);
        assertThat(m.loadWord(0x9000)).isZero(); // untouched: nothing allocated
        assertThat(m.pagesInUse()).isEqualTo(3);
    }

    @Test
    void imagesTakenBeforePackingKeepTheirContentsWhateverTheMemoryDoesAfterwards() {
        SparseMemory m = new SparseMemory(SIZE, 3);
        for (int page = 0; page < 6; page++) {
            m.storeWord(address(page, 1), page + 1);
        }
        MemoryImage before = m.image(); // 3 hot pages shared as words, 3 packed pages shared as bytes
        SparseMemory same = new SparseMemory(before, 1000);
        for (int page = 0; page < 6; page++) { // unpack, pack and store everything, twice
            m.storeWord(address(page, 1), -1);
            m.storeWord(address(page, 2), -2);
        }
        for (int page = 5; page >= 0; page--) {
            m.storeWord(address(page, 1), 100 + page);
        }
        for (int page = 0; page < 6; page++) {
            assertThat(before.loadWord(address(page, 1))).isEqualTo(page + 1);
            assertThat(before.loadWord(address(page, 2))).isZero();
            assertThat(m.loadWord(address(page, 1))).isEqualTo(100 + page);
            assertThat(m.loadWord(address(page, 2))).isEqualTo(-2);
        }
        assertThat(new SparseMemory(before).sameContents(same)).isTrue();
    }

    @Test
    void aMemoryMadeFromAnImageWithAFullHotSetPacksWithoutTouchingTheImage() {
        SparseMemory origin = new SparseMemory(SIZE, 1000);
        for (int page = 0; page < 20; page++) {
            origin.storeWord(address(page, page), page * 7 + 1);
        }
        MemoryImage image = origin.image();
        SparseMemory small = new SparseMemory(image, 2);
        assertThat(small.packedPages()).isEqualTo(18);
        assertThat(small.sameContents(origin)).isTrue();
        for (int page = 0; page < 20; page++) {
            small.storeWord(address(page, page), 0);
        }
        for (int page = 0; page < 20; page++) {
            assertThat(image.loadWord(address(page, page))).isEqualTo(page * 7 + 1);
            assertThat(origin.loadWord(address(page, page))).isEqualTo(page * 7 + 1);
            assertThat(small.loadWord(address(page, page))).isZero();
        }
        MemoryImage again = small.image();
        assertThat(new SparseMemory(again, 5).sameContents(small)).isTrue();
    }

    @Test
    void zeroPagesStayListedWhenPackedAndClearingPacksNothing() {
        SparseMemory m = new SparseMemory(SIZE, 1);
        m.storeWord(0x5000, 0); // allocated, all zero
        m.storeWord(0x7000, 7);
        m.storeWord(0x9000, 9);
        assertThat(m.pagesInUse()).isEqualTo(3);
        assertThat(m.packedPages()).isEqualTo(2);
        List<Long> bases = new ArrayList<>();
        m.forEachPage((base, words) -> bases.add(base));
        assertThat(bases).containsExactly(0x5000L, 0x7000L, 0x9000L); // address order, packed or not
        m.clear();
        assertThat(m.pagesInUse()).isEqualTo(3);
        assertThat(m.loadWord(0x7000)).isZero();
        assertThat(m.loadWord(0x9000)).isZero();
        assertThat(m.loadWord(0x5000)).isZero();
        m.forEachPage((base, words) -> assertThat(words).containsOnly(0L));
        assertThat(m.sameContents(new SparseMemory(SIZE))).isTrue();
    }

    @Test
    void aCopySharesPackedPagesAndNeitherSeesTheOthersStores() {
        SparseMemory m = new SparseMemory(SIZE, 2);
        for (int page = 0; page < 8; page++) {
            m.storeWord(address(page, 3), page + 10);
        }
        SparseMemory copy = m.copy();
        assertThat(copy.pagesInUse()).isEqualTo(8);
        assertThat(copy.packedPages()).isEqualTo(6);
        assertThat(copy.hotPageLimit()).isEqualTo(2);
        m.storeWord(address(0, 3), -1);
        copy.storeWord(address(7, 3), -7);
        assertThat(copy.loadWord(address(0, 3))).isEqualTo(10);
        assertThat(m.loadWord(address(7, 3))).isEqualTo(17);
        assertThat(m.firstDifference(copy)).isEqualTo(address(0, 3));
    }

    @Test
    void comparingAPageWithAPackedOneLeavesItPacked() {
        SparseMemory m = new SparseMemory(SIZE, 1);
        m.storeWord(0x1010, 5);
        m.storeWord(0x2000, 6);
        long[] words = new long[512];
        words[2] = 5;
        assertThat(m.firstDifference(0x1000, words)).isEqualTo(-1);
        words[3] = 1;
        assertThat(m.firstDifference(0x1000, words)).isEqualTo(0x1018);
        assertThat(m.packedPages()).isEqualTo(1);
        assertThat(m.firstDifference(0x8000, new long[512])).isEqualTo(-1);
    }

    @Test
    void sharedPagesCountOnceWithPackedPagesAtTheirPackedSize() {
        SparseMemory m = new SparseMemory(SIZE, 2);
        for (int page = 0; page < 4; page++) {
            m.storeWord(address(page, 0), page + 1);
        }
        PageCount count = new PageCount();
        MemoryImage first = m.image();
        MemoryImage second = m.image();
        count.add(first);
        count.add(second);
        assertThat(count.pages()).isEqualTo(4);
        assertThat(count.bytes()).isGreaterThan(2L * PAGE).isLessThan(3L * PAGE); // 2 hot, 2 small packed
        count.remove(first);
        count.remove(second);
        assertThat(count.pages()).isZero();
        assertThat(count.bytes()).isZero();
    }

    /** Random loads, stores, blocks, images, copies and clears, against a plain array. */
    @ParameterizedTest(name = "hot pages {0}, seed {1}")
    @CsvSource({"1, 1", "2, 2", "3, 3", "7, 4", "1000, 5"})
    void randomAccessesAgreeWithAPlainArray(int hotPages, long seed) {
        int pages = 12;
        long[] model = new long[pages * 512];
        SparseMemory m = new SparseMemory(SIZE, hotPages);
        List<MemoryImage> images = new ArrayList<>();
        List<long[]> imageModels = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(seed);
        for (int step = 0; step < 6_000; step++) {
            int page = random.nextInt(pages);
            int w = random.nextInt(512);
            long a = address(page, w) + (page >= 6 ? SIZE / 2 : 0); // two directory chunks
            int i = page * 512 + w;
            int op = random.nextInt(100);
            long v = random.nextInt(4) == 0 ? 0 : random.nextLong(); // zeros make whole-zero pages likely
            if (op < 35) {
                assertThat(m.loadWord(a)).as("seed %d step %d", seed, step).isEqualTo(model[i]);
            } else if (op < 70) {
                m.storeWord(a, v);
                model[i] = v;
            } else if (op < 80) {
                int b = random.nextInt(256);
                m.storeByte(a + (b & 7), b);
                int shift = (b & 7) * 8;
                model[i] = (model[i] & ~(0xffL << shift)) | ((long) b << shift);
            } else if (op < 88) {
                int first = i & ~7;
                long[] block = new long[8];
                m.readBlock(a & ~63L, block, 0);
                for (int k = 0; k < 8; k++) {
                    assertThat(block[k]).isEqualTo(model[first + k]);
                }
                block[w & 7] = v;
                m.writeBlock(a & ~63L, block, 0);
                model[i] = v;
            } else if (op < 93) {
                images.add(m.image());
                imageModels.add(model.clone());
            } else if (op < 96) {
                SparseMemory copy = random.nextBoolean() ? m.copy() : new SparseMemory(m.image(), hotPages);
                copy.storeWord(a, ~model[i]); // the copy's store must not reach m
                m = random.nextBoolean() ? m : copy;
                if (m == copy) {
                    model[i] = ~model[i];
                }
            } else if (op < 97) {
                m.clear();
                java.util.Arrays.fill(model, 0L);
            } else {
                check(m, model, hotPages, seed);
            }
        }
        check(m, model, hotPages, seed);
        for (int k = 0; k < images.size(); k++) {
            check(new SparseMemory(images.get(k), hotPages), imageModels.get(k), hotPages, seed);
            for (int page = 0; page < pages; page++) {
                long a = address(page, 17) + (page >= 6 ? SIZE / 2 : 0);
                assertThat(images.get(k).loadWord(a)).isEqualTo(imageModels.get(k)[page * 512 + 17]);
            }
        }
    }

    @Test
    void theBudgetComesFromTheSystemPropertyAndABadOneIsNamed() {
        String old = System.getProperty(SparseMemory.HOT_MB_PROPERTY);
        try {
            System.clearProperty(SparseMemory.HOT_MB_PROPERTY);
            assertThat(SparseMemory.defaultHotPages()).isEqualTo(SparseMemory.DEFAULT_HOT_MB * 256);
            System.setProperty(SparseMemory.HOT_MB_PROPERTY, "3");
            assertThat(new SparseMemory(SIZE).hotPageLimit()).isEqualTo(768);
            System.setProperty(SparseMemory.HOT_MB_PROPERTY, "lots");
            assertThatThrownBy(SparseMemory::defaultHotPages)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(SparseMemory.HOT_MB_PROPERTY)
                    .hasMessageContaining("'lots'");
            System.setProperty(SparseMemory.HOT_MB_PROPERTY, "0");
            assertThatThrownBy(SparseMemory::defaultHotPages).isInstanceOf(IllegalArgumentException.class);
        } finally {
            if (old == null) {
                System.clearProperty(SparseMemory.HOT_MB_PROPERTY);
            } else {
                System.setProperty(SparseMemory.HOT_MB_PROPERTY, old);
            }
        }
    }

    private static void check(SparseMemory m, long[] model, int hotPages, long seed) {
        SparseMemory expected = reference(model);
        // pages the model never wrote read as zero either way; compare word by word and by visit
        assertThat(m.firstDifference(expected)).as("seed %d", seed).isEqualTo(-1);
        assertThat(expected.firstDifference(m)).as("seed %d", seed).isEqualTo(-1);
        m.forEachPage((base, words) -> assertThat(expected.firstDifference(base, words)).isEqualTo(-1));
        assertThat(m.pagesInHotSet()).isLessThanOrEqualTo(hotPages);
    }

    /** A memory with every page hot holding {@code model} (pages 6.. in the upper half). */
    private static SparseMemory reference(long[] model) {
        SparseMemory r = new SparseMemory(SIZE, 100_000);
        for (int i = 0; i < model.length; i++) {
            if (model[i] != 0) {
                int page = i / 512;
                r.storeWord(address(page, i % 512) + (page >= 6 && model.length == 12 * 512 ? SIZE / 2 : 0), model[i]);
            }
        }
        return r;
    }

    private static long address(int page, int word) {
        return (long) page * PAGE + 8L * word;
    }
}
