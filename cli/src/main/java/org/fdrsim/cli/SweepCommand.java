package org.fdrsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fdrsim.cpu.files.AtomicFile;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.results.KernelScaling;
import org.fdrsim.results.Outputs;
import org.fdrsim.results.Progress;
import org.fdrsim.results.SlurmQuoting;
import org.fdrsim.results.Sweep;
import org.fdrsim.results.SweepReport;
import org.fdrsim.workloads.WorkloadRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr sweep}: a workload over configuration values, locally on a thread pool, or as a
 * Slurm job array ({@code --emit-slurm}) whose shards {@code fdr sweep merge} assembles.
 */
@Command(name = "sweep", footerHeading = "%nExamples:%n", footer = {"  fdr sweep --workload oltp --scale tiny --runs 2 --param recorder.buffers.dmaData.drainMBps=1,10,100 -o /tmp/sweep", "  fdr sweep --workload jbb --param cpus=2,4,8 --emit-slurm /scratch/sweep --slurm-time 04:00:00"},
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a workload over a grid of configuration values, locally or on Slurm.",
                "Every point with and without FDR, N seeds each; writes report.md, sweep.json,",
                "sweep.csv and charts to DIR."},
        subcommands = {SweepCommand.Merge.class, SweepCommand.PointCommand.class})
final class SweepCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = "--param", paramLabel = "PATH=V1,V2,...", description = "A swept setting and its values (repeatable).")
    List<String> params = new ArrayList<>();

    @Option(names = "--workload", paramLabel = "W", description = "oltp, jbb, web, dynweb or random-tester (default oltp).")
    String workload = "oltp";

    @Option(names = "--scale", paramLabel = "SCALE", description = "Work and checkpoint interval: tiny, default or paper (default: default).")
    String scale = "default";

    @Option(names = "--work", paramLabel = "N", description = "The workload's work (transactions, requests, iterations) instead of the scale's.")
    Long work;

    @Option(names = "--runs", paramLabel = "N", description = "Seeds per point (default 3).")
    int runs = 3;

    @Option(names = "--seed", paramLabel = "S", description = "First seed (default 1).")
    long seed = 1;

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "Override a setting at every point (repeatable).")
    List<String> set = new ArrayList<>();

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "Runs in parallel (default: host processors).")
    Integer jobs;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "Output directory (default sweep).")
    Path output = Path.of("sweep");

    @Option(names = "--emit-slurm", paramLabel = "DIR", description = "Do not run: write a Slurm job array (one task per point) to DIR.")
    Path emitSlurm;

    @Mixin
    SlurmOptions slurm = new SlurmOptions();

    @Override
    public Integer call() throws IOException {
        int threads = Jobs.threads(jobs);
        Sweep.Spec spec = spec();
        OutputPaths.directory(emitSlurm != null ? "--emit-slurm" : "--output", emitSlurm != null ? emitSlurm : output);
        try {
            Sweep.validate(spec);
            int cpus = Sweep.maxCpus(spec);
            if (KernelScaling.beyond(spec.workload(), cpus)) {
                main.err.println(KernelScaling.note(cpus));
            }
            if (emitSlurm != null) {
                SweepReport.SlurmJob job = slurm.job();
                SweepReport.writeSlurm(new Outputs(emitSlurm), spec, job);
                main.out.printf("%d points; submit with: sbatch %s%n", Sweep.points(spec).size(),
                        SlurmQuoting.shell(emitSlurm.resolve("sweep.sbatch").toString()));
                main.out.println("then: " + job.command() + " sweep merge " + SlurmQuoting.shell(emitSlurm.toString()));
                return ExitCodes.OK;
            }
            FinishedRuns finished = new FinishedRuns(ConsoleProgress.create(), "fdr sweep", output, main.err);
            try (CtrlC ctrlC = finished.saveOnCtrlC()) {
                Sweep.Result r = Sweep.runLocal(spec, threads, finished);
                SweepReport.write(new Outputs(output), r);
            }
            main.out.println("report: " + OneLine.of(output.resolve("report.md")));
        } catch (ConfigException | IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
        return ExitCodes.OK;
    }

    private Sweep.Spec spec() {
        try {
            List<Sweep.Param> ps = new ArrayList<>();
            for (String p : params) {
                ps.add(Sweep.Param.parse(p));
            }
            if (work != null && work < 1) {
                throw new UserError("--work: expected 1 or more, got " + work + " (leave it out for the scale's work)");
            }
            return new Sweep.Spec(WorkloadRegistry.canonical(workload), scale, work == null ? 0 : work, runs, seed, set,
                    ps);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    @Command(name = "merge", footerHeading = "%nExamples:%n", footer = {"  fdr sweep merge /scratch/sweep -o results/sweep"},
        mixinStandardHelpOptions = true,
            description = "Assemble the shards of a Slurm sweep (DIR/shards/*.json) into the report a local sweep writes.")
    static final class Merge implements Callable<Integer> {
        @ParentCommand
        SweepCommand parent;

        @Parameters(paramLabel = "DIR", description = "The directory given to --emit-slurm.")
        Path dir;

        @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Where to write the report (default DIR).")
        Path output;

        @Override
        public Integer call() throws IOException {
            try {
                Sweep.Spec spec = SweepReport.readSpec(dir);
                Path out = output == null ? dir : output;
                OutputPaths.directory("--output", out);
                Sweep.Result r = Sweep.merge(spec, SweepReport.readShards(dir));
                SweepReport.write(new Outputs(out), r);
                parent.main.out.println("report: " + OneLine.of(out.resolve("report.md")));
            } catch (ConfigException | IllegalArgumentException | IOException e) {
                throw new UserError(e.getMessage(), e);
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "point", footerHeading = "%nExamples:%n", footer = {"  fdr sweep point /scratch/sweep --index 0"},
        mixinStandardHelpOptions = true,
            description = "Run one point of a Slurm sweep (what each array task does) and write DIR/shards/point-NNNN.json.")
    static final class PointCommand implements Callable<Integer> {
        @ParentCommand
        SweepCommand parent;

        @Parameters(paramLabel = "DIR", description = "The directory given to --emit-slurm.")
        Path dir;

        @Option(names = "--index", paramLabel = "I", required = true, description = "The point (SLURM_ARRAY_TASK_ID).")
        int index;

        @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "Runs in parallel (default 1).")
        Integer jobs = 1;

        @Override
        public Integer call() throws IOException {
            try {
                Sweep.Spec spec = SweepReport.readSpec(dir);
                OutputPaths.directory("DIR", dir);
                Sweep.Shard shard = Sweep.runPoint(spec, index, Jobs.threads(jobs), Progress.NONE);
                Path p = SweepReport.shardPath(dir, index);
                Files.createDirectories(p.getParent());
                AtomicFile.write(p, Outputs.toJson(shard).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                parent.main.out.println("wrote " + OneLine.of(p));
            } catch (ConfigException | IllegalArgumentException e) {
                throw new UserError(e.getMessage(), e);
            } catch (IOException e) {
                throw new UserError(e.getMessage(), e);
            }
            return ExitCodes.OK;
        }
    }
}
