package org.fdrsim.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.fdrsim.coherence.tester.ProtocolTester;
import org.fdrsim.coherence.tester.TesterConfig;
import org.fdrsim.coherence.tester.TesterResult;
import org.fdrsim.results.Parallel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr test-protocol}: the random protocol tester over many seeds, in parallel on the
 * local cores. Every load is checked against sequential consistency; a run that stops
 * committing is reported as a deadlock with the stuck transactions.
 */
@Command(name = "test-protocol", footerHeading = "%nExamples:%n", footer = {"  fdr test-protocol --seeds 100 -j 2"},
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run the random protocol tester, checked against sequential consistency.",
                "Processors issue random loads, stores and atomics to a few falsely shared blocks",
                "through tiny caches; every load is checked against the SC value."})
final class TestProtocolCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = "--seeds", defaultValue = "20", description = "Number of seeds (default ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--first-seed", defaultValue = "1", description = "First seed (default ${DEFAULT-VALUE}); rerun a failure with --seeds 1 --first-seed S.")
    long firstSeed;

    @Option(names = "--ops", defaultValue = "500000", description = "Operations per seed (default ${DEFAULT-VALUE}).")
    long ops;

    @Option(names = {"-p", "--cpus"}, defaultValue = "4", description = "Processors (default ${DEFAULT-VALUE}).")
    int cpus;

    @Option(names = "--blocks", defaultValue = "8", description = "Distinct blocks (default ${DEFAULT-VALUE}).")
    int blocks;

    @Option(names = "--words", defaultValue = "4", description = "Words used per block, 1..8: false sharing (default ${DEFAULT-VALUE}).")
    int words;

    @Option(names = "--l2-frames", defaultValue = "4", description = "L2 frames per processor (default ${DEFAULT-VALUE}).")
    int l2Frames;

    @Option(names = "--l2-ways", defaultValue = "2", description = "L2 associativity (default ${DEFAULT-VALUE}).")
    int l2Ways;

    @Option(names = "--l1-frames", defaultValue = "2", description = "L1 frames per processor (default ${DEFAULT-VALUE}).")
    int l1Frames;

    @Option(names = "--torus", description = "Use the FDR1 torus and latencies instead of a jittery fixed-latency network that reorders messages.")
    boolean torus;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "Seeds run in parallel (default: the host's cores).")
    Integer jobs;

    /** The old spelling, still accepted. */
    @Option(names = "--threads", hidden = true)
    Integer threads;

    @Override
    public Integer call() {
        if (seeds < 1 || ops < 1) {
            throw new UserError("--seeds and --ops must be at least 1");
        }
        // in the flags' names, before the tester's own checks (which name its fields)
        range("--blocks", blocks, 1, TesterConfig.MAX_BLOCKS);
        range("--words", words, 1, 8);
        range("--l2-ways", l2Ways, 1, TesterConfig.MAX_FRAMES);
        range("--l2-frames", l2Frames, l2Ways, TesterConfig.MAX_FRAMES);
        if (l2Frames % l2Ways != 0) {
            throw new UserError("--l2-frames (" + l2Frames + ") must be a multiple of --l2-ways (" + l2Ways + ")");
        }
        range("--l1-frames", l1Frames, 1, l2Frames);
        TesterConfig base;
        try {
            base = TesterConfig.defaults().withOps(ops).withShape(cpus, blocks, words)
                    .withCaches(l2Frames, l2Ways, l1Frames).withTorus(torus);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
        int n = Jobs.threads(jobs != null ? jobs : threads);
        long start = System.nanoTime(); // host time, for the speed line only
        List<Callable<Seeded>> tasks = new ArrayList<>();
        for (int i = 0; i < seeds; i++) {
            long seed = firstSeed + i;
            TesterConfig c = base.withSeed(seed);
            tasks.add(() -> {
                try {
                    return new Seeded(seed, ProtocolTester.run(c));
                } catch (RuntimeException | Error e) {
                    throw new IllegalStateException("tester crashed on seed " + seed, e);
                }
            });
        }
        List<Seeded> done = new ArrayList<>();
        List<Long> failed = new ArrayList<>();
        try {
            // Each seed's line as soon as it and the seeds before it are done.
            Parallel.each(tasks, n, s -> {
                done.add(s);
                TesterResult r = s.result();
                main.out.printf("seed %d: %d ops, %d loads checked, %d cycles: %s%n", s.seed(), r.ops(),
                        r.loadsChecked(), r.cycles(), r.passed() ? "ok" : "FAILED");
                if (!r.passed()) {
                    failed.add(s.seed());
                    main.out.print(r.report());
                }
            });
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause()); // the tasks throw nothing checked
        }
        long totalOps = 0;
        long totalLoads = 0;
        for (Seeded s : done) {
            totalOps += s.result().ops();
            totalLoads += s.result().loadsChecked();
        }
        double secs = (System.nanoTime() - start) / 1e9;
        main.out.printf("%d seeds, %d operations, %d loads checked against SC: %d failed%s%n", seeds, totalOps,
                totalLoads, failed.size(), failed.isEmpty() ? "" : " (seeds " + failed + ")");
        main.err.printf("host: %.1f s, %.2f M ops/s%n", secs, totalOps / secs / 1e6);
        return failed.isEmpty() ? ExitCodes.OK : ExitCodes.PROGRAM_FAILED;
    }

    private record Seeded(long seed, TesterResult result) {}

    private static void range(String flag, long value, long min, long max) {
        if (value < min || value > max) {
            throw new UserError(flag + " must be " + min + ".." + max + ", got " + value);
        }
    }
}
