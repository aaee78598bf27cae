package org.fdrsim.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.cpu.sim.SimTime;
import org.fdrsim.checkpoint.CheckpointSchedule;
import org.fdrsim.cpu.text.Blanks;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.workloads.WorkloadRegistry;

/**
 * {@code fdr experiment paper}: the paper's Figure 4, Figure 5, Table 3, a race-arc reduction
 * table and the replay-interval memory, on the four commercial proxies. Per workload: N runs
 * without and N with the recorder, seeds {@code baseSeed .. baseSeed + N - 1} (each seed
 * perturbs memory latencies, NIC arrivals and disk contents), and one traced run for the
 * reduction table.
 */
public final class PaperExperiment {
    private PaperExperiment() {}

    /** What to run. {@code settings} are user overrides ({@code path=value}) applied to every run. */
    public record Options(String scale, int runs, long baseSeed, List<String> settings, List<String> workloads) {
        public Options {
            settings = List.copyOf(settings);
            workloads = List.copyOf(workloads);
            Scale.parse(scale);
            RunLimits.checkSeeds(runs);
            if (workloads.isEmpty()) {
                throw new IllegalArgumentException("--workload: expected one or more of " + paperWorkloads());
            }
            for (int i = 0; i < workloads.size(); i++) {
                if (workloads.indexOf(workloads.get(i)) != i) { // its runs would be measured and reported twice
                    throw new IllegalArgumentException("--workload: '" + workloads.get(i) + "' is given twice");
                }
            }
            workloads.forEach(WorkloadRegistry::checkScalable);
            OwnSettings.refuseAll(settings);
        }

        public static List<String> paperWorkloads() {
            return WorkloadRegistry.commercialProxies();
        }
    }

    /** A conclusion of the paper and whether this experiment reproduces it. */
    public record Finding(String claim, String paper, String measured, Boolean reproduced) {
        /** "yes", "no", or "no verdict" when the runs cannot decide (null: one run, no interval). */
        public String verdict() {
            return reproduced == null ? "no verdict" : reproduced ? "yes" : "no";
        }
    }

    /** One row of Table 3: the parameter, its value in these runs, and the paper's. */
    public record Parameter(String name, String value, String paper) {}

    public record Result(Options options, List<Parameter> table3, List<WorkloadSummary> workloads,
            List<Finding> findings, List<Measurement> measurements) {}

    /** Settings of every run: the scale's checkpoint settings, then the user's. */
    static List<String> settings(Options o) {
        List<String> s = new ArrayList<>(Scale.parse(o.scale()).settings());
        s.addAll(o.settings());
        return s;
    }

    /** The runs, in a fixed order: per workload, seeds x {without, with}, then the traced run. */
    public static List<RunSpec> plan(Options o) {
        Scale scale = Scale.parse(o.scale());
        List<RunSpec> specs = new ArrayList<>();
        List<String> settings = settings(o);
        for (String w : o.workloads()) {
            long work = scale.work(w);
            for (int r = 0; r < o.runs(); r++) {
                specs.add(new RunSpec(w, work, o.baseSeed() + r, false, false, settings));
                specs.add(new RunSpec(w, work, o.baseSeed() + r, true, false, settings));
            }
            List<String> traced = new ArrayList<>(settings);
            if (scale.reductionInstructions() > 0) {
                traced.add("limits.maxInstructions=" + scale.reductionInstructions());
            }
            specs.add(new RunSpec(w, work, o.baseSeed(), true, true, traced));
        }
        return specs;
    }

    public static Result run(Options o, int threads, Progress progress) throws ConfigException {
        return run(o, threads, progress, null);
    }

    /**
     * Like {@link #run(Options, int, Progress)}, keeping every finished run in {@code store}
     * (null: none) and reading the runs already kept there instead of running them again.
     */
    public static Result run(Options o, int threads, Progress progress, RunStore store) throws ConfigException {
        List<RunSpec> specs = plan(o);
        Runner.config(specs.get(0)); // a bad --set fails here, before anything runs
        // Run seed by seed across the workloads (each workload's traced run after its first seed), so an
        // interrupted experiment has every workload with the same seeds; results come back in plan order.
        List<Integer> order = executionOrder(o);
        List<RunSpec> ordered = new ArrayList<>();
        for (int i : order) {
            ordered.add(specs.get(i));
        }
        List<Measurement> done = Parallel.run(ordered, threads, progress, store);
        Measurement[] inPlan = new Measurement[specs.size()];
        for (int k = 0; k < order.size(); k++) {
            inPlan[order.get(k)] = done.get(k);
        }
        return assemble(o, List.of(inPlan));
    }

    /** Indexes into {@link #plan}: seed-major, workloads in order, each workload's traced run after its first seed. */
    static List<Integer> executionOrder(Options o) {
        int per = 2 * o.runs() + 1;
        List<Integer> order = new ArrayList<>();
        for (int r = 0; r < o.runs(); r++) {
            for (int w = 0; w < o.workloads().size(); w++) {
                order.add(w * per + 2 * r);
                order.add(w * per + 2 * r + 1);
                if (r == 0) {
                    order.add(w * per + per - 1);
                }
            }
        }
        return order;
    }

    /**
     * What makes two experiments' runs interchangeable: the scale, every setting and each
     * workload's work (not the number of runs or which workloads).
     */
    public record Identity(String scale, List<String> settings, List<String> work) {
        public Identity {
            settings = List.copyOf(settings);
            work = List.copyOf(work);
        }

        public static Identity of(Options o) {
            List<String> work = new ArrayList<>();
            for (String w : WorkloadRegistry.scalable()) {
                work.add("work of " + w + "=" + Scale.parse(o.scale()).work(w));
            }
            return new Identity(o.scale(), PaperExperiment.settings(o), work);
        }

        /**
         * Null if runs of {@code other} may be mixed with this one's; otherwise one line naming
         * the first differing setting.
         */
        public String difference(Identity other) {
            if (!scale.equals(other.scale)) {
                return "--scale " + other.scale + " (the directory holds runs of --scale " + scale + ")";
            }
            List<String> a = new ArrayList<>(settings);
            a.addAll(work);
            List<String> b = new ArrayList<>(other.settings);
            b.addAll(other.work);
            java.util.Map<String, String> mine = asMap(a);
            java.util.Map<String, String> theirs = asMap(b);
            java.util.Set<String> keys = new java.util.TreeSet<>(mine.keySet());
            keys.addAll(theirs.keySet());
            for (String k : keys) {
                if (!java.util.Objects.equals(mine.get(k), theirs.get(k))) {
                    return k + "=" + (theirs.get(k) == null ? "(default)" : theirs.get(k)) + " (the directory holds runs with "
                            + k + "=" + (mine.get(k) == null ? "(default)" : mine.get(k)) + ")";
                }
            }
            return null;
        }

        private static java.util.Map<String, String> asMap(List<String> settings) {
            java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
            for (String a : settings) {
                int eq = a.indexOf('=');
                m.put(eq < 0 ? a : Blanks.strip(a.substring(0, eq)), eq < 0 ? "" : Blanks.strip(a.substring(eq + 1)));
            }
            return m;
        }
    }

    /** The configuration of the recorded runs of the first workload (for Table 3 and config.yaml). */
    public static MachineConfig recordedConfig(Options o) throws ConfigException {
        List<RunSpec> specs = plan(o);
        return Runner.config(specs.get(1));
    }

    /** Builds the result from the measurements of {@link #plan}, in plan order. */
    public static Result assemble(Options o, List<Measurement> ms) throws ConfigException {
        MachineConfig config = recordedConfig(o);
        double clock = config.processor().clockGHz() * 1e9;
        double interval = config.checkpointSchedule().intervalCycles() / clock;
        List<WorkloadSummary> summaries = new ArrayList<>();
        int per = 2 * o.runs() + 1;
        for (int w = 0; w < o.workloads().size(); w++) {
            List<Measurement> base = new ArrayList<>();
            List<Measurement> fdr = new ArrayList<>();
            for (int r = 0; r < o.runs(); r++) {
                base.add(ms.get(w * per + 2 * r));
                fdr.add(ms.get(w * per + 2 * r + 1));
            }
            Measurement traced = ms.get(w * per + per - 1);
            summaries.add(WorkloadSummary.of(o.workloads().get(w), base, fdr, traced, interval,
                    config.checkpoint().retained(), config.memoryBytesPerCpu()));
        }
        return new Result(o, table3(config), summaries, findings(summaries, config), ms);
    }

    static List<Parameter> table3(MachineConfig c) {
        List<Parameter> t = new ArrayList<>();
        t.add(new Parameter("processors", c.cpus() + " in-order 1-wide, " + Outputs.f(c.processor().clockGHz(), 1) + " GHz",
                "4 in-order 1-way, 4 GHz"));
        t.add(new Parameter("L1 cache", c.caches().l1().sizeKB() + " KB, " + c.caches().l1().ways() + "-way", "128 KB, 4-way"));
        t.add(new Parameter("L2 cache", c.caches().l2().sizeKB() + " KB, " + c.caches().l2().ways() + "-way", "4 MB, 4-way"));
        t.add(new Parameter("memory", c.memory().perCpuMB() + " MB per processor, 64 B blocks", "512 MB/processor, 64 B blocks"));
        t.add(new Parameter("memory timing", "directory " + c.memory().directoryCycles() + " + DRAM " + c.memory().dramCycles()
                + " cycles, perturbation 0.." + c.memory().perturbationCycles(), "180 ns uncontended 2-hop miss"));
        t.add(new Parameter("interconnect", (c.network().dimX() == 0 ? "auto-sized" : c.network().dimX() + "x" + c.network().dimY()) + " 2D torus, "
                + Outputs.f(c.network().linkGBps(), 1) + " GB/s links", "2D torus, 6.4 GB/s links"));
        t.add(new Parameter("reserved log memory", Outputs.f(c.recorder().reservedMemoryPercent(), 1) + "% of memory",
                "34 MB (7% of 512 MB)"));
        Map<String, String> paper = new LinkedHashMap<>();
        paper.put("memoryCheckpoint", "256 KB, 70 MB/s, 72 B");
        paper.put("cacheCheckpoint", "1024 KB, 50 MB/s, 72 B");
        paper.put("memoryRace", "32 KB, 10 MB/s, 9 B");
        paper.put("interrupt", "64 KB, 10 MB/s, 6 B");
        paper.put("input", "8 KB, 10 MB/s, 8 B");
        paper.put("dmaData", "32 KB, 10 MB/s, variable");
        paper.put("dmaRace", "(no row; 9 B entries)");
        for (LogKind k : LogKind.values()) {
            var b = c.recorder().buffers().get(k);
            t.add(new Parameter(k.key() + " log buffer", b.sizeKB() + " KB, " + Outputs.f(b.drainMBps(), 0) + " MB/s, "
                    + k.entryBytes() + " B", paper.getOrDefault(k.key(), "")));
        }
        CheckpointSchedule k = c.checkpointSchedule();
        double ghz = c.processor().clockGHz();
        t.add(new Parameter("checkpoint interval", c.checkpoint().interval() + " = " + SimTime.describe(k.intervalCycles(), ghz),
                "333,333,333 cycles (1 GHz system clock) = 1/3 s"));
        t.add(new Parameter("checkpoint quiesce", c.checkpoint().quiesce() + " = " + SimTime.describe(k.quiesceCycles(), ghz),
                "10,000 cycles = 10 us"));
        t.add(new Parameter("replay-interval target", c.checkpoint().replayIntervalTarget() + " = "
                + SimTime.describe(k.replayIntervalTargetCycles(), ghz), "1 s"));
        t.add(new Parameter("warm-up", k.warmupCycles() == 0 ? "none" : c.checkpoint().warmup() + " = "
                + SimTime.describe(k.warmupCycles(), ghz) + ", then 3 intervals measured", "workload-specific, then 3 checkpoints"));
        t.add(new Parameter("checkpoints retained", Integer.toString(c.checkpoint().retained()), "4"));
        return t;
    }

    /** "oltp " for one workload, "mean over 4 workloads " for several. */
    private static String over(List<WorkloadSummary> ws) {
        return ws.size() == 1 ? ws.get(0).workload() + " " : "mean over " + ws.size() + " workloads ";
    }

    static List<Finding> findings(List<WorkloadSummary> ws, MachineConfig c) {
        List<Finding> f = new ArrayList<>();
        StringBuilder slow = new StringBuilder();
        boolean allUnder2 = true;
        for (WorkloadSummary w : ws) {
            slow.append(w.workload()).append(' ').append(Outputs.f(w.slowdownPercent(), 2)).append("% (")
                    .append(!w.baseCycles().hasInterval() ? "n = 1: no interval" : w.overlap() ? "CI overlap" : "CI disjoint")
                    .append("); ");
            allUnder2 &= w.slowdownPercent() < 2.0;
        }
        // One run has no interval: the slowdown of a single seed may be noise, so no verdict.
        boolean oneRun = !ws.isEmpty() && !ws.get(0).baseCycles().hasInterval();
        f.add(new Finding("FDR slows execution by less than 2%", "< 2% on all four; not significant for Apache and Slash",
                slow.toString().trim(), oneRun ? null : allUnder2));
        double total = 0;
        double totalRaw = 0;
        for (WorkloadSummary w : ws) {
            total += w.totalCompressedMBps().mean();
            totalRaw += w.totalRawMBps().mean();
        }
        total /= Math.max(1, ws.size());
        totalRaw /= Math.max(1, ws.size());
        f.add(new Finding("logs grow at about 25 MB per second per processor",
                "25 MB/s/processor", over(ws) + Outputs.f(total, 2) + " MB/s/cpu compressed, "
                        + Outputs.f(totalRaw, 2) + " raw", total > 12.5 && total < 50));
        boolean dominate = true;
        StringBuilder share = new StringBuilder();
        for (WorkloadSummary w : ws) {
            share.append(w.workload()).append(' ').append(Outputs.f(100 * w.checkpointShare(), 1)).append("%; ");
            dominate &= w.checkpointShare() > 0.5;
        }
        f.add(new Finding("memory and cache checkpoint logs dominate log size", "they dominate (Figure 5)",
                "checkpoint share of raw log bytes: " + share.toString().trim(), dominate));
        WorkloadSummary oltp = null;
        double maxOtherIo = 0;
        StringBuilder io = new StringBuilder();
        for (WorkloadSummary w : ws) {
            io.append(w.workload()).append(' ').append(Outputs.f(100 * w.ioShare(), 1)).append("%; ");
            if (w.workload().equals("oltp")) {
                oltp = w;
            } else {
                maxOtherIo = Math.max(maxOtherIo, w.ioShare());
            }
        }
        f.add(new Finding("I/O logs are small except for OLTP", "OLTP's I/O logs are the largest; the others' are small",
                "I/O share of raw log bytes: " + io.toString().trim(), oltp != null && oltp.ioShare() >= maxOtherIo));
        double maxPaperWindow = 0;
        for (WorkloadSummary w : ws) {
            maxPaperWindow = Math.max(maxPaperWindow, w.replayMemory().paperWindowFraction());
        }
        f.add(new Finding("a 1-second replay interval (up to 4/3 s of logs) fits in 7% of memory",
                "34 MB/processor < 7% of 512 MB", "largest: " + Outputs.f(100 * maxPaperWindow, 2)
                        + "% of memory at the measured compressed rate", maxPaperWindow < c.recorder().reservedMemoryPercent() / 100));
        double ratio = 0;
        for (WorkloadSummary w : ws) {
            ratio += w.compressionRatio();
        }
        ratio /= Math.max(1, ws.size());
        f.add(new Finding("LZ compression shrinks the logs", "compressed bars well below uncompressed (Figure 5)",
                (ws.size() == 1 ? "compression ratio " : "mean compression ratio ") + Outputs.f(ratio, 2) + "x",
                ratio > 1.2));
        boolean reduced = true;
        StringBuilder red = new StringBuilder();
        for (WorkloadSummary w : ws) {
            if (w.reduction() != null) {
                Map<String, Double> b = w.reduction().bytesPerKiloInstruction();
                double all = b.getOrDefault("all-arcs", 0.0);
                double fdr = b.getOrDefault("fdr", 0.0);
                red.append(w.workload()).append(" all-arcs ").append(Outputs.f(all, 2)).append(" -> fdr ")
                        .append(Outputs.f(fdr, 2)).append(" -> netzer ").append(Outputs.f(b.getOrDefault("netzer", 0.0), 2))
                        .append(" B/1000 instr; ");
                reduced &= fdr <= all;
            }
        }
        f.add(new Finding("transitive reduction keeps the race log small", "race log a small part of Figure 5",
                red.toString().trim(), reduced));
        return f;
    }
}
