package org.fdrsim.coherence.cache;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Per-frame longs read as a flat array would, while pages are made only where frames are written. */
class FrameLongsTest {
    @Test
    void readsAsAFlatArrayAndMakesPagesOnWrite() {
        FrameLongs longs = new FrameLongs(65536);
        assertThat(longs.get(0)).isZero();
        assertThat(longs.get(65535)).isZero();
        assertThat(longs.pagesMade()).isZero();
        longs.set(5, 7);
        longs.set(1023, 8); // the same page
        longs.set(40_000, 9);
        assertThat(longs.pagesMade()).isEqualTo(2);
        assertThat(longs.get(5)).isEqualTo(7);
        assertThat(longs.get(1023)).isEqualTo(8);
        assertThat(longs.get(1024)).isZero();
        assertThat(longs.get(40_000)).isEqualTo(9);
    }

    /** After a fill, every frame holds the value: in pages made before, in pages made after, and in pages never made. */
    @Test
    void fillReachesEveryFrame() {
        FrameLongs longs = new FrameLongs(3000); // the last page is partly past the end
        longs.set(10, 1);
        longs.fill(42);
        assertThat(longs.get(10)).isEqualTo(42);
        assertThat(longs.get(11)).isEqualTo(42);
        assertThat(longs.get(2999)).isEqualTo(42);
        assertThat(longs.pagesMade()).isEqualTo(1);
        longs.set(2048, 5); // a page made after the fill holds the fill elsewhere
        assertThat(longs.get(2048)).isEqualTo(5);
        assertThat(longs.get(2049)).isEqualTo(42);
        longs.fill(0);
        assertThat(longs.get(2049)).isZero();
        assertThat(longs.get(1500)).isZero();
    }
}
