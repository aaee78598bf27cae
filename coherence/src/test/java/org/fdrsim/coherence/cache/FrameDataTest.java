package org.fdrsim.coherence.cache;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An L2's data pages exist only where frames received blocks, and frames do not overlap. */
class FrameDataTest {
    @Test
    void pagesAreAllocatedOnlyForFramesThatReceiveBlocks() {
        FrameData data = new FrameData(65536);
        assertThat(data.pagesInUse()).isZero();
        data.allocate(5);
        data.allocate(FrameData.PAGE_FRAMES - 1); // same page
        data.allocate(65535);
        assertThat(data.pagesInUse()).isEqualTo(2);
        assertThat(data.page(5)).isSameAs(data.page(FrameData.PAGE_FRAMES - 1));
    }

    @Test
    void everyFrameHasItsOwnEightWords() {
        FrameData data = new FrameData(3 * FrameData.PAGE_FRAMES);
        for (int f = 0; f < 3 * FrameData.PAGE_FRAMES; f++) {
            data.allocate(f);
            for (int w = 0; w < 8; w++) {
                data.page(f)[FrameData.offset(f) + w] = f * 8L + w;
            }
        }
        for (int f = 0; f < 3 * FrameData.PAGE_FRAMES; f++) {
            for (int w = 0; w < 8; w++) {
                assertThat(data.page(f)[FrameData.offset(f) + w]).isEqualTo(f * 8L + w);
            }
        }
    }
}
