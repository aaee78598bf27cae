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
        ArcLog arcs = t.netzer().arcs();
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
        ArcLog arcs = t.netzer().arcs();
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
        assertThat(t.netzer().arcs().size()).isEqualTo(2);
    }

    @Test
    void anArcStartsAtTheSourcesCurrentIcAndCoversItsLaterAccessesToo() {
        // 0 stores A (1), computes (2, 3), stores B (4); 1 loads A: the arc starts at 0's current
        // IC, so 1's later load of B needs no arc of its own (one arc where exact sources need two).
        AccessTrace t = new AccessTrace();
        long[] ic0 = {0};
        t.setCurrentIc(agent -> agent == 0 ? ic0[0] : -1);
        t.record(0, 1, 0x000, true);
        ic0[0] = 4;
        t.record(0, 4, 0x040, true);
        ic0[0] = 5; // an ALU instruction after the store
        t.record(1, 1, 0x000, false);
        t.record(1, 2, 0x040, false);
        ArcLog arcs = t.netzer().arcs();
        assertThat(arcs.size()).isEqualTo(1);
        assertThat(arcs.line(0)).isEqualTo("0:5 -> 1:1");
        assertThat(SoundnessChecker.check(t, arcs, 2).sound()).isTrue();
    }

    @Test
    void requirementsThatCoverEachOtherKeepOneArcNotNone() {
        AccessTrace t = new AccessTrace();
        t.record(1, 1, 0x000, false); // loads X
        t.record(2, 1, 0x000, false); // loads X
        t.record(1, 2, 0x040, true); // stores Y
        t.record(2, 2, 0x040, false); // loads Y: 1:2 -> 2:2
        t.record(2, 3, 0x080, true); // stores Z
        t.record(1, 3, 0x080, false); // loads Z: 2:3 -> 1:3
        t.record(0, 1, 0x000, true); // stores X: 1 knows 2:1 and 2 knows 1:1, one arc orders both loads
        ArcLog arcs = t.netzer().arcs();
        assertThat(arcs.size()).isEqualTo(3);
        assertThat(arcs.line(2)).isEqualTo("1:3 -> 0:1");
        assertThat(SoundnessChecker.check(t, arcs, 3).sound()).isTrue();
    }

    @Test
    void aCheckpointClearStartsAfresh() {
        AccessTrace t = new AccessTrace();
        t.record(0, 1, 0x000, true);
        t.record(1, 1, 0x000, true);
        assertThat(t.netzer().arcs().size()).isEqualTo(1);
        t.clear();
        t.record(1, 1, 0x000, true);
        assertThat(t.netzer().arcs().size()).isZero();
    }
}
