package org.fdrsim.recorder.race;

import org.fdrsim.coherence.cache.CacheController;
import org.fdrsim.coherence.cache.FrameLongs;
import org.fdrsim.coherence.cache.FrameObserver;

/**
 * FDR's CIC array for one processor's cache (section 4.3): per L2 frame, the IC of the last
 * instruction that accessed the block held there, or -1 if none since the block was filled.
 * It lives beside the cache as a frame observer; the race recorder reads it when a reply for
 * a block leaves the cache ({@link AgentView#lastAccessIc}). Stored as IC + 1, so that 0 means none
 * and a new array needs no fill.
 */
public final class CicArray implements FrameObserver {
    private final CacheController cache;
    /** Per frame: the last access's IC + 1, or 0. */
    private final FrameLongs ics;

    private CicArray(CacheController cache) {
        this.cache = cache;
        this.ics = new FrameLongs(cache.l2Frames());
    }

    /** A CIC array kept for {@code cache} from now on. */
    public static CicArray attach(CacheController cache) {
        CicArray cic = new CicArray(cache);
        cache.observeFrames(cic);
        return cic;
    }

    @Override
    public void blockAllocated(int frame, long block) {
        ics.set(frame, 0); // a new block: no access to it yet
    }

    @Override
    public void accessed(int frame, long ic) {
        ics.set(frame, ic + 1);
    }

    /**
     * The IC of the last access to {@code block} while it has been in its L2 frame; -1 if the
     * block is not in the L2 (replaced, or only in the writeback buffer) or was not accessed
     * since it was filled.
     */
    public long lastAccessIc(long block) {
        int frame = cache.l2Frame(block);
        return frame >= 0 ? ics.get(frame) - 1 : -1;
    }

    /** Sets every frame's IC to {@code value} (0 at a checkpoint: older accesses need no arc). */
    public void reset(long value) {
        ics.fill(value + 1);
    }
}
