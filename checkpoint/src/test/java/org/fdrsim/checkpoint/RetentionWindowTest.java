package org.fdrsim.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RetentionWindowTest {
    @Test
    void fdr1PolicyKeepsBetweenOneAndFourThirdsOfASecond() {
        long third = 333_333_333L;
        RetentionWindow<Long> w = new RetentionWindow<>(4, 1_000_000_000L, c -> c);
        for (int k = 0; k <= 3; k++) {
            assertThat(w.add(k * third, k * third)).isEmpty();
        }
        // the fifth checkpoint: over the cap, and the second-oldest (1/3 s) is now 1 s old
        assertThat(w.add(4 * third, 4 * third + 3)).containsExactly(0L);
        assertThat(w.checkpoints()).containsExactly(third, 2 * third, 3 * third, 4 * third);
    }

    @Test
    void oldestDroppedOnceTheSecondOldestReachesTheTarget() {
        RetentionWindow<Long> w = new RetentionWindow<>(10, 1000, c -> c);
        w.add(0L, 0);
        w.add(400L, 400);
        w.add(800L, 800);
        assertThat(w.apply(1399)).isEmpty(); // second-oldest is 999 cycles old
        assertThat(w.apply(1400)).containsExactly(0L);
        assertThat(w.apply(1800)).containsExactly(400L);
        assertThat(w.checkpoints()).containsExactly(800L); // the newest is never dropped
        assertThat(w.apply(1_000_000)).isEmpty();
    }

    @Test
    void dropOldestNeverDropsTheLastOne() {
        RetentionWindow<Long> w = new RetentionWindow<>(4, 1000, c -> c);
        w.add(5L, 5);
        assertThat(w.dropOldest()).isNull();
        w.add(6L, 6);
        assertThat(w.dropOldest()).isEqualTo(5L);
        assertThat(w.checkpoints()).isEqualTo(List.of(6L));
    }
}
