package org.fdrsim.recorder.dump;

import java.util.List;

/**
 * Figures about the recording that are not needed to replay it.
 *
 * @param cycles                   largest processor clock at the trigger
 * @param instructions             instructions committed over the whole run (all intervals, all cpus)
 * @param checkpointsTaken         checkpoints taken, including checkpoint 0 at cycle 0
 * @param checkpointsDropped       checkpoints discarded by the retention policy
 * @param checkpointsDroppedEarly  of those, how many were dropped because the reserved memory was full
 * @param quiesceCycles            total cycles spent quiescing for checkpoints
 * @param reservedCapacityBytes    the reservation (reservedMemoryPercent of memory)
 * @param reservedUsedBytes        compressed log bytes held at the trigger (retained intervals)
 * @param reservedPeakBytes        the most ever held
 * @param replayIntervalTargetCycles the retention policy's target
 * @param logStalls                per log kind (LogKind order): appends that found the buffer full, whole run;
 *                                 empty in dumps written before these counters existed
 * @param logStallCycles           per log kind: cycles producers waited for the full buffer, whole run
 */
public record DumpSummary(long cycles, long instructions, int checkpointsTaken, int checkpointsDropped,
        int checkpointsDroppedEarly, long quiesceCycles, long reservedCapacityBytes, long reservedUsedBytes,
        long reservedPeakBytes, long replayIntervalTargetCycles, List<Long> logStalls, List<Long> logStallCycles) {
    public DumpSummary {
        logStalls = List.copyOf(logStalls);
        logStallCycles = List.copyOf(logStallCycles);
        if (logStalls.size() != logStallCycles.size()) {
            throw new IllegalArgumentException("stall counts for " + logStalls.size() + " logs, stall cycles for "
                    + logStallCycles.size());
        }
    }
}
