package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.fdrsim.replayer.debug.DebugException;
import org.fdrsim.replayer.debug.DebugSession;
import org.fdrsim.replayer.debug.StopEvent;
import org.fdrsim.replayer.debug.StopReason;
import org.junit.jupiter.api.Test;

/** {@code goto C:IC@K} and {@code goto start}: positions in any interval, forward and back, the same state either way. */
class GotoAcrossIntervalsTest {
    @Test
    void gotoAnIntervalForwardAndBackReachesTheSameStateAsSteppingThere() {
        Recording r = Recording.record(Recording.randomTester(200), Recording.config(4, 5, List.of("checkpoint.intervalCycles=15000")));
        DebugSession d = new DebugSession(r.input(), () -> ReplayProbe.NONE);
        int first = d.firstInterval();
        int last = first + r.input().intervals().size() - 1;
        assertThat(last - first).as("several intervals").isGreaterThanOrEqualTo(3);
        int k = first + (last - first) / 2;

        // the reference: step processor 1 through the intervals to IC 40 of interval k
        DebugSession stepping = new DebugSession(r.input(), () -> ReplayProbe.NONE);
        stepping.setFocus(1);
        while (stepping.position().interval() < k) {
            stepping.stepi(1);
        }
        stepping.goTo(1, 40);
        ReplayPosition x = stepping.position();
        assertThat(x.interval()).isEqualTo(k);
        assertThat(x.ic(1)).isEqualTo(40);

        StopEvent e = d.goTo(1, 40, k); // forward across intervals
        assertThat(e.reason()).isEqualTo(StopReason.GOTO);
        assertThat(d.position()).isEqualTo(x);
        assertThat(d.stateHash()).isEqualTo(stepping.stateHash());
        assertThat(e.describe()).startsWith("cpu 1 ic 40 pc ");
        assertThat(e.where().interval()).isEqualTo(k);

        d.goTo(2, 10, last); // on, then back to k by re-execution
        assertThat(d.position().interval()).isEqualTo(last);
        d.goTo(1, 40, k);
        assertThat(d.position()).isEqualTo(x);
        assertThat(d.stateHash()).isEqualTo(stepping.stateHash());

        StopEvent start = d.goToStart();
        assertThat(start.where().line()).startsWith("cpu 1 ic 0 pc ");
        assertThat(start.where().interval()).isEqualTo(first);
        assertThat(d.position()).isEqualTo(new ReplayPosition(first, new long[d.agentCount()]));
        assertThat(d.goToStart().reason()).isEqualTo(StopReason.GOTO);

        assertThatThrownBy(() -> d.goTo(0, 5, last + 1)).isInstanceOf(DebugException.class)
                .hasMessage("no interval " + (last + 1) + ": the replay has intervals " + first + ".." + last);
    }
}
