package org.fdrsim.recorder.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.fdrsim.recorder.check.SoundnessChecker;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.trace.AccessTrace;
import org.junit.jupiter.api.Test;

class NetzerReductionTest {
    @Test
    void keepsOnlyArcsNotImpliedByProgramOrderAndEarlierArcs() {
        // 0 stores A then B; 1 loads B then A: B's arc 0:2 -> 1:1 implies A's 0:1 -> 1:2.
        AccessTrace t = new AccessTrace();
        t.record(0, 1, 0x000, true);
        t.record(0, 2, 0x040, true);
        t.record(1, 1, 0x040, false);
        t.record(1, 2, 0x000, false);
        ArcLog arcs = NetzerReduction.reduce(t, 2);
        assertThat(arcs.size()).isEqualTo(1);
        assertThat(arcs.line(0)).isEqualTo("0:2 -> 1:1");
        assertThat(SoundnessChecker.check(t, arcs, 2).sound()).isTrue();
    }

    @Test
    void anArcImpliedThroughAThirdProcessorIsDropped() {
        // a<b, b<c, a<c: only a<b and b<c are kept.
        AccessTrace t = new AccessTrace();
        t.record(0, 1, 0x000, true); // a
        t.record(1, 1, 0x000, true); // b (conflicts with a)
        t.record(2, 1, 0x000, true); // c (conflicts with b; a<c implied)
        ArcLog arcs = NetzerReduction.reduce(t, 3);
        assertThat(arcs.size()).isEqualTo(2);
        assertThat(arcs.line(0)).isEqualTo("0:1 -> 1:1");
        assertThat(arcs.line(1)).isEqualTo("1:1 -> 2:1");
    }

    @Test
    void aStoreAfterSeveralLoadsNeedsAnArcFromEach() {
        AccessTrace t = new AccessTrace();
        t.record(1, 1, 0x000, false);
        t.record(2, 1, 0x000, false);
        t.record(0, 1, 0x000, true);
        assertThat(NetzerReduction.reduce(t, 3).size()).isEqualTo(2);
    }
}
