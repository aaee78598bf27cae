package org.fdrsim.cpu.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The limits both machines' loops stop at: 0 is none, the cycle limit is checked first. */
class RunLimitsTest {

    @Test
    void zeroMeansNoLimit() {
        RunLimits none = RunLimits.of(0, 0);
        assertThat(none.reached(Long.MAX_VALUE - 1, Long.MAX_VALUE - 1)).isNull();
    }

    @Test
    void eachLimitStopsAtItsValueAndNotBefore() {
        RunLimits l = RunLimits.of(1_000, 5_000);
        assertThat(l.reached(4_999, 999)).isNull();
        assertThat(l.reached(5_000, 0)).isEqualTo(StopCause.CYCLE_LIMIT);
        assertThat(l.reached(0, 1_000)).isEqualTo(StopCause.INSTRUCTION_LIMIT);
        assertThat(l.reached(5_000, 1_000)).isEqualTo(StopCause.CYCLE_LIMIT);
    }
}
