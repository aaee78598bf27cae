package org.fdrsim.results;

import java.util.Map;
import org.fdrsim.cpu.text.OneLine;

/**
 * What one simulated run measured. Everything is a function of the run's configuration and
 * seed (no host time), so equal specs give equal measurements.
 *
 * @param workload          the workload's key
 * @param seed              the run's seed
 * @param fdr               the recorder was on
 * @param stop              why the run stopped
 * @param output            the program's console output (its result), trimmed
 * @param cpus              processors
 * @param instructions      instructions committed by all processors (over every checkpoint interval)
 * @param cycles            processor cycles until the stop
 * @param simulatedSeconds  cycles at the processor clock
 * @param l2Accesses        accesses that reached the caches (hits and misses, all processors)
 * @param l2Misses          coherence misses (GetS, GetM, upgrades) of all L2s
 * @param sharing           forwarded requests and invalidations received by caches (sharing traffic)
 * @param deviceInterrupts  device interrupts routed to processors (disk, NIC)
 * @param interrupts        interrupts taken (timer and devices; interrupt-log entries, recorder on only)
 * @param dmaBlocks         64-byte blocks DMA-written into memory (DMA-log entries, recorder on only)
 * @param checkpoints       checkpoints taken (recorder on only)
 * @param quiesceCycles     cycles spent in checkpoint quiesces (recorder on only)
 * @param raceStallCycles   cycles processors waited for full race-log buffers
 * @param logs              per log kind (in LogKind order), recorder on only
 * @param arcs              race arcs per policy (fdr, all-arcs, and netzer when traced), recorder on only
 * @param warmupCycles      cycles of warm-up left out of {@code cycles} (and of instructions, logs and arcs)
 * @param totalSeconds      simulated seconds of the whole run, warm-up included
 *
 * <p>{@code instructions}, {@code cycles}, {@code simulatedSeconds}, checkpoints, logs and arcs
 * cover the measured part of the run: after the warm-up, when there is one.
 */
public record Measurement(
        String workload,
        long seed,
        boolean fdr,
        String stop,
        String output,
        int cpus,
        long instructions,
        long cycles,
        double simulatedSeconds,
        long l2Accesses,
        long l2Misses,
        long sharing,
        long deviceInterrupts,
        long interrupts,
        long dmaBlocks,
        long checkpoints,
        long quiesceCycles,
        long raceStallCycles,
        Map<String, LogSize> logs,
        Map<String, Long> arcs,
        long warmupCycles,
        double totalSeconds) {
    /**
     * Why the reports cannot use this measurement, or null. A run always has a processor,
     * finite, non-negative times and counts of 0 or more; one read back from a file that does not
     * (edited, or 1e400, which JSON reads as infinity) would divide by zero, sum an infinity into
     * every figure, or print a negative cycle count as a result.
     */
    public String unusable() {
        if (cpus < 1 || !Double.isFinite(simulatedSeconds) || !Double.isFinite(totalSeconds) || simulatedSeconds < 0
                || totalSeconds < 0) {
            return "cpus " + cpus + ", simulatedSeconds " + simulatedSeconds + ", totalSeconds " + totalSeconds
                    + ": expected at least one processor and finite times of 0 or more";
        }
        long[] counts = {instructions, cycles, l2Accesses, l2Misses, sharing, deviceInterrupts, interrupts, dmaBlocks,
            checkpoints, quiesceCycles, raceStallCycles, warmupCycles};
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] < 0) {
                return COUNTS[i] + " " + counts[i] + ": expected a count of 0 or more";
            }
        }
        for (Map.Entry<String, LogSize> log : logs.entrySet()) {
            LogSize l = log.getValue();
            if (l.entries() < 0 || l.rawBytes() < 0 || l.compressedBytes() < 0 || l.stallCycles() < 0) {
                return "logs." + log.getKey() + ": entries " + l.entries() + ", rawBytes " + l.rawBytes()
                        + ", compressedBytes " + l.compressedBytes() + ", stallCycles " + l.stallCycles()
                        + ": expected counts of 0 or more";
            }
        }
        for (Map.Entry<String, Long> policy : arcs.entrySet()) {
            if (policy.getValue() < 0) {
                return "arcs." + policy.getKey() + " " + policy.getValue() + ": expected a count of 0 or more";
            }
        }
        return null;
    }

    /** The names of {@link #unusable}'s counts, in its order. */
    private static final String[] COUNTS = {"instructions", "cycles", "l2Accesses", "l2Misses", "sharing",
        "deviceInterrupts", "interrupts", "dmaBlocks", "checkpoints", "quiesceCycles", "raceStallCycles", "warmupCycles"};

    /**
     * Why this measurement cannot stand for the run {@code spec} names, on {@code cpus}
     * processors (its configuration's), or null: it must be that run (a file copied from another
     * run, or edited to another seed or processor count, is refused) and {@link #unusable usable}.
     */
    public String unusableAs(RunSpec spec, int cpus) {
        if (!spec.workload().equals(workload) || seed != spec.seed() || fdr != spec.fdr()) {
            return "it holds the run of " + OneLine.of(workload) + " seed " + seed + (fdr ? " with" : " without")
                    + " the recorder, not of " + spec.workload() + " seed " + spec.seed() + (spec.fdr() ? " with" : " without")
                    + " it";
        }
        String unusable = unusable();
        if (unusable == null && this.cpus != cpus) {
            return "it ran on " + this.cpus + " processors, expected " + cpus + " (the run's configuration)";
        }
        return unusable;
    }
}
