package org.fdrsim.results;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.CategoryChart;

/**
 * Writes and reads sweep files: the report (report.md, sweep.json, sweep.csv, charts), the
 * Slurm job array (sweep-spec.json, sweep.sbatch, shards/point-NNNN.json written by the tasks).
 */
public final class SweepReport {
    public static final String SPEC = "sweep-spec.json";
    public static final String SHARDS = "shards";

    private SweepReport() {}

    public static void write(Outputs out, Sweep.Result r) throws IOException {
        out.json("sweep.json", r);
        out.text("sweep.csv", csv(r));
        out.chart("sweep-runtime", Charts.render(runtimeChart(r)));
        out.chart("sweep-logs", Charts.render(logsChart(r)));
        out.text("report.md", markdown(r));
    }

    /** Normalized runtime with FDR per point, labelled with the swept values. */
    static CategoryChart runtimeChart(Sweep.Result r) {
        return chart(r, "Runtime with FDR, normalized to without", "normalized runtime", true);
    }

    /** Compressed log rate per point. */
    static CategoryChart logsChart(Sweep.Result r) {
        return chart(r, "Compressed log size", "MB / s / processor", false);
    }

    private static CategoryChart chart(Sweep.Result r, String what, String yTitle, boolean runtime) {
        List<String> labels = new ArrayList<>();
        List<Summary> values = new ArrayList<>();
        for (Sweep.PointResult p : r.points()) {
            labels.add(valuesLabel(p.point()));
            values.add(runtime ? p.summary().normalizedFdr() : p.summary().totalCompressedMBps());
        }
        String swept = sweptNames(r.spec());
        return Charts.sweep(what + " (" + r.spec().workload() + ", 95% CI) over " + swept, swept, yTitle, labels,
                values);
    }

    /** A point's swept values, in parameter order, e.g. "1" or "1 / 4096". */
    static String valuesLabel(Sweep.Point p) {
        return String.join(" / ", p.assignments().values());
    }

    /** The swept settings, e.g. "recorder.buffers.dmaData.drainMBps" or "cpus / caches.l2.sizeKB". */
    static String sweptNames(Sweep.Spec s) {
        List<String> names = new ArrayList<>();
        for (Sweep.Param p : s.params()) {
            names.add(p.path());
        }
        return String.join(" / ", names);
    }

    static String markdown(Sweep.Result r) {
        Sweep.Spec s = r.spec();
        StringBuilder md = new StringBuilder("# Sweep: ").append(s.workload()).append("\n\n");
        md.append("Scale ").append(s.scale()).append(", work ").append(s.effectiveWork()).append(", ").append(s.runs())
                .append(" seeds per point from ").append(s.baseSeed()).append(" (without and with the recorder), settings ")
                .append(s.settings()).append(".\n\n");
        md.append("![runtime](sweep-runtime.png) ![logs](sweep-logs.png)\n\n");
        md.append("| point | settings | cycles without | normalized with FDR | slowdown | raw MB/s/cpu | compressed MB/s/cpu | compression | checkpoint share | log-buffer stall cycles/run |\n|---|---|---|---|---|---|---|---|---|---|\n");
        for (Sweep.PointResult p : r.points()) {
            WorkloadSummary w = p.summary();
            md.append("| ").append(p.point().index()).append(" | ").append(p.point().label()).append(" | ")
                    .append(Outputs.f(w.baseCycles().mean(), 0)).append(" | ").append(w.normalizedFdr().format(4)).append(" | ")
                    .append(Outputs.f(w.slowdownPercent(), 2)).append("% | ").append(Outputs.f(w.totalRawMBps().mean(), 3))
                    .append(" | ").append(Outputs.f(w.totalCompressedMBps().mean(), 3)).append(" | ")
                    .append(Outputs.f(w.compressionRatio(), 2)).append("x | ").append(Outputs.f(100 * w.checkpointShare(), 1))
                    .append("% | ").append(stalls(w)).append(" |\n");
        }
        md.append("\nFiles: sweep.json (every point's summary), sweep.csv, sweep-runtime and sweep-logs (.png, .svg).\n");
        return md.toString();
    }

    /** All stall cycles per run and the logs that caused them, e.g. "48210 (memoryRace 48210)". */
    static String stalls(WorkloadSummary w) {
        String total = Outputs.f(w.totalStallCycles(), 0);
        StringBuilder which = new StringBuilder();
        w.stallCycles().forEach((log, c) -> {
            if (c > 0) {
                which.append(which.length() == 0 ? "" : ", ").append(log).append(' ').append(Outputs.f(c, 0));
            }
        });
        return which.length() == 0 ? total : total + " (" + which + ")";
    }

    static String csv(Sweep.Result r) {
        StringBuilder sb = new StringBuilder("point");
        for (Sweep.Param p : r.spec().params()) {
            sb.append(',').append(Outputs.csv(p.path()));
        }
        sb.append(",cycles_without,normalized_with,ci95_with,slowdown_percent,overlap,raw_mb_s_cpu,compressed_mb_s_cpu,stall_cycles_per_run");
        for (String c : Categories.ordered()) {
            sb.append(',').append(Outputs.csv("raw " + c));
        }
        sb.append('\n');
        for (Sweep.PointResult p : r.points()) {
            WorkloadSummary w = p.summary();
            sb.append(p.point().index());
            for (Sweep.Param q : r.spec().params()) {
                sb.append(',').append(Outputs.csv(p.point().assignments().get(q.path())));
            }
            sb.append(',').append(Outputs.f(w.baseCycles().mean(), 1)).append(',').append(Outputs.f(w.normalizedFdr().mean(), 6))
                    .append(',').append(Outputs.f(w.normalizedFdr().ciHalf(), 6)).append(',').append(Outputs.f(w.slowdownPercent(), 4))
                    .append(',').append(w.baseCycles().hasInterval() ? String.valueOf(w.overlap()) : "").append(',').append(Outputs.f(w.totalRawMBps().mean(), 6)).append(',')
                    .append(Outputs.f(w.totalCompressedMBps().mean(), 6)).append(',').append(Outputs.f(w.totalStallCycles(), 1));
            for (String c : Categories.ordered()) {
                sb.append(',').append(Outputs.f(w.rawMBps().get(c).mean(), 6));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /**
     * What the batch script asks of Slurm for each task and how it starts fdrsim.
     *
     * @param command how to run fdr on the cluster's nodes (an absolute path: batch jobs do not
     *                have the submitting shell's PATH)
     * @param time    the task's wall-clock limit ({@code --time}, e.g. 02:00:00 or 1-00:00:00)
     * @param memory  the task's memory ({@code --mem}, e.g. 4G)
     */
    public record SlurmJob(String command, String time, String memory) {
        /** The #SBATCH lines of a one-core-per-task array of {@code tasks} tasks logging to {@code output}. */
        public String directives(String name, int tasks, String output) {
            return "#SBATCH --job-name=" + name + "\n"
                    + "#SBATCH --array=0-" + (tasks - 1) + "\n"
                    + "#SBATCH --ntasks=1\n"
                    + "#SBATCH --cpus-per-task=1\n"
                    + "#SBATCH --time=" + time + "\n"
                    + "#SBATCH --mem=" + memory + "\n"
                    + "#SBATCH --output=" + output + "\n";
        }

        public static final String DEFAULT_TIME = "02:00:00";
        public static final String DEFAULT_MEMORY = "4G";

        public SlurmJob {
            if (!time.matches("(\\d+-)?\\d+(:\\d{2}){0,2}")) {
                throw new IllegalArgumentException("--slurm-time '" + time
                        + "': expected Slurm's time format, e.g. 30 (minutes), 02:00:00 or 1-12:00:00");
            }
            if (!memory.matches("\\d+[KMGT]?")) {
                throw new IllegalArgumentException("--slurm-mem '" + memory + "': expected a size such as 4G or 8000M");
            }
            if (command.isBlank()) {
                throw new IllegalArgumentException("--slurm-command: expected the command that runs fdr on the nodes");
            }
        }
    }

    /** Like {@link #writeSlurm(Outputs, Sweep.Spec, SlurmJob)} with the default time and memory. */
    public static void writeSlurm(Outputs out, Sweep.Spec spec, String fdrCommand) throws IOException {
        writeSlurm(out, spec, new SlurmJob(fdrCommand, SlurmJob.DEFAULT_TIME, SlurmJob.DEFAULT_MEMORY));
    }

    /** Writes the Slurm job array: the spec, and a script whose task i runs point i. */
    public static void writeSlurm(Outputs out, Sweep.Spec spec, SlurmJob job) throws IOException {
        String fdrCommand = job.command();
        // before anything is written: a directory no script can name is refused whole
        String dir = SlurmQuoting.checkScriptable("--emit-slurm", out.dir().toAbsolutePath().normalize().toString());
        int n = Sweep.points(spec).size();
        out.json(SPEC, spec);
        Files.createDirectories(out.dir().resolve(SHARDS));
        Files.createDirectories(out.dir().resolve("logs"));
        String shellDir = SlurmQuoting.shell(dir);
        String script = "#!/bin/bash\n"
                + "# fdr sweep as a Slurm job array: task i runs point i and writes " + SHARDS + "/point-NNNN.json.\n"
                + "# Submit: sbatch " + SlurmQuoting.shell(dir + "/sweep.sbatch") + "   Then: " + fdrCommand + " sweep merge "
                + shellDir + "\n"
                + job.directives("fdr-sweep", n, SlurmQuoting.directivePath(dir) + "/logs/point-%a.out")
                + "set -euo pipefail\n"
                + fdrCommand + " sweep point " + shellDir + " --index \"$SLURM_ARRAY_TASK_ID\" --jobs 1\n";
        out.text("sweep.sbatch", script);
    }

    public static Path shardPath(Path dir, int index) {
        return dir.resolve(SHARDS).resolve(String.format("point-%04d.json", index));
    }

    public static Sweep.Spec readSpec(Path dir) throws IOException {
        Path p = dir.resolve(SPEC);
        if (!Files.isRegularFile(p)) {
            throw new IOException("no " + SPEC + " in '" + dir + "' (expected a directory written by 'fdr sweep --emit-slurm')");
        }
        try {
            return KeptJson.read(p, Sweep.Spec.class);
        } catch (IOException e) {
            throw new KeptFileException("cannot read '" + p + "': " + e.getMessage(), e);
        }
    }

    public static List<Sweep.Shard> readShards(Path dir) throws IOException {
        List<Sweep.Shard> out = new ArrayList<>();
        Path sd = dir.resolve(SHARDS);
        if (!Files.isDirectory(sd)) {
            return out;
        }
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(sd, "point-*.json")) {
            ds.forEach(files::add);
        }
        files.sort(null);
        for (Path f : files) {
            try {
                Sweep.Shard shard = KeptJson.read(f, Sweep.Shard.class);
                for (Measurement m : shard.measurements()) {
                    String unusable = m.unusable();
                    if (unusable != null) {
                        throw new IOException(unusable);
                    }
                }
                out.add(shard);
            } catch (IOException e) {
                throw new KeptFileException("cannot read shard '" + f + "': " + e.getMessage(), e);
            }
        }
        return out;
    }
}
