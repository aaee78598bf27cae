package org.fdrsim.machine.config;

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

    public static MemoryConfig fdr1() {
        return new MemoryConfig(TIMED, 512, 16, 440, 16, 256);
    }

    public boolean ideal() {
        return IDEAL.equals(model);
    }
}
