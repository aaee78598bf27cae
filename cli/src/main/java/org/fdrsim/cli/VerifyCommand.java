package org.fdrsim.cli;

import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.results.RandomTesting;
import org.fdrsim.workloads.WorkloadRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr verify --runs N}: the paper's random testing ({@link RandomTesting}) of a workload
 * on the local cores; prints the distinct signatures (console outputs), the divergences (must be
 * 0) and the seeds of any failure, so it can be rerun with {@code fdr record --seed}.
 */
@Command(name = "verify", footerHeading = "%nExamples:%n", footer = {"  fdr verify --runs 100", "  fdr verify --runs 20 --workload oltp --cpus 8"},
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Record and replay N perturbed runs; every replay must be bit-exact.",
                "Exit status 0: all bit-exact; 3: some run diverged (its seed is printed)."})
final class VerifyCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = "--runs", paramLabel = "N", description = "Runs to record and replay (default ${DEFAULT-VALUE}).")
    int runs = 100;

    @Option(names = {"-w", "--workload"}, paramLabel = "W", description = "A .s file, an example name, a workloads program (splash/fft, fullsys/disk-checksum) or a commercial proxy (oltp, jbb, web, dynweb). Default ${DEFAULT-VALUE}.")
    String workload = WorkloadRegistry.DEFAULT;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "Runs in parallel (default: the local cores).")
    Integer jobs;

    /** The old spelling, still accepted. */
    @Option(names = "--threads", hidden = true)
    Integer threads;

    @Mixin
    MachineOptions machine;

    @Override
    public Integer call() {
        if (runs < 1) {
            throw new UserError("--runs: expected 1 or more, got " + runs);
        }
        ProgramImage program = Workloads.load(workload);
        MachineConfig base = RecordedRuns.withRecorder(machine.build(), true);
        Integer asked = jobs != null ? jobs : threads;
        int t = Jobs.threads(asked);
        RandomTesting.Outcome o;
        long start = System.nanoTime();
        try {
            if (WorkloadRegistry.needsDevices(workload) && !base.devices().enabled()) {
                base = new ConfigLoader(base).set("devices.enabled", "true").build();
            }
            try (ProgressBar bar = progressBar(runs)) {
                int[] diverged = {0};
                o = RandomTesting.run(program, base, runs, t, r -> {
                    diverged[0] += r.verdict().bitExact() ? 0 : 1;
                    if (bar != null) {
                        bar.step();
                        bar.setExtraMessage(diverged[0] == 0 ? "all bit-exact" : diverged[0] + " DIVERGED");
                    }
                });
            }
        } catch (ConfigException e) {
            throw new UserError(e.getMessage(), e);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        var out = main.out;
        out.printf("verify: %d runs of %s on %d cpus (seeds %d..%d), %d threads, %.1f s%n", runs, OneLine.of(workload),
                base.cpus(), o.firstSeed(), o.firstSeed() + runs - 1, t, seconds);
        out.printf("distinct signatures: %d%n", o.signatures().size());
        out.printf("instructions replayed: %,d (%.1f M instructions/s per replay thread)%n", o.instructions(),
                o.replayNanos() == 0 ? 0 : o.instructions() * 1e3 / o.replayNanos());
        out.printf("divergences: %d%n", o.failed().size());
        if (!o.allBitExact()) {
            out.println("failing seeds (rerun with 'fdr record ... --seed S'): " + o.failed());
            o.reports().forEach(out::println);
            return ExitCodes.DIVERGED;
        }
        return ExitCodes.OK;
    }

    /** A progress bar on a terminal; none when output is redirected (it would write control codes into logs). */
    private static ProgressBar progressBar(int runs) {
        if (System.console() == null) {
            return null;
        }
        return new ProgressBarBuilder().setTaskName("verify").setInitialMax(runs).setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(200).build();
    }
}
