package org.fdrsim.cpu.mem;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The hot set's ring hands pages back first in, first out, across growth and wrap-around. */
class HotPagesTest {
    @Test
    void pagesLeaveInTheOrderTheyCameInWhileTheRingGrowsAndWraps() {
        HotPages ring = new HotPages(200);
        long next = 0;
        long expected = 0;
        for (int round = 0; round < 50; round++) {
            while (!ring.full()) {
                ring.add(next++);
            }
            for (int k = 0; k < 1 + round % 7; k++) {
                assertThat(ring.removeOldest()).isEqualTo(expected++);
            }
        }
        assertThat(ring.size()).isEqualTo(200 - (1 + 49 % 7));
        while (ring.size() > 0) {
            assertThat(ring.removeOldest()).isEqualTo(expected++);
        }
        assertThat(expected).isEqualTo(next);
    }

    @Test
    void growingAWrappedRingKeepsItsOrder() {
        HotPages ring = new HotPages(1000);
        for (long p = 0; p < 50; p++) {
            ring.add(p);
        }
        for (long p = 0; p < 30; p++) {
            assertThat(ring.removeOldest()).isEqualTo(p);
        }
        for (long p = 50; p < 150; p++) { // wraps the first 64 slots, then grows twice
            ring.add(p);
        }
        for (long p = 30; p < 150; p++) {
            assertThat(ring.removeOldest()).isEqualTo(p);
        }
        assertThat(ring.size()).isZero();
    }
}
