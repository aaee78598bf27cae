package org.fdrsim.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.results.KernelScaling;
import org.fdrsim.results.Outputs;
import org.fdrsim.results.PaperExperiment;
import org.fdrsim.results.PaperReport;
import org.fdrsim.results.PaperSlurm;
import org.fdrsim.results.Provenance;
import org.fdrsim.results.RunStore;
import org.fdrsim.results.SlurmQuoting;
import org.fdrsim.results.SweepReport;
import org.fdrsim.workloads.WorkloadRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code fdr experiment paper}: the paper's Figure 4, Figure 5, Table 3 and reduction table on the proxies. */
@Command(name = "experiment", footerHeading = "%nExamples:%n", footer = {"  fdr experiment paper --scale tiny --runs 2 -o /tmp/exp"},
        mixinStandardHelpOptions = true, description = "Run an experiment and write its report.",
        subcommands = {ExperimentCommand.Paper.class, ExperimentCommand.RunOne.class, ExperimentCommand.Merge.class})
final class ExperimentCommand implements Runnable {
    @ParentCommand
    Main main;

    @Override
    public void run() {
        new picocli.CommandLine(this).usage(main.out);
    }

    @Command(name = "paper", footerHeading = "%nExamples:%n", footer = {"  fdr experiment paper --scale tiny --runs 2 -o /tmp/exp", "  fdr experiment paper --workload oltp,jbb --runs 15 -j 2 -o results/paper",
                "  fdr experiment paper --scale paper --emit-slurm /scratch/paper --slurm-time 01:00:00"},
        mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Reproduce the FDR paper's evaluation on the commercial proxies.",
                    "Figure 4 (runtime with and without FDR, 95%% CI), Figure 5 (log sizes), Table 3,",
                    "a race-arc reduction table and the replay-interval memory; writes report.md,",
                    "JSON, CSV and charts to DIR."})
    static final class Paper implements Callable<Integer> {
        @ParentCommand
        ExperimentCommand parent;

        @Option(names = "--scale", paramLabel = "SCALE", description = {"default (0.5 ms checkpoints, ~10 ms runs; a minute), paper (FDR1: 100 ms warm-up, then 1/3 s",
                "checkpoints for ~1 s; tens of seconds to minutes per run) or tiny (tests)."})
        String scale = "default";

        @Option(names = "--runs", paramLabel = "N", description = "Perturbed runs per workload, with and without FDR (default 10; the paper used 15).")
        int runs = 10;

        @Option(names = "--seed", paramLabel = "S", description = "First seed; runs use S .. S+N-1 (default 1).")
        long seed = 1;

        @Option(names = "--workload", paramLabel = "W", split = ",", description = "Workloads (default oltp,jbb,web,dynweb).")
        List<String> workloads = new ArrayList<>(PaperExperiment.Options.paperWorkloads());

        @Option(names = "--set", paramLabel = "PATH=VALUE", description = "Override a setting in every run (repeatable).")
        List<String> set = new ArrayList<>();

        @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "Runs in parallel (default: host processors). Results do not depend on it.")
        Integer jobs;

        @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = {"Output directory (default experiment-paper). Each finished run is kept in DIR/runs/;",
                "running again with the same scale and settings skips those (resume); a directory of another configuration is refused."})
        Path output = Path.of("experiment-paper");

        @Option(names = "--emit-slurm", paramLabel = "DIR", description = {"Do not run: write a Slurm job array (one task per run) to DIR;",
                "then 'fdr experiment merge DIR' writes the report."})
        Path emitSlurm;

        @Mixin
        SlurmOptions slurm = new SlurmOptions();

        @Override
        public Integer call() throws IOException {
            Main main = parent.main;
            int threads = Jobs.threads(jobs);
            PaperExperiment.Options o;
            try {
                o = new PaperExperiment.Options(scale, runs, seed, set,
                        workloads.stream().map(WorkloadRegistry::canonical).toList());
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage(), e);
            }
            try {
                int cpus = PaperExperiment.recordedConfig(o).cpus(); // a bad --set fails here
                if (o.workloads().stream().anyMatch(w -> KernelScaling.beyond(w, cpus))) {
                    main.err.println(KernelScaling.note(cpus));
                }
            } catch (ConfigException | IllegalArgumentException e) {
                throw new UserError(e.getMessage(), e);
            }
            if (emitSlurm != null) {
                OutputPaths.directory("--emit-slurm", emitSlurm);
                try {
                    ExperimentDirs.claim(emitSlurm, o);
                    SweepReport.SlurmJob job = slurm.job();
                    int n = PaperSlurm.write(new Outputs(emitSlurm), o, job);
                    main.out.printf("%d runs; submit with: sbatch %s%n", n,
                            SlurmQuoting.shell(emitSlurm.resolve(PaperSlurm.SCRIPT).toString()));
                    main.out.println("then: " + job.command() + " experiment merge " + SlurmQuoting.shell(emitSlurm.toString()));
                } catch (IllegalArgumentException e) {
                    throw new UserError(e.getMessage(), e);
                }
                return ExitCodes.OK;
            }
            OutputPaths.directory("--output", output);
            long start = System.nanoTime();
            FinishedRuns finished = new FinishedRuns(ConsoleProgress.create(), "fdr experiment paper", output, main.err);
            try (CtrlC ctrlC = finished.saveOnCtrlC()) {
                RunStore store = ExperimentDirs.claim(output, o);
                PaperExperiment.Result r = PaperExperiment.run(o, threads, finished, store);
                PaperReport.write(new Outputs(output), r, provenance(command(o)));
                for (PaperExperiment.Finding f : r.findings()) {
                    main.out.printf("%-4s %s: %s%n", f.reproduced() == null ? "n/a" : f.reproduced() ? "yes" : "NO",
                            f.claim(), f.measured());
                }
                main.out.println("report: " + OneLine.of(output.resolve("report.md")));
            } catch (ConfigException | IllegalArgumentException e) {
                throw new UserError(e.getMessage(), e);
            }
            main.err.printf("host: %.1f s%n", (System.nanoTime() - start) / 1e9);
            return ExitCodes.OK;
        }

        static String command(PaperExperiment.Options o) {
            StringBuilder sb = new StringBuilder("fdr experiment paper --scale ").append(o.scale()).append(" --runs ")
                    .append(o.runs()).append(" --seed ").append(o.baseSeed()).append(" --workload ")
                    .append(String.join(",", o.workloads()));
            for (String s : o.settings()) {
                sb.append(" --set ").append(s);
            }
            return sb.toString();
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n",
            footer = {"  fdr experiment run /scratch/paper --index 7"},
            description = "Run one run of a Slurm paper experiment (what array task I does) and keep it in DIR/runs/.")
    static final class RunOne implements Callable<Integer> {
        @ParentCommand
        ExperimentCommand parent;

        @Parameters(paramLabel = "DIR", description = "The directory given to 'fdr experiment paper --emit-slurm'.")
        Path dir;

        @Option(names = "--index", paramLabel = "I", required = true, description = "The run (SLURM_ARRAY_TASK_ID).")
        int index;

        @Override
        public Integer call() {
            try {
                PaperExperiment.Options o = PaperSlurm.readOptions(dir);
                Path f = PaperSlurm.runOne(o, index, ExperimentDirs.claim(dir, o));
                parent.main.out.println("kept " + OneLine.of(f));
            } catch (ConfigException | IllegalArgumentException | IOException e) {
                throw new UserError(e.getMessage(), e);
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "merge", mixinStandardHelpOptions = true, footerHeading = "%nExamples:%n",
            footer = {"  fdr experiment merge /scratch/paper -o results/paper"},
            description = "Write the report of a Slurm paper experiment once every run is in DIR/runs/.")
    static final class Merge implements Callable<Integer> {
        @ParentCommand
        ExperimentCommand parent;

        @Parameters(paramLabel = "DIR", description = "The directory given to 'fdr experiment paper --emit-slurm'.")
        Path dir;

        @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Where to write the report (default DIR).")
        Path output;

        @Override
        public Integer call() {
            try {
                PaperExperiment.Options o = PaperSlurm.readOptions(dir);
                PaperExperiment.Result r = PaperSlurm.merge(o, ExperimentDirs.claim(dir, o));
                Path out = output == null ? dir : output;
                PaperReport.write(new Outputs(out), r, provenance(Paper.command(o)));
                parent.main.out.println("report: " + OneLine.of(out.resolve("report.md")));
            } catch (ConfigException | IllegalArgumentException | IOException e) {
                throw new UserError(e.getMessage(), e);
            }
            return ExitCodes.OK;
        }
    }

    /** Where a report comes from: this build, now, this JVM and the command that made it. */
    static Provenance provenance(String command) {
        return new Provenance(Version.version(), Version.commit(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                System.getProperty("java.version") + " " + System.getProperty("java.vm.name"), command);
    }
}
