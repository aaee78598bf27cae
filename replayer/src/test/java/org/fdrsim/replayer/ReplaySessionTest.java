package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.program.Code;
import org.fdrsim.recorder.race.Arc;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The steppable replay session: stepping, running to a position and resuming reach the same
 * execution as the run-to-the-end replay; a step moves one agent by one instruction and the
 * others exactly as far as the arcs into it require.
 */
class ReplaySessionTest {
    private static Recording r;

    @BeforeAll
    static void record() {
        r = Recording.record(Recording.randomTester(600),
                Recording.config(4, 5, List.of("checkpoint.intervalCycles=15000")));
        assertThat(r.input().intervals().size()).as("the replay crosses checkpoints").isGreaterThan(1);
    }

    @Test
    void steppingEveryAgentInTurnReachesTheRecordedEnd() {
        ReplaySession s = new ReplaySession(r.input());
        long steps = 0;
        while (!s.ended()) {
            for (int a = 0; a < s.agentCount(); a++) {
                int interval = s.interval();
                long before = s.ic(a);
                if (s.step(a) && s.interval() == interval) {
                    assertThat(s.ic(a)).isEqualTo(before + 1);
                    steps++;
                }
            }
        }
        Verdict v = Verifier.compare(r.input(), s.outcome(0), r.expected());
        assertThat(v.bitExact()).as(v.describe()).isTrue();
        assertThat(s.instructions()).isEqualTo(r.input().loggedInstructions());
        assertThat(steps).isPositive();
        assertThat(s.interval()).isEqualTo(r.input().firstInterval() + r.input().intervals().size() - 1);
    }

    @Test
    void aStepMovesOneProcessorAndItsArcSourcesOnlyAsFarAsTheArcsRequire() {
        ReplaySession s = new ReplaySession(r.input());
        IntervalLog log = r.input().intervals().get(0);
        int cpu = 2;
        long end = log.endIc(cpu);
        assertThat(end).isGreaterThan(100);
        for (int k = 1; k <= end; k++) {
            assertThat(s.step(cpu)).isTrue();
            assertThat(s.ic(cpu)).isEqualTo(k);
            long[] need = required(log, cpu, k);
            for (int a = 0; a < s.agentCount(); a++) {
                assertThat(s.ic(a)).as("agent %d after %d steps of cpu %d", a, k, cpu).isEqualTo(need[a]);
            }
        }
        assertThat(s.ic(0) + s.ic(1) + s.ic(3)).as("the arcs pulled other processors along").isPositive();
    }

    /** The least ICs every agent must reach for agent {@code cpu} to commit {@code ic}: the arcs' closure. */
    private static long[] required(IntervalLog log, int cpu, long ic) {
        long[] need = new long[log.agents()];
        need[cpu] = ic;
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int j = 0; j < need.length; j++) {
                for (Arc e : log.race(j)) {
                    if (e.toIc() <= need[j] && need[e.from()] < e.fromIc()) {
                        need[e.from()] = e.fromIc();
                        moved = true;
                    }
                }
            }
        }
        return need;
    }

    @Test
    void runningToAPositionStopsThereWithTheStateAStepwiseReplayHasThere() {
        ReplaySession stepped = new ReplaySession(r.input());
        for (int k = 0; k < 300; k++) {
            stepped.step(1);
            stepped.step(k % 4);
        }
        ReplayPosition mid = stepped.position();
        ReplaySession s = new ReplaySession(r.input());
        assertThat(s.runTo(mid)).isTrue();
        assertThat(s.position()).isEqualTo(mid);
        for (int c = 0; c < s.cpus(); c++) {
            assertThat(s.snapshot(c)).isEqualTo(stepped.snapshot(c));
        }
        assertThat(s.memory().firstDifference(stepped.memory())).isEqualTo(-1);
        s.resume();
        Verdict v = Verifier.compare(r.input(), s.outcome(0), r.expected());
        assertThat(v.bitExact()).as(v.describe()).isTrue();
    }

    @Test
    void runningToAPositionInALaterIntervalCrossesTheCheckpointsOnTheWay() {
        int second = r.input().firstInterval() + 1;
        long[] ics = new long[r.input().cpus() + r.input().dmaEngines()];
        ics[0] = Math.min(50, r.input().intervals().get(1).endIc(0));
        ReplaySession s = new ReplaySession(r.input());
        s.runTo(new ReplayPosition(second, ics));
        assertThat(s.interval()).isEqualTo(second);
        assertThat(s.ic(0)).isEqualTo(ics[0]);
        assertThatThrownBy(() -> s.runTo(new ReplayPosition(second - 1, ics)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only goes forward");
        s.resume();
        assertThat(Verifier.compare(r.input(), s.outcome(0), r.expected()).bitExact()).isTrue();
    }

    @Test
    void aPositionTheArcsDoNotAllowStopsEveryAgentAtOrBeforeIt() {
        IntervalLog log = r.input().intervals().get(0);
        Arc arc = log.race(0).get(0);
        int source = arc.from();
        long[] ics = new long[log.agents()];
        ics[0] = arc.toIc(); // needs the source at arc.fromIc(), but the target holds it at 0
        ReplaySession s = new ReplaySession(r.input());
        assertThat(s.runTo(new ReplayPosition(r.input().firstInterval(), ics))).isFalse();
        assertThat(s.ic(source)).isZero();
        assertThat(s.ic(0)).isLessThan(arc.toIc());
        assertThat(s.problem()).isNull();
    }

    @Test
    void aListenerSeesTheStoresThatLeaveTheReplayedMemoryAsItEnds() {
        ReplaySession s = new ReplaySession(r.input());
        Map<Long, Long> lastStore = new HashMap<>();
        Map<Long, Boolean> plain = new HashMap<>();
        Code code = r.input().program().code();
        s.setListener(new ProcessorListener() {
            @Override
            public void memoryAccess(int cpu, long ic, int pc, long address, boolean write, long value) {
                if (write) {
                    lastStore.put(address, value);
                    plain.put(address, Opcode.byOrdinal(code.opcodes()[pc]) == Opcode.ST);
                }
            }
        });
        s.resume();
        assertThat(s.problem()).isNull();
        long checked = 0;
        for (Map.Entry<Long, Long> e : lastStore.entrySet()) {
            if (plain.get(e.getKey())) { // an atomic reports the old value
                assertThat(s.loadWord(e.getKey())).as("word 0x%x", e.getKey()).isEqualTo(e.getValue());
                checked++;
            }
        }
        assertThat(checked).isPositive();
    }
}
