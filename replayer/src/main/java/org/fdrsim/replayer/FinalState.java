package org.fdrsim.replayer;

import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * What the recorded run ended with: the coherent memory image and every processor's state
 * (and every DMA engine's IC). Only the {@link Verifier} sees it, after replay has finished:
 * the {@link Replayer} has no way to read it.
 */
public record FinalState(SparseMemory memory, List<ArchState> cpus) {
    public FinalState {
        cpus = List.copyOf(cpus);
    }
}
