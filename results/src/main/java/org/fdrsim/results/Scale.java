package org.fdrsim.results;

import java.util.List;
import java.util.Locale;
import org.fdrsim.workloads.CommercialWorkload;
import org.fdrsim.workloads.WorkloadRegistry;

/**
 * How big an experiment is: the work each proxy does and the checkpoint settings. The paper
 * (section 7) warms each workload up and then runs it for 3 checkpoint intervals of 1/3 s
 * (333,333,333 cycles of its 1 GHz system clock); {@link #PAPER} does exactly that, with
 * each proxy's work sized so that a run without FDR lasts the warm-up plus about 1 simulated
 * second (a recorded paper-scale run takes tens of seconds to a few minutes on one host
 * core; docs/experiments.md has the measured figures). The smaller scales shrink the
 * interval and the work (docs/experiments.md says what that changes); their replay-interval
 * target is 3 intervals, and 4 checkpoints are kept, as in FDR1.
 */
public enum Scale {
    /** For tests: a few hundred thousand instructions a run. */
    TINY(new long[] {24, 20, 16, 12}, "125 us", "375 us", "off", 300_000L),
    /** `fdr experiment paper` by default: several million instructions a run, a checkpoint every 0.5 ms. */
    DEFAULT(new long[] {120, 600, 256, 192}, "0.5 ms", "1.5 ms", "off", 1_000_000L),
    /** FDR1: 100 ms of warm-up, then checkpoints every 1/3 s with a 1 s replay-interval target, runs of ~1.1 s. */
    PAPER(new long[] {100_000, 405_000, 250_000, 191_000}, "1/3 s", "1 s", "100 ms", 0L);

    private final long[] work;
    private final String interval;
    private final String replayIntervalTarget;
    private final String warmup;
    private final long reductionInstructions;

    Scale(long[] work, String interval, String replayIntervalTarget, String warmup, long reductionInstructions) {
        this.work = work;
        this.interval = interval;
        this.replayIntervalTarget = replayIntervalTarget;
        this.warmup = warmup;
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

    /** The default work of scalable workload {@code name} at this scale (transactions, requests, iterations). */
    public long work(String name) {
        WorkloadRegistry.checkScalable(name);
        if (name.equals(WorkloadRegistry.RANDOM_TESTER)) {
            return switch (this) {
                case TINY -> 500;
                case DEFAULT -> 20_000;
                case PAPER -> 2_000_000;
            };
        }
        return work(CommercialWorkload.parse(name));
    }

    /** The work of {@code w} at this scale (its scale constant: transactions or requests). */
    public long work(CommercialWorkload w) {
        return work[w.ordinal()];
    }

    /** The checkpoint interval, with its unit. */
    public String interval() {
        return interval;
    }

    /**
     * Instructions of the traced run behind the race-arc reduction table (the small scales
     * keep the whole access trace for it); 0 = the whole run (counted online, nothing kept).
     */
    public long reductionInstructions() {
        return reductionInstructions;
    }

    /** The checkpoint settings of this scale, as {@code path=value}. */
    public List<String> settings() {
        return List.of("checkpoint.interval=" + interval, "checkpoint.replayIntervalTarget=" + replayIntervalTarget,
                "checkpoint.warmup=" + warmup);
    }
}
