package org.fdrsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.machine.recording.CoreDumps;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.replayer.Verdict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr verify --runs N}: the paper's random testing. Records N perturbed runs (seeds
 * S..S+N-1) of a workload and replays each from the oldest retained checkpoint, in parallel on
 * the local cores; reports the distinct signatures (console outputs), the divergences (must be
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
    String workload = Workloads.DEFAULT;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "Runs in parallel (default: the local cores).")
    Integer jobs;

    /** The old spelling, still accepted. */
    @Option(names = "--threads", hidden = true)
    Integer threads;

    @Mixin
    MachineOptions machine;

    @Override
    public Integer call() throws InterruptedException {
        if (runs < 1) {
            throw new UserError("--runs: expected 1 or more, got " + runs);
        }
        ProgramImage program = Workloads.load(workload);
        MachineConfig base = RecordedRuns.withRecorder(machine.build(), true);
        if (Workloads.needsDevices(workload) && !base.devices().enabled()) {
            base = set(base, "devices.enabled", "true");
        }
        long firstSeed = base.seed();
        Integer asked = jobs != null ? jobs : threads;
        int t = asked != null ? asked : Runtime.getRuntime().availableProcessors();
        if (t < 1) {
            throw new UserError("--jobs: expected 1 or more, got " + t);
        }
        ExecutorService pool = Executors.newFixedThreadPool(t);
        List<Future<Result>> futures = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            MachineConfig config = set(base, "seed", Long.toString(firstSeed + i));
            futures.add(pool.submit(() -> once(program, config)));
        }
        TreeMap<String, Integer> signatures = new TreeMap<>();
        TreeSet<Long> failed = new TreeSet<>();
        List<String> reports = new ArrayList<>();
        long instructions = 0;
        long replayNanos = 0;
        long start = System.nanoTime();
        try (ProgressBar bar = progressBar(runs)) {
            for (Future<Result> f : futures) {
                Result r;
                try {
                    r = f.get();
                } catch (ExecutionException e) {
                    pool.shutdownNow();
                    throw new IllegalStateException("a run failed: " + e.getCause(), e.getCause());
                }
                signatures.merge(r.signature, 1, Integer::sum);
                instructions += r.verdict.outcome().instructions();
                replayNanos += r.verdict.outcome().hostNanos();
                if (!r.verdict.bitExact()) {
                    failed.add(r.seed);
                    if (reports.size() < 3) {
                        reports.add("seed " + r.seed + ": " + r.verdict.describe());
                    }
                }
                if (bar != null) {
                    bar.step();
                    bar.setExtraMessage(failed.isEmpty() ? "all bit-exact" : failed.size() + " DIVERGED");
                }
            }
        } finally {
            pool.shutdown();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        var out = main.out;
        out.printf("verify: %d runs of %s on %d cpus (seeds %d..%d), %d threads, %.1f s%n", runs, workload,
                base.cpus(), firstSeed, firstSeed + runs - 1, t, seconds);
        out.printf("distinct signatures: %d%n", signatures.size());
        out.printf("instructions replayed: %,d (%.1f M instructions/s per replay thread)%n", instructions,
                replayNanos == 0 ? 0 : instructions * 1e3 / replayNanos);
        out.printf("divergences: %d%n", failed.size());
        if (!failed.isEmpty()) {
            out.println("failing seeds (rerun with 'fdr record ... --seed S'): " + failed);
            reports.forEach(out::println);
            return ExitCodes.DIVERGED;
        }
        return ExitCodes.OK;
    }

    private record Result(long seed, String signature, Verdict verdict) {}

    private static Result once(ProgramImage program, MachineConfig config) {
        TimedMachine m = new TimedMachine(program, config, Console.silent());
        RunResult result = m.run();
        CoreDump dump = CoreDumps.of(m, result);
        String signature = result.consoleOutput().strip();
        return new Result(config.seed(), signature.isEmpty() ? "(no output)" : signature, DumpReplay.verify(dump, 0));
    }

    /** A progress bar on a terminal; none when output is redirected (it would write control codes into logs). */
    private static ProgressBar progressBar(int runs) {
        if (System.console() == null) {
            return null;
        }
        return new ProgressBarBuilder().setTaskName("verify").setInitialMax(runs).setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(200).build();
    }

    private static MachineConfig set(MachineConfig c, String path, String value) {
        try {
            return new ConfigLoader(c).set(path, value).build();
        } catch (ConfigException e) {
            throw new UserError(e.getMessage(), e);
        }
    }
}
