package org.fdrsim.checkpoint;

import org.fdrsim.coherence.cache.FrameLongs;
import org.fdrsim.coherence.cache.FrameObserver;

/**
 * Per L2 frame of one cache, the checkpoint interval (write epoch) in which its block was last
 * stored to, 0 if not since the block was filled (epochs count from 1, so a new array needs no fill): the first store of an interval into a
 * block the cache already held goes to the {@link CheckpointLogger} with the block's value
 * before the store.
 */
final class WriteEpochs implements FrameObserver {
    private final CheckpointLogger logger;
    private final int cpu;
    private final FrameLongs epochOf;
    private int epoch = 1;

    WriteEpochs(CheckpointLogger logger, int cpu, int frames) {
        this.logger = logger;
        this.cpu = cpu;
        this.epochOf = new FrameLongs(frames);
    }

    /** A checkpoint: the next store into each frame is the first of the new interval. */
    void startEpoch() {
        epoch++;
    }

    @Override
    public void blockAllocated(int frame, long block) {
        epochOf.set(frame, 0); // a new block: not stored to in any epoch yet
    }

    @Override
    public void storing(long now, int frame, long block, long[] data, int offset) {
        if (epochOf.get(frame) != epoch) {
            epochOf.set(frame, epoch);
            logger.firstWriteInEpoch(now, cpu, block, data, offset);
        }
    }
}
