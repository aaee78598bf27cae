package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SummaryTest {
    @Test
    void confidenceIntervalMatchesAHandComputedExample() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sum of squares 32, sd = sqrt(32/7) = 2.13809;
        // t(0.975, 7) = 2.364624; half-width = 2.364624 * 2.13809 / sqrt(8) = 1.787495
        Summary s = Summary.of(2, 4, 4, 4, 5, 5, 7, 9);
        assertThat(s.n()).isEqualTo(8);
        assertThat(s.mean()).isEqualTo(5.0);
        assertThat(s.sd()).isCloseTo(2.138090, within(1e-6));
        assertThat(s.ciHalf()).isCloseTo(1.787495, within(1e-5));
        assertThat(s.low()).isCloseTo(3.212505, within(1e-5));
    }

    @Test
    void twoSamplesUseTheWideTInterval() {
        // t(0.975, 1) = 12.7062; sd of {1, 3} = sqrt(2); half = 12.7062 * sqrt(2) / sqrt(2)
        Summary s = Summary.of(1, 3);
        assertThat(s.ciHalf()).isCloseTo(12.7062, within(1e-3));
    }

    @Test
    void oneSampleHasNoInterval() {
        assertThat(Summary.of(42)).isEqualTo(new Summary(1, 42, 0, 0));
        assertThat(Summary.of().n()).isZero();
    }

    @Test
    void overlapIsSymmetricAndDetectsDisjointIntervals() {
        Summary a = new Summary(3, 1.0, 0.1, 0.05);
        Summary b = new Summary(3, 1.2, 0.1, 0.05);
        Summary c = new Summary(3, 1.08, 0.1, 0.05);
        assertThat(a.overlaps(b)).isFalse();
        assertThat(b.overlaps(a)).isFalse();
        assertThat(a.overlaps(c)).isTrue();
        assertThat(c.overlaps(a)).isTrue();
    }
}
