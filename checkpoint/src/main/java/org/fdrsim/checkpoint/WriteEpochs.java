package org.fdrsim.checkpoint;

import java.util.Arrays;
import org.fdrsim.coherence.cache.FrameObserver;

/**
 * Per L2 frame of one cache, the checkpoint interval (write epoch) in which its block was last
 * stored to, -1 if not since the block was filled: the first store of an interval into a
 * block the cache already held goes to the {@link CheckpointLogger} with the block's value
 * before the store.
 */
final class WriteEpochs implements FrameObserver {
    private final CheckpointLogger logger;
    private final int cpu;
    private final int[] epochOf;
    private int epoch;

    WriteEpochs(CheckpointLogger logger, int cpu, int frames) {
        this.logger = logger;
        this.cpu = cpu;
        this.epochOf = new int[frames];
        Arrays.fill(epochOf, -1);
    }

    /** A checkpoint: the next store into each frame is the first of the new interval. */
    void startEpoch() {
        epoch++;
    }

    @Override
    public void blockAllocated(int frame, long block) {
        epochOf[frame] = -1; // a new block: not stored to in any epoch yet
    }

    @Override
    public void storing(long now, int frame, long block, long[] data, int offset) {
        if (epochOf[frame] != epoch) {
            epochOf[frame] = epoch;
            logger.firstWriteInEpoch(now, cpu, block, data, offset);
        }
    }
}
