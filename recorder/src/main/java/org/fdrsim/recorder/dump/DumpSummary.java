package org.fdrsim.recorder.dump;

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
 */
public record DumpSummary(long cycles, long instructions, int checkpointsTaken, int checkpointsDropped,
        int checkpointsDroppedEarly, long quiesceCycles, long reservedCapacityBytes, long reservedUsedBytes,
        long reservedPeakBytes, long replayIntervalTargetCycles) {}
