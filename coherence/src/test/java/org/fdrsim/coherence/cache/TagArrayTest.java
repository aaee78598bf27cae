package org.fdrsim.coherence.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
