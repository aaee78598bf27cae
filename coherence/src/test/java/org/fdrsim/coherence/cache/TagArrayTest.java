package org.fdrsim.coherence.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class TagArrayTest {
    /** Blocks 0, 2*64, 4*64 ... map to set 0 of a 2-set array. */
    private static long set0(int i) {
        return i * 128L;
    }

    @Test
    void lookupInstallInvalidate() {
        TagArray tags = new TagArray(2, 2);
        assertThat(tags.lookup(set0(1))).isEqualTo(-1);
        int f = tags.victim(set0(1));
        tags.install(f, set0(1));
        assertThat(tags.lookup(set0(1))).isEqualTo(f);
        assertThat(tags.blockAt(f)).isEqualTo(set0(1));
        assertThat(tags.lookup(64)).as("other set").isEqualTo(-1);
        tags.invalidateBlock(set0(1));
        assertThat(tags.lookup(set0(1))).isEqualTo(-1);
        assertThat(tags.isValid(f)).isFalse();
    }

    /** {@code lookup} remembers the block it last found: replacing that block's frame must forget it. */
    @Test
    void replacingTheLastFoundBlockForgetsIt() {
        TagArray tags = new TagArray(2, 1);
        int f = tags.victim(set0(1));
        tags.install(f, set0(1));
        assertThat(tags.lookup(set0(1))).isEqualTo(f);
        tags.install(tags.victim(set0(2)), set0(2)); // one way: set0(2) takes set0(1)'s frame
        assertThat(tags.lookup(set0(1))).isEqualTo(-1);
        assertThat(tags.lookup(set0(2))).isEqualTo(f);
    }

    /** A set count that is not a power of two indexes by remainder, not by mask. */
    @Test
    void setsThatAreNotAPowerOfTwo() {
        TagArray tags = new TagArray(3, 1);
        for (int i = 0; i < 3; i++) {
            tags.install(tags.victim(i * 64L), i * 64L);
        }
        for (int i = 0; i < 3; i++) {
            assertThat(tags.blockAt(tags.lookup(i * 64L))).isEqualTo(i * 64L);
        }
        assertThat(tags.victim(3 * 64L)).as("block 3 maps to set 0").isEqualTo(tags.lookup(0));
    }

    @Test
    void victimIsInvalidFrameFirstThenLeastRecentlyUsed() {
        TagArray tags = new TagArray(2, 4);
        for (int i = 0; i < 4; i++) {
            tags.install(tags.victim(set0(i)), set0(i));
        }
        // All four ways of set 0 hold blocks 0..3, used in order 0,1,2,3. Touch 0 and 2.
        tags.touch(tags.lookup(set0(0)));
        tags.touch(tags.lookup(set0(2)));
        assertThat(tags.blockAt(tags.victim(set0(9)))).isEqualTo(set0(1));
        tags.install(tags.victim(set0(9)), set0(9));
        assertThat(tags.blockAt(tags.victim(set0(10)))).isEqualTo(set0(3));
        // An invalid way is preferred over any LRU way.
        tags.invalidateBlock(set0(2));
        assertThat(tags.isValid(tags.victim(set0(11)))).isFalse();
        // Set 1 is untouched by all of this.
        assertThat(tags.isValid(tags.victim(64))).isFalse();
    }

    /**
     * Pages of 256 sets are made only when a block is installed in one of their sets: a 4 MB
     * L2 that holds three blocks in two pages has made those two.
     */
    @Test
    void makesPagesOnlyForTheSetsItUses() {
        TagArray tags = new TagArray(16384, 4);
        assertThat(tags.pagesMade()).isZero();
        assertThat(tags.lookup(0)).isEqualTo(-1);
        assertThat(tags.isValid(tags.victim(0))).isFalse();
        assertThat(tags.blockAt(65535)).isEqualTo(-1);
        assertThat(tags.pagesMade()).as("lookups, victims and reads make none").isZero();
        tags.install(tags.victim(0), 0);
        tags.install(tags.victim(64), 64); // set 1: the same page
        tags.install(tags.victim(300 * 64L), 300 * 64L); // set 300: page 1
        assertThat(tags.pagesMade()).isEqualTo(2);
        tags.invalidate(tags.victim(9000 * 64L)); // an invalid frame of a page not made
        assertThat(tags.pagesMade()).isEqualTo(2);
    }

    /**
     * Random installs, touches, invalidations and lookups give the same frames, victims and
     * blocks as a flat reference model of the same cache (one tag and one stamp per frame),
     * whatever the geometry: pages of a power-of-two size and not, fewer sets than a page,
     * sets that are not a power of two.
     */
    @ParameterizedTest
    @CsvSource({"16384, 4", "512, 4", "300, 3", "100, 5", "3, 2", "1024, 1", "700, 8"})
    void behavesAsAFlatArray(int sets, int ways) {
        TagArray tags = new TagArray(sets, ways);
        long[] modelTags = new long[sets * ways];
        long[] modelUse = new long[sets * ways];
        java.util.Arrays.fill(modelTags, -1);
        long clock = 1;
        SplittableRandom random = new SplittableRandom(sets * 31L + ways);
        for (int step = 0; step < 200_000; step++) {
            long block = random.nextInt(sets * ways * 3) * 64L;
            int base = (int) Long.remainderUnsigned(block >>> 6, sets) * ways;
            int found = -1;
            for (int f = base; f < base + ways; f++) {
                if (modelTags[f] == block) {
                    found = f;
                }
            }
            assertThat(tags.lookup(block)).isEqualTo(found);
            switch (random.nextInt(3)) {
                case 0 -> { // touch, or install on a miss
                    if (found >= 0) {
                        tags.touch(found);
                        if (modelUse[found] != clock) {
                            modelUse[found] = ++clock;
                        }
                    } else {
                        int victim = base;
                        for (int f = base; f < base + ways; f++) {
                            if (modelTags[f] == -1) {
                                victim = f;
                                break;
                            }
                            if (modelUse[f] < modelUse[victim]) {
                                victim = f;
                            }
                        }
                        assertThat(tags.victim(block)).isEqualTo(victim);
                        tags.install(victim, block);
                        modelTags[victim] = block;
                        modelUse[victim] = ++clock;
                    }
                }
                case 1 -> { // invalidate
                    tags.invalidateBlock(block);
                    if (found >= 0) {
                        modelTags[found] = -1;
                        modelUse[found] = 0;
                    }
                }
                default -> { // read a random frame
                    int f = random.nextInt(sets * ways);
                    assertThat(tags.blockAt(f)).isEqualTo(modelTags[f]);
                    assertThat(tags.isValid(f)).isEqualTo(modelTags[f] != -1);
                }
            }
        }
    }

    @Test
    void geometryValidatesAndCountsSets() {
        CacheGeometry fdr1L2 = new CacheGeometry(4 * 1024 * 1024, 4, 12);
        assertThat(fdr1L2.sets()).isEqualTo(16384);
        assertThat(fdr1L2.frames()).isEqualTo(65536);
        assertThatThrownBy(() -> new CacheGeometry(100, 4, 0)).hasMessageContaining("multiple of ways * 64");
        assertThatThrownBy(() -> new CacheGeometry(256, 0, 0)).hasMessageContaining("ways must be positive");
    }

    @Test
    void writebackBufferRecyclesEntries() {
        WritebackBuffer wb = new WritebackBuffer();
        long[] words = {1, 2, 3, 4, 5, 6, 7, 8};
        for (int i = 0; i < 10; i++) {
            wb.add(i * 64L, (byte) 3, words, 0);
        }
        assertThat(wb.size()).isEqualTo(10);
        int e = wb.find(5 * 64L);
        assertThat(wb.data()[e * 8 + 7]).isEqualTo(8);
        wb.remove(e);
        assertThat(wb.find(5 * 64L)).isEqualTo(-1);
        assertThat(wb.size()).isEqualTo(9);
    }
}
