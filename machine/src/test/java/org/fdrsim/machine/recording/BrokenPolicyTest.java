package org.fdrsim.machine.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.recorder.check.SoundnessChecker;
import org.fdrsim.recorder.policy.FdrPolicy;
import org.fdrsim.recorder.policy.PolicyName;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.race.ArcPolicy;
import org.fdrsim.recorder.session.RecordingSession;
import org.junit.jupiter.api.Test;

/** The checker must reject logs that miss a needed arc: it is a test that can fail. */
class BrokenPolicyTest {
    /** FDR, except that it forgets one arc it would have logged (the {@code victim}-th). */
    static final class DropOneArc implements ArcPolicy {
        private final FdrPolicy fdr;
        private final int victim;
        private final ArcLog kept = new ArcLog();
        private int seen;

        DropOneArc(int agents, int victim) {
            this.fdr = new FdrPolicy(agents);
            this.victim = victim;
        }

        @Override
        public String name() {
            return "drop-one";
        }

        @Override
        public boolean observe(int from, long fromIc, int to, long toIc) {
            if (!fdr.observe(from, fromIc, to, toIc)) {
                return false;
            }
            if (seen++ == victim) {
                return false;
            }
            kept.add(from, fromIc, to, toIc);
            return true;
        }

        @Override
        public ArcLog arcs() {
            return kept;
        }

        @Override
        public void reset() {}
    }

    /** A wrong reduction: one VIC entry for all senders, so ICs of different processors are compared. */
    static final class SharedVic implements ArcPolicy {
        private final ArcLog arcs = new ArcLog();
        private final long[] vic;

        SharedVic(int agents) {
            vic = new long[agents];
        }

        @Override
        public String name() {
            return "shared-vic";
        }

        @Override
        public boolean observe(int from, long fromIc, int to, long toIc) {
            if (from == to || fromIc <= vic[to]) {
                return false;
            }
            vic[to] = fromIc;
            arcs.add(from, fromIc, to, toIc);
            return true;
        }

        @Override
        public ArcLog arcs() {
            return arcs;
        }

        @Override
        public void reset() {}
    }

    @Test
    void droppingAnArcOrSharingTheVicIsCaught() {
        int runs = 40;
        int dropCaught = 0;
        int sharedCaught = 0;
        for (int k = 0; k < runs; k++) {
            long seed = 500 + k;
            DropOneArc drop = new DropOneArc(4, 3);
            SharedVic shared = new SharedVic(4);
            RecordedRun run = RecordedRun.run(RacyProgram.generate(seed, 4, 24, 60),
                    RecordedRun.config(4, seed, false, RecordedRun.TINY), drop, shared);
            RecordingSession r = run.recorder();
            assertThat(SoundnessChecker.check(r.trace(), r.arcs(PolicyName.FDR), 4).sound()).isTrue();
            if (!SoundnessChecker.check(r.trace(), drop.arcs(), 4).sound()) {
                dropCaught++;
            }
            if (!SoundnessChecker.check(r.trace(), shared.arcs(), 4).sound()) {
                sharedCaught++;
            }
            assertThat(SoundnessChecker.check(r.trace(), r.arcs(PolicyName.NONE), 4).sound())
                    .as("logging nothing on a racy run, seed %d", seed).isFalse();
        }
        // Dropping one arc of a reduced log nearly always loses a needed order (the rare
        // exception: an arc only the send observation made, for a conflict that another path covers).
        assertThat(dropCaught).isGreaterThan(runs * 3 / 4);
        assertThat(sharedCaught).isGreaterThan(runs / 2);
        System.out.printf("checker caught drop-one-arc in %d/%d runs, shared-vic in %d/%d%n", dropCaught, runs,
                sharedCaught, runs);
    }

    @Test
    void theFirstDroppedArcOfASpecificExecutionIsNamed() {
        DropOneArc drop = new DropOneArc(4, 0);
        RecordedRun run = RecordedRun.run(RacyProgram.generate(77, 4, 8, 40),
                RecordedRun.config(4, 77, false, List.of()), drop);
        var report = SoundnessChecker.check(run.recorder().trace(), drop.arcs(), 4);
        assertThat(report.sound()).isFalse();
        assertThat(report.firstViolation()).contains("on block 0x");
    }
}
