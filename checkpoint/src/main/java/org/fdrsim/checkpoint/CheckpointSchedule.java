package org.fdrsim.checkpoint;

/**
 * When logical checkpoints are taken and how many are kept, in processor cycles: a
 * {@link CheckpointConfig} converted once, at the processor clock (FDR1: 4 GHz; the paper
 * states its times in 1 GHz system cycles, so its 333,333,333-cycle interval is 1,333,333,333
 * processor cycles).
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
public record CheckpointSchedule(long intervalCycles, long quiesceCycles, int retained,
        long replayIntervalTargetCycles, long warmupCycles) {

    /** Without a warm-up. */
    public CheckpointSchedule(long intervalCycles, long quiesceCycles, int retained, long replayIntervalTargetCycles) {
        this(intervalCycles, quiesceCycles, retained, replayIntervalTargetCycles, 0);
    }

    /** The first periodic checkpoint's time (Long.MAX_VALUE when periodic checkpoints are off). */
    public long firstCheckpointCycle() {
        if (intervalCycles == 0) {
            return Long.MAX_VALUE;
        }
        return warmupCycles > 0 ? warmupCycles : intervalCycles;
    }

    /**
     * The next periodic checkpoint after one at {@code cycle} whose processors resumed at
     * {@code resume}: one interval later, or the first interval boundary after the resume when
     * the quiesce took longer than an interval (Long.MAX_VALUE when periodic checkpoints are off).
     */
    public long nextCheckpointCycle(long cycle, long resume) {
        if (intervalCycles == 0) {
            return Long.MAX_VALUE;
        }
        long next = cycle + intervalCycles;
        if (next <= resume) {
            next += ((resume - next) / intervalCycles + 1) * intervalCycles;
        }
        return next;
    }
}
