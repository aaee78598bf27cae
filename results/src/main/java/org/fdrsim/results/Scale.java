package org.fdrsim.results;

import java.util.List;
import java.util.Locale;
import org.fdrsim.workloads.CommercialWorkload;

/**
 * How big an experiment is: the work each proxy does and the checkpoint interval. The paper
 * checkpoints every 333,333,333 cycles (1/3 s) and runs each workload for 3 checkpoints; that
 * is ~10^9 cycles a run, hours of simulation per run here, so the default scale shrinks both
 * the interval and the work (docs/experiments.md says what that changes). The replay-interval
 * target stays 3 intervals and 4 checkpoints are kept, as in FDR1.
 */
public enum Scale {
    /** For tests: a few hundred thousand instructions a run. */
    TINY(new long[] {24, 20, 16, 12}, 500_000L, 300_000L),
    /** `fdr experiment paper` by default: several million instructions a run, a checkpoint every 2M cycles (0.5 ms). */
    DEFAULT(new long[] {120, 600, 256, 192}, 2_000_000L, 1_000_000L),
    /** The paper's intervals (1/3 s) and enough work for about three checkpoints per run. */
    PAPER(new long[] {6_000, 30_000, 12_800, 9_600}, 333_333_333L, 0L);

    private final long[] work;
    private final long intervalCycles;
    private final long reductionInstructions;

    Scale(long[] work, long intervalCycles, long reductionInstructions) {
        this.work = work;
        this.intervalCycles = intervalCycles;
        this.reductionInstructions = reductionInstructions;
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Scale parse(String s) {
        for (Scale x : values()) {
            if (x.key().equals(s == null ? "" : s.toLowerCase(Locale.ROOT))) {
                return x;
            }
        }
        throw new IllegalArgumentException("unknown scale '" + s + "', expected tiny, default or paper");
    }

    /** The work of {@code w} at this scale (its scale constant: transactions or requests). */
    public long work(CommercialWorkload w) {
        return work[w.ordinal()];
    }

    public long intervalCycles() {
        return intervalCycles;
    }

    /**
     * Instructions of the traced run behind the race-arc reduction table (Netzer's offline
     * reduction keeps the whole trace in memory); 0 = the whole run.
     */
    public long reductionInstructions() {
        return reductionInstructions;
    }

    /** The checkpoint settings of this scale, as {@code path=value}. */
    public List<String> settings() {
        return List.of("checkpoint.intervalCycles=" + intervalCycles,
                "checkpoint.replayIntervalTargetCycles=" + 3 * intervalCycles);
    }
}
