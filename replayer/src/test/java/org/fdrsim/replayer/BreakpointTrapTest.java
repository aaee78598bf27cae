package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fdrsim.replayer.debug.DebugSession;
import org.fdrsim.replayer.debug.StopEvent;
import org.fdrsim.replayer.debug.StopReason;
import org.junit.jupiter.api.Test;

/**
 * PC breakpoints patched into the debugger's copy of the code (a full-speed replay that stops
 * at a trap) against the stepping debugger (one instruction per agent at a time, pc compared
 * after each; forced here by a watchpoint whose condition never holds).
 */
class BreakpointTrapTest {
    record Case(String name, Recording recording, List<String[]> breaks) {}

    private static List<Case> cases() {
        return List.of(
                new Case("racy-counter", Recording.record(Recording.example("racy-counter.s"), Recording.config(2, 3, List.of())),
                        List.<String[]>of(new String[] {"loop", "-1", null})),
                new Case("spin-lock", Recording.record(Recording.example("spin-lock.s"), Recording.config(3, 1, List.of())),
                        List.<String[]>of(new String[] {"acquire", "-1", "r3 < 400"}, new String[] {"done", "-1", null})),
                new Case("random-tester", Recording.record(Recording.randomTester(200),
                        Recording.config(4, 5, List.of("checkpoint.intervalCycles=15000"))),
                        List.<String[]>of(new String[] {"do_store", "-1", null}, new String[] {"do_swap", "2", null},
                                new String[] {"fold", "1", "r9 > 100"})));
    }

    private static DebugSession session(Case c, boolean stepping) {
        DebugSession d = new DebugSession(c.recording().input(), () -> ReplayProbe.NONE);
        for (String[] b : c.breaks()) {
            d.addBreakpoint(b[0], Integer.parseInt(b[1]), b[2]);
        }
        if (stepping) {
            d.addWatchpoint("arrived", "0"); // a conditional watchpoint: the stepping path; never stops
        }
        return d;
    }

    /** Continue to the end: each processor's hits (interval, IC, pc, breakpoint, its state), in order. */
    private static Map<Integer, List<String>> hitsByCpu(DebugSession d, List<ReplayPosition> cuts) {
        Map<Integer, List<String>> out = new TreeMap<>();
        StopEvent e;
        while ((e = d.cont()).reason() == StopReason.BREAKPOINT) {
            int cpu = e.where().cpu();
            assertThat(d.position().ic(cpu)).isEqualTo(e.where().ic());
            out.computeIfAbsent(cpu, k -> new ArrayList<>()).add(d.position().interval() + " " + e.where().ic() + " "
                    + e.where().pc() + " #" + e.number() + " " + d.snapshot(cpu));
            if (cuts != null) {
                cuts.add(d.position());
            }
        }
        assertThat(e.reason()).isEqualTo(StopReason.END);
        return out;
    }

    @Test
    void continueStopsAtTheSameHitsOfEachProcessorAsSteppingAndCountsThem() {
        for (Case c : cases()) {
            DebugSession fast = session(c, false);
            DebugSession stepping = session(c, true);
            Map<Integer, List<String>> a = hitsByCpu(fast, null);
            Map<Integer, List<String>> b = hitsByCpu(stepping, null);
            assertThat(a).as(c.name()).isNotEmpty().isEqualTo(b);
            for (int i = 0; i < c.breaks().size(); i++) {
                assertThat(fast.breakpoints().get(i).hits()).as(c.name() + " breakpoint " + (i + 1))
                        .isPositive().isEqualTo(stepping.breakpoints().get(i).hits());
            }
        }
    }

    @Test
    void reverseContinueRetracesTheStopsOfContinue() {
        for (Case c : cases()) {
            DebugSession d = session(c, false);
            List<ReplayPosition> cuts = new ArrayList<>();
            hitsByCpu(d, cuts);
            assertThat(cuts.size()).as(c.name()).isGreaterThan(3);
            // from the last stop back over the last few ones, then forward again
            int from = cuts.size() - 1;
            d.goTo(cuts.get(from));
            for (int k = from - 1; k >= Math.max(0, from - 25); k--) {
                StopEvent e = d.reverseContinue();
                assertThat(e.reason()).as(c.name() + " back to stop " + k).isEqualTo(StopReason.BREAKPOINT);
                assertThat(d.position()).as(c.name() + " back to stop " + k).isEqualTo(cuts.get(k));
            }
            StopEvent e = d.cont();
            assertThat(e.reason()).isEqualTo(StopReason.BREAKPOINT);
        }
    }

    @Test
    void reverseContinueFromAPlaceContinueDoesNotStopAtFindsTheLastHitInsideIt() {
        Case c = cases().get(2);
        DebugSession d = session(c, false);
        d.goTo(2, 300);
        d.goTo(0, 250);
        ReplayPosition now = d.position();
        for (int i = 0; i < 5; i++) {
            ReplayPosition before = d.position();
            StopEvent e = d.reverseContinue();
            assertThat(e.reason()).isEqualTo(StopReason.BREAKPOINT);
            int cpu = e.where().cpu();
            ReplayPosition at = d.position();
            assertThat(at.interval()).isEqualTo(now.interval());
            assertThat(at.ic(cpu)).as("the hitting cpu went back").isLessThan(before.ic(cpu));
            for (int a = 0; a < at.agents(); a++) {
                assertThat(at.ic(a)).isLessThanOrEqualTo(before.ic(a));
            }
            assertThat(e.where().symbol()).isIn("do_store", "do_swap", "fold");
        }
    }

    @Test
    void reverseContinueBeforeTheFirstHitReachesTheStart() {
        Case c = cases().get(0);
        DebugSession d = session(c, false);
        d.cont();
        assertThat(d.reverseContinue().reason()).isEqualTo(StopReason.REACHED_START);
        assertThat(d.position().ic(0)).isZero();
    }

    @Test
    void anInterruptStopsTheRunningContinueOnceAtAConsistentCut() {
        Case c = cases().get(2);
        DebugSession d = new DebugSession(c.recording().input(), () -> ReplayProbe.NONE);
        d.addBreakpoint("done", 3, "r0 == 1"); // never holds: a whole replay of trap checks
        d.interrupt();
        StopEvent e = d.cont();
        assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED);
        assertThat(e.describe()).startsWith("interrupted\n");
        assertThat(d.ended()).isFalse();
        assertThat(d.cont().reason()).as("the interrupt is used up").isEqualTo(StopReason.END);
    }
}
