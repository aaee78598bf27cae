package org.fdrsim.replayer;

import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Fault;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * What replay produced, before any comparison with the recorded final state: the replayed
 * memory, processor states and DMA engine ICs, how much was replayed and how fast, and, if the
 * logs could not be replayed to the end, the first problem (a deadlock or a log mismatch).
 *
 * @param memory the replayed memory; null once dropped ({@link #withoutMemory})
 * @param fault  the fault a replayed processor stopped on (the lowest-numbered one), or null
 */
public record ReplayOutcome(
        SparseMemory memory,
        List<ArchState> cpus,
        long[] engineIcs,
        long instructions,
        long dmaBlocks,
        long hostNanos,
        int intervals,
        Divergence problem,
        Fault fault) {

    public ReplayOutcome {
        cpus = List.copyOf(cpus);
        engineIcs = engineIcs.clone();
    }

    /**
     * The same figures without the replayed memory, which a verdict does not need once memory
     * was compared: the verifier's next replay then does not find the last one's memory held.
     */
    public ReplayOutcome withoutMemory() {
        return new ReplayOutcome(null, cpus, engineIcs, instructions, dmaBlocks, hostNanos, intervals, problem, fault);
    }

    public boolean completed() {
        return problem == null;
    }

    /** Replayed instructions per host second. */
    public double instructionsPerSecond() {
        return hostNanos == 0 ? 0 : instructions * 1e9 / hostNanos;
    }
}
