package org.fdrsim.replayer;

import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Fault;
import org.fdrsim.recorder.dump.DumpMemory;

/**
 * What the recorded run ended with: the coherent memory image, every processor's state (and
 * every DMA engine's IC), and the fault that ended it (from the trigger), or null. Only the {@link Verifier} sees it, after replay has finished:
 * the {@link Replayer} has no way to read it. The memory image is read page by page when
 * compared (from the dump file), not held.
 */
public record FinalState(DumpMemory memory, List<ArchState> cpus, Fault fault) {
    public FinalState {
        cpus = List.copyOf(cpus);
    }
}
