package org.fdrsim.checkpoint;

/**
 * When logical checkpoints are taken and how many are kept (FDR section 6, Table 3). Every
 * time is in processor cycles (FDR1: 4 GHz; the paper states its times in 1 GHz system cycles,
 * so its 333,333,333-cycle interval is 1,333,333,333 processor cycles).
 *
 * @param intervalCycles             cycles between checkpoints (0: only the initial checkpoint
 *                                   at cycle 0). FDR1: 1/3 s = 1,333,333,333
 * @param quiesceCycles              fixed cost of the 2-phase commit and the register save, added
 *                                   to the measured drain time. Table 3: 10 us = 40,000
 * @param retained                   checkpoints kept at most (FDR1: 4)
 * @param replayIntervalTargetCycles the oldest checkpoint is dropped once the second-oldest is at
 *                                   least this old (FDR1: 1 s = 4,000,000,000)
 * @param warmupCycles               time of the first periodic checkpoint when positive (0: one interval)
 */
public record CheckpointConfig(long intervalCycles, long quiesceCycles, int retained,
        long replayIntervalTargetCycles, long warmupCycles) {
    public CheckpointConfig {
        if (intervalCycles < 0) {
            throw new IllegalArgumentException("checkpoint.interval must be off or positive, got "
                    + intervalCycles + " cycles");
        }
        if (quiesceCycles < 0) {
            throw new IllegalArgumentException("checkpoint.quiesce must be 0 or more, got " + quiesceCycles + " cycles");
        }
        if (retained < 2) {
            throw new IllegalArgumentException("checkpoint.retained must be at least 2, got " + retained);
        }
        if (replayIntervalTargetCycles <= 0) {
            throw new IllegalArgumentException("checkpoint.replayIntervalTarget must be positive, got "
                    + replayIntervalTargetCycles + " cycles");
        }
        if (warmupCycles < 0) {
            throw new IllegalArgumentException("checkpoint.warmup must be off or positive, got " + warmupCycles + " cycles");
        }
    }

    /** Without a warm-up. */
    public CheckpointConfig(long intervalCycles, long quiesceCycles, int retained, long replayIntervalTargetCycles) {
        this(intervalCycles, quiesceCycles, retained, replayIntervalTargetCycles, 0);
    }

    /** FDR1 at 4 GHz: every 1/3 s, 10 us to quiesce, four kept, a 1-second target. */
    public static CheckpointConfig fdr1() {
        return new CheckpointConfig(1_333_333_333L, 40_000L, 4, 4_000_000_000L);
    }

    public CheckpointConfig withInterval(long cycles) {
        return new CheckpointConfig(cycles, quiesceCycles, retained, replayIntervalTargetCycles, warmupCycles);
    }

    public CheckpointConfig withReplayIntervalTarget(long cycles) {
        return new CheckpointConfig(intervalCycles, quiesceCycles, retained, cycles, warmupCycles);
    }

    /** The first periodic checkpoint's time (Long.MAX_VALUE when periodic checkpoints are off). */
    public long firstCheckpointCycle() {
        if (intervalCycles == 0) {
            return Long.MAX_VALUE;
        }
        return warmupCycles > 0 ? warmupCycles : intervalCycles;
    }
}
