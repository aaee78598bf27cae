package org.fdrsim.machine.config;

import org.fdrsim.coherence.CoherenceConfig;

/**
 * Memory model and memory-controller timing.
 *
 * @param model {@code timed} (caches, directory protocol, torus) or {@code ideal} (one flat
 *     memory, one cycle per instruction: the functional reference machine)
 * @param perCpuMB physical memory per processor, MB (FDR1: 512)
 * @param directoryCycles directory lookup at the home, processor cycles
 * @param dramCycles DRAM access, processor cycles (calibrated: 180 ns uncontended 2-hop miss)
 * @param perturbationCycles a seeded random 0..n added to each DRAM access, so runs with
 *     different seeds differ slightly (Alameldeen and Wood); 0 turns it off
 * @param idealMaxSlice ideal model only: the scheduler runs a processor 1..n cycles at a time
 */
public record MemoryConfig(
        String model, int perCpuMB, int directoryCycles, int dramCycles, int perturbationCycles, int idealMaxSlice) {

    public static final String TIMED = "timed";
    public static final String IDEAL = "ideal";
    /** The ideal machine's longest random slice (a machine-side setting: coherence has no ideal model). */
    private static final int DEFAULT_IDEAL_MAX_SLICE = 256;

    /** FDR1: the memory system's own defaults (512 MB, directory and DRAM cycles), in this file's units. */
    public static MemoryConfig fdr1() {
        CoherenceConfig c = CoherenceConfig.fdr1();
        return new MemoryConfig(TIMED, (int) (c.memoryBytesPerNode() >> 20), c.directoryCycles(), c.memoryCycles(),
                c.memoryPerturbationCycles(), DEFAULT_IDEAL_MAX_SLICE);
    }

    public boolean ideal() {
        return IDEAL.equals(model);
    }
}
