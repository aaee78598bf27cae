package org.fdrsim.checkpoint;

/**
 * When logical checkpoints are taken and how many are kept (FDR section 6, Table 3).
 *
 * @param intervalCycles             cycles between checkpoints (0: only the initial checkpoint
 *                                   at cycle 0). FDR1: 333,333,333 (1/3 s)
 * @param quiesceCycles              fixed cost of the 2-phase commit and the register save, added
 *                                   to the measured drain time. Table 3: 10,000
 * @param retained                   checkpoints kept at most (FDR1: 4)
 * @param replayIntervalTargetCycles the oldest checkpoint is dropped once the second-oldest is at
 *                                   least this old (FDR1: 1,000,000,000 = 1 s)
 */
public record CheckpointConfig(long intervalCycles, long quiesceCycles, int retained,
        long replayIntervalTargetCycles) {
    public CheckpointConfig {
        if (intervalCycles < 0) {
            throw new IllegalArgumentException("checkpoint.intervalCycles must be 0 (off) or positive, got "
                    + intervalCycles);
        }
        if (quiesceCycles < 0) {
            throw new IllegalArgumentException("checkpoint.quiesceCycles must be 0 or more, got " + quiesceCycles);
        }
        if (retained < 2) {
            throw new IllegalArgumentException("checkpoint.retained must be at least 2, got " + retained);
        }
        if (replayIntervalTargetCycles <= 0) {
            throw new IllegalArgumentException("checkpoint.replayIntervalTargetCycles must be positive, got "
                    + replayIntervalTargetCycles);
        }
    }

    /** FDR1: every 333,333,333 cycles, 10,000 cycles to quiesce, four kept, a 1,000,000,000-cycle target. */
    public static CheckpointConfig fdr1() {
        return new CheckpointConfig(333_333_333L, 10_000L, 4, 1_000_000_000L);
    }

    public CheckpointConfig withInterval(long cycles) {
        return new CheckpointConfig(cycles, quiesceCycles, retained, replayIntervalTargetCycles);
    }

    public CheckpointConfig withReplayIntervalTarget(long cycles) {
        return new CheckpointConfig(intervalCycles, quiesceCycles, retained, cycles);
    }
}
