package org.fdrsim.machine.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.recorder.check.SoundnessChecker;
import org.fdrsim.recorder.check.SoundnessReport;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.policy.PolicyName;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.session.RecordingSession;
import org.junit.jupiter.api.Test;

/**
 * The acceptance test of the race recorder: on many random racy executions (tiny caches, so
 * replacements, writebacks and stale acks happen all the time; and default caches), the logs
 * of fdr, all-arcs and fdr with 16-bit CICs order every conflicting pair (checked directly by
 * the soundness checker), netzer <= fdr <= all-arcs, and logging nothing is caught as unsound.
 * Scale with -Dfdrsim.test.scale (the stress profile sets 10).
 */
class RecorderSoundnessTest {
    private static final int SCALE = Integer.getInteger("fdrsim.test.scale", 1);

    private record Totals(long executions, long pairs, long fdrArcs, long allArcs, long netzerArcs) {}

    private static Totals sweep(int runs, long seedBase, boolean cic16, List<String> caches, int blocks, int ops) {
        long pairs = 0;
        long fdr = 0;
        long all = 0;
        long netzer = 0;
        for (int k = 0; k < runs; k++) {
            long seed = seedBase + k;
            int cpus = 2 + (int) (seed % 3); // 2, 3 or 4 processors
            RecordedRun run = RecordedRun.run(RacyProgram.generate(seed, cpus, blocks, ops),
                    RecordedRun.config(cpus, seed, cic16, caches));
            assertThat(run.result().cause()).as("seed %d", seed).isEqualTo(StopCause.ALL_HALTED);
            RecordingSession r = run.recorder();
            // fdr's log as it goes into the dump (the recorder's own policy); all-arcs is only observed.
            List<CheckpointState> stored = run.dump().checkpoints();
            assertThat(stored).hasSize(1);
            assertThat(SoundnessChecker.storedArcs(stored.get(0), cpus).size()).isEqualTo(r.arcs(PolicyName.FDR).size());
            for (PolicyName p : List.of(PolicyName.FDR, PolicyName.ALL_ARCS)) {
                SoundnessReport report = p == PolicyName.FDR ? SoundnessChecker.check(r.trace(), stored.get(0), cpus)
                        : SoundnessChecker.check(r.trace(), r.arcs(p), cpus);
                assertThat(report.sound()).as("%s, seed %d, cic16 %s: %s", p, seed, cic16, report).isTrue();
                pairs += report.pairsChecked();
            }
            ArcLog reduced = r.trace().netzer().arcs();
            SoundnessReport nr = SoundnessChecker.check(r.trace(), reduced, cpus);
            assertThat(nr.sound()).as("netzer, seed %d, cic16 %s: %s", seed, cic16, nr).isTrue();
            int f = r.arcs(PolicyName.FDR).size();
            int a = r.arcs(PolicyName.ALL_ARCS).size();
            // Per execution, not only over the sweep (docs/recorder.md, "The netzer reference").
            assertThat(reduced.size()).as("netzer <= fdr, seed %d, cic16 %s", seed, cic16).isLessThanOrEqualTo(f);
            assertThat(f).as("fdr <= all-arcs, seed %d", seed).isLessThanOrEqualTo(a);
            fdr += f;
            all += a;
            netzer += reduced.size();
        }
        return new Totals(runs, pairs, fdr, all, netzer);
    }

    @Test
    void fdrAndAllArcsAreSoundWithTinyCaches() {
        Totals t = sweep(300 * SCALE, 1_000, false, RecordedRun.TINY, 24, 60);
        assertThat(t.pairs()).isPositive();
        assertThat(t.netzerArcs()).isLessThanOrEqualTo(t.fdrArcs());
        assertThat(t.fdrArcs()).isLessThan(t.allArcs());
    }

    @Test
    void fdrAndAllArcsAreSoundWithDefaultCaches() {
        Totals t = sweep(200 * SCALE, 2_000, false, List.of(), 6, 60);
        assertThat(t.pairs()).isPositive();
        assertThat(t.netzerArcs()).isLessThanOrEqualTo(t.fdrArcs());
    }

    @Test
    void cic16IsSoundWithTinyAndDefaultCaches() {
        Totals tiny = sweep(300 * SCALE, 3_000, true, RecordedRun.TINY, 24, 60);
        Totals big = sweep(200 * SCALE, 4_000, true, List.of(), 6, 60);
        assertThat(tiny.pairs() + big.pairs()).isPositive();
    }
}
