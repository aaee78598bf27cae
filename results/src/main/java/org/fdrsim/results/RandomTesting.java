package org.fdrsim.results;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.replayer.Verdict;

/**
 * The paper's random testing: records N perturbed runs of a program (seeds S..S+N-1, S the
 * configuration's seed) and replays each from the oldest retained checkpoint; every replay must
 * be bit-exact. Gathers the distinct signatures (console outputs), the seeds that diverged and
 * the first few divergence reports, so a failure can be rerun with {@code fdr record --seed}.
 */
public final class RandomTesting {
    /** Divergence reports kept (the first, by seed). */
    private static final int REPORTS = 3;

    private RandomTesting() {}

    /** One recorded and replayed run. */
    public record Run(long seed, String signature, Verdict verdict) {}

    /**
     * What {@code runs} runs showed.
     *
     * @param signatures   distinct console outputs and how many runs printed each
     * @param failed       seeds whose replay was not bit-exact
     * @param reports      "seed S: verdict" for the first few of them
     * @param instructions instructions replayed in all
     * @param replayNanos  host time the replays took in all
     */
    public record Outcome(int runs, long firstSeed, TreeMap<String, Integer> signatures, TreeSet<Long> failed,
            List<String> reports, long instructions, long replayNanos) {
        public boolean allBitExact() {
            return failed.isEmpty();
        }
    }

    /**
     * Records and replays {@code runs} runs of {@code program} under {@code base} (recorder on)
     * with {@code threads} workers; {@code finished} hears of each run in seed order, on the
     * calling thread, as soon as it and the runs before it are done.
     */
    public static Outcome run(ProgramImage program, MachineConfig base, int runs, int threads, Consumer<Run> finished)
            throws ConfigException {
        long firstSeed = base.seed();
        List<Callable<Run>> tasks = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            MachineConfig config = new ConfigLoader(base).set("seed", Long.toString(firstSeed + i)).build();
            tasks.add(() -> {
                try {
                    return once(program, config);
                } catch (RuntimeException | Error e) {
                    throw new IllegalStateException("a run failed: " + e, e);
                }
            });
        }
        List<Run> done = new ArrayList<>();
        try {
            Parallel.each(tasks, threads, r -> {
                done.add(r);
                finished.accept(r);
            });
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause()); // the tasks throw nothing checked
        }
        TreeMap<String, Integer> signatures = new TreeMap<>();
        TreeSet<Long> failed = new TreeSet<>();
        List<String> reports = new ArrayList<>();
        long instructions = 0;
        long replayNanos = 0;
        for (Run r : done) {
            signatures.merge(r.signature(), 1, Integer::sum);
            instructions += r.verdict().outcome().instructions();
            replayNanos += r.verdict().outcome().hostNanos();
            if (!r.verdict().bitExact()) {
                failed.add(r.seed());
                if (reports.size() < REPORTS) {
                    reports.add("seed " + r.seed() + ": " + r.verdict().describe());
                }
            }
        }
        return new Outcome(runs, firstSeed, signatures, failed, reports, instructions, replayNanos);
    }

    private static Run once(ProgramImage program, MachineConfig config) {
        Simulation run = Simulation.run(program, config, Console.silent(), RunOptions.LOGS);
        RunResult result = run.result();
        CoreDump dump = run.dump();
        String signature = result.consoleOutput().strip();
        return new Run(config.seed(), signature.isEmpty() ? "(no output)" : signature, DumpReplay.verify(dump, 0));
    }
}
