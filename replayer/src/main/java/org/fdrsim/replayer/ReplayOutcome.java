package org.fdrsim.replayer;

import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * What replay produced, before any comparison with the recorded final state: the replayed
 * memory, processor states and DMA engine ICs, how much was replayed and how fast, and, if the
 * logs could not be replayed to the end, the first problem (a deadlock or a log mismatch).
 */
public record ReplayOutcome(
        SparseMemory memory,
        List<ArchState> cpus,
        long[] engineIcs,
        long instructions,
        long dmaBlocks,
        long hostNanos,
        int intervals,
        Divergence problem) {

    public ReplayOutcome {
        cpus = List.copyOf(cpus);
        engineIcs = engineIcs.clone();
    }

    public boolean completed() {
        return problem == null;
    }

    /** Replayed instructions per host second. */
    public double instructionsPerSecond() {
        return hostNanos == 0 ? 0 : instructions * 1e9 / hostNanos;
    }
}
