package org.fdrsim.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.cpu.text.Blanks;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.workloads.WorkloadRegistry;

/**
 * {@code fdr sweep}: a workload over the cartesian product of configuration values. Each point
 * runs N seeds without and with the recorder, and is summarised like a workload of the paper
 * experiment. Points run locally on a thread pool, or one per Slurm array task (a shard: that
 * point's measurements as JSON) and are merged afterwards; both paths build the result with
 * {@link #assemble} from the same measurements, so they write the same report.
 */
public final class Sweep {
    private Sweep() {}

    /** One swept setting: {@code path=v1,v2,...}. */
    public record Param(String path, List<String> values) {
        public Param {
            values = List.copyOf(values);
        }

        public static Param parse(String text) {
            int eq = text.indexOf('=');
            if (eq <= 0 || eq == text.length() - 1) {
                throw new IllegalArgumentException("--param '" + text + "': expected path=v1,v2,... e.g. caches.l2.sizeKB=1024,4096");
            }
            List<String> values = new ArrayList<>();
            for (String listed : text.substring(eq + 1).split(",", -1)) {
                String v = Blanks.strip(listed);
                if (v.isEmpty()) {
                    throw new IllegalArgumentException("--param '" + text + "': empty value in the list");
                }
                if (values.contains(v)) { // the point would run and be reported twice
                    throw new IllegalArgumentException("--param '" + text + "': '" + v + "' is given twice");
                }
                values.add(v);
            }
            return new Param(Blanks.strip(text.substring(0, eq)), values);
        }
    }

    /** What to sweep; {@code work} 0 = the workload's work at {@code scale}. */
    public record Spec(String workload, String scale, long work, int runs, long baseSeed, List<String> settings,
            List<Param> params) {
        public Spec {
            settings = List.copyOf(settings);
            params = List.copyOf(params);
            WorkloadRegistry.checkScalable(workload);
            Scale.parse(scale);
            RunLimits.checkSeeds(runs);
            if (params.isEmpty()) {
                throw new IllegalArgumentException("a sweep needs at least one --param path=v1,v2,...");
            }
            long[] counts = new long[params.size()];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = params.get(i).values().size();
            }
            RunLimits.checkSweep(counts, runs);
            OwnSettings.refuseAll(settings);
            List<String> swept = new ArrayList<>();
            for (Param p : params) {
                if (swept.contains(p.path())) {
                    throw new IllegalArgumentException("--param " + p.path() + " is given twice; give all its values in one"
                            + " list, e.g. --param " + p.path() + "=v1,v2,v3");
                }
                swept.add(p.path());
                if (!p.path().equals(OwnSettings.SEED)) {
                    OwnSettings.refuse("--param", p.path());
                } else {
                    for (String v : p.values()) {
                        try {
                            Long.parseLong(v);
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("--param seed: '" + v + "' is not a whole number");
                        }
                    }
                }
            }
        }

        long effectiveWork() {
            return work > 0 ? work : Scale.parse(scale).work(workload);
        }
    }

    /** One point: its index and the value of every swept setting. */
    public record Point(int index, Map<String, String> assignments) {
        public String label() {
            StringBuilder sb = new StringBuilder();
            assignments.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v));
            return sb.toString();
        }
    }

    public record PointResult(Point point, WorkloadSummary summary) {}

    /** The measurements of one point, as a Slurm task writes them. */
    public record Shard(Spec spec, int point, List<Measurement> measurements) {}

    public record Result(Spec spec, List<PointResult> points) {}

    /** Every point, the first parameter varying slowest. */
    public static List<Point> points(Spec spec) {
        List<Map<String, String>> acc = new ArrayList<>();
        acc.add(new LinkedHashMap<>());
        for (Param p : spec.params()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> a : acc) {
                for (String v : p.values()) {
                    Map<String, String> m = new LinkedHashMap<>(a);
                    m.put(p.path(), v);
                    next.add(m);
                }
            }
            acc = next;
        }
        List<Point> out = new ArrayList<>();
        for (int i = 0; i < acc.size(); i++) {
            out.add(new Point(i, acc.get(i)));
        }
        return out;
    }

    /** The runs of one point: seeds x {without, with the recorder}. */
    public static List<RunSpec> plan(Spec spec, Point point) {
        List<String> settings = new ArrayList<>(Scale.parse(spec.scale()).settings());
        settings.addAll(spec.settings());
        point.assignments().forEach((k, v) -> settings.add(k + "=" + v));
        // a swept seed is the point's first seed (the runs take it and the next ones), as --seed is the sweep's
        String sweptSeed = point.assignments().get(OwnSettings.SEED);
        long base = sweptSeed != null ? Long.parseLong(sweptSeed) : spec.baseSeed();
        List<RunSpec> runs = new ArrayList<>();
        for (int r = 0; r < spec.runs(); r++) {
            runs.add(new RunSpec(spec.workload(), spec.effectiveWork(), base + r, false, false, settings));
            runs.add(new RunSpec(spec.workload(), spec.effectiveWork(), base + r, true, false, settings));
        }
        return runs;
    }

    /** Checks every point's configuration before anything runs (a bad path or value is one line). */
    public static void validate(Spec spec) throws ConfigException {
        for (Point p : points(spec)) {
            List<RunSpec> runs = plan(spec, p);
            Runner.config(runs.get(0));
            Runner.config(runs.get(1));
        }
    }

    /** The most processors any point runs on. */
    public static int maxCpus(Spec spec) throws ConfigException {
        int most = 0;
        for (Point p : points(spec)) {
            most = Math.max(most, Runner.config(plan(spec, p).get(0)).cpus());
        }
        return most;
    }

    /** All points locally, every run of every point on one pool. */
    public static Result runLocal(Spec spec, int threads, Progress progress) throws ConfigException {
        validate(spec);
        List<Point> points = points(spec);
        List<RunSpec> all = new ArrayList<>();
        for (Point p : points) {
            all.addAll(plan(spec, p));
        }
        List<Measurement> ms = Parallel.run(all, threads, progress);
        List<List<Measurement>> per = new ArrayList<>();
        int k = 2 * spec.runs();
        for (int i = 0; i < points.size(); i++) {
            per.add(ms.subList(i * k, (i + 1) * k));
        }
        return assemble(spec, per);
    }

    /** One point (a Slurm array task). */
    public static Shard runPoint(Spec spec, int index, int threads, Progress progress) throws ConfigException {
        List<Point> points = points(spec);
        if (index < 0 || index >= points.size()) {
            throw new IllegalArgumentException("point " + index + " does not exist: the sweep has points 0.." + (points.size() - 1));
        }
        validate(spec);
        return new Shard(spec, index, Parallel.run(plan(spec, points.get(index)), threads, progress));
    }

    /** Assembles shards (any order) into the result; every point must be there exactly once. */
    public static Result merge(Spec spec, List<Shard> shards) throws ConfigException {
        List<Point> points = points(spec);
        int n = points.size();
        List<List<Measurement>> per = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            per.add(null);
        }
        for (Shard s : shards) {
            if (!s.spec().equals(spec)) {
                throw new IllegalArgumentException("shard of point " + s.point() + " belongs to a different sweep");
            }
            if (s.point() < 0 || s.point() >= n || per.get(s.point()) != null) {
                throw new IllegalArgumentException("shard of point " + s.point() + " is out of range or duplicated");
            }
            per.set(s.point(), planned(spec, points.get(s.point()), s.measurements()));
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (per.get(i) == null) {
                missing.add(i);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("missing shards for points " + missing + " (of 0.." + (n - 1) + ")");
        }
        return assemble(spec, per);
    }

    /**
     * {@code ms} if they are the runs {@link #plan} makes of {@code point}, in its order: a shard
     * emptied, cut short or holding another point's or seed's runs would otherwise be averaged into
     * the report as that point's (an empty one as a slowdown of -100%).
     */
    private static List<Measurement> planned(Spec spec, Point point, List<Measurement> ms) throws ConfigException {
        List<RunSpec> runs = plan(spec, point);
        if (ms.size() != runs.size()) {
            throw new IllegalArgumentException("shard of point " + point.index() + " holds " + ms.size() + " runs, expected "
                    + runs.size() + " (" + spec.runs() + (spec.runs() == 1 ? " seed" : " seeds") + ", each without and with the recorder)");
        }
        for (int i = 0; i < runs.size(); i++) {
            String unusable = ms.get(i).unusableAs(runs.get(i), Runner.config(runs.get(i)).cpus());
            if (unusable != null) {
                throw new IllegalArgumentException("shard of point " + point.index() + ", run " + i + ": " + unusable);
            }
        }
        return ms;
    }

    /** The result from each point's measurements in {@link #plan} order. */
    public static Result assemble(Spec spec, List<List<Measurement>> perPoint) throws ConfigException {
        List<Point> points = points(spec);
        List<PointResult> out = new ArrayList<>();
        for (Point p : points) {
            List<Measurement> ms = perPoint.get(p.index());
            List<Measurement> base = new ArrayList<>();
            List<Measurement> fdr = new ArrayList<>();
            for (int i = 0; i < ms.size(); i++) {
                (i % 2 == 0 ? base : fdr).add(ms.get(i));
            }
            MachineConfig c = Runner.config(plan(spec, p).get(1));
            double interval = c.checkpointSchedule().intervalCycles() / (c.processor().clockGHz() * 1e9);
            out.add(new PointResult(p, WorkloadSummary.of(spec.workload(), base, fdr, null, interval,
                    c.checkpoint().retained(), c.memoryBytesPerCpu())));
        }
        return new Result(spec, out);
    }
}
