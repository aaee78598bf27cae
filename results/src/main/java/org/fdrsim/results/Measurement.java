package org.fdrsim.results;

import java.util.Map;

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
     * Why the reports cannot use this measurement, or null. A run always has a processor and
     * finite, non-negative times; one read back from a file that does not (edited, or 1e400, which
     * JSON reads as infinity) would divide by zero or sum an infinity into every figure.
     */
    public String unusable() {
        if (cpus < 1 || !Double.isFinite(simulatedSeconds) || !Double.isFinite(totalSeconds) || simulatedSeconds < 0
                || totalSeconds < 0) {
            return "cpus " + cpus + ", simulatedSeconds " + simulatedSeconds + ", totalSeconds " + totalSeconds
                    + ": expected at least one processor and finite times of 0 or more";
        }
        return null;
    }
}
