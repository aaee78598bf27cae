package org.fdrsim.machine.config;

import org.fdrsim.checkpoint.CheckpointConfig;

/**
 * Logical checkpoints, taken while the recorder is on (FDR section 6, Table 3). The logs of
 * retained checkpoints are charged to {@code recorder.reservedMemoryPercent}; see
 * docs/checkpoints.md for what happens when that reservation fills.
 *
 * @param intervalCycles             cycles between checkpoints; 0 = only the initial one at cycle 0
 *                                   (FDR1: 333,333,333)
 * @param quiesceCycles              fixed cost of the 2-phase quiesce and register save, on top of the
 *                                   measured drain (Table 3: 10,000)
 * @param retained                   checkpoints kept at most (FDR1: 4)
 * @param replayIntervalTargetCycles drop the oldest once the second-oldest is this old (FDR1: 1 s = 10^9)
 */
public record CheckpointSettings(long intervalCycles, long quiesceCycles, int retained,
        long replayIntervalTargetCycles) {

    public static CheckpointSettings fdr1() {
        CheckpointConfig c = CheckpointConfig.fdr1();
        return new CheckpointSettings(c.intervalCycles(), c.quiesceCycles(), c.retained(),
                c.replayIntervalTargetCycles());
    }

    /** The checkpoint module's configuration (validate first). */
    public CheckpointConfig toConfig() {
        return new CheckpointConfig(intervalCycles, quiesceCycles, retained, replayIntervalTargetCycles);
    }
}
