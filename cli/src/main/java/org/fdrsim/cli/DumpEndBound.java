package org.fdrsim.cli;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.fdrsim.cpu.run.Machine;
import org.fdrsim.recorder.dump.DumpSummary;

/**
 * Stops the re-execution of a dump once it has passed the end of the run the dump holds: more
 * instructions, or a later processor clock, than the dump's summary records. A damaged or forged
 * dump whose program never stops under its configuration (a limit edited away) would otherwise
 * re-execute for ever. Both counts only grow and end exactly at the summary's values when the
 * re-execution reproduces the dump, so the bound never stops one that could; it is polled from a
 * daemon thread, and when it fires changes no output, only how long the refusal takes.
 */
final class DumpEndBound implements AutoCloseable {
    private final ScheduledExecutorService poller;
    private volatile boolean passed;

    private DumpEndBound(Machine machine, DumpSummary end) {
        poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fdr-dump-end");
            t.setDaemon(true);
            return t;
        });
        poller.scheduleAtFixedRate(() -> {
            if (machine.instructionsSoFar() > end.instructions() || machine.cyclesSoFar() > end.cycles()) {
                passed = true;
                machine.requestStop();
            }
        }, 50, 50, TimeUnit.MILLISECONDS);
    }

    /** Watches {@code machine} against the end that {@code end} records. */
    static DumpEndBound watch(Machine machine, DumpSummary end) {
        return new DumpEndBound(machine, end);
    }

    /** Whether the re-execution went past the dump's end (and was stopped). */
    boolean passed() {
        return passed;
    }

    @Override
    public void close() {
        poller.shutdownNow();
    }
}
