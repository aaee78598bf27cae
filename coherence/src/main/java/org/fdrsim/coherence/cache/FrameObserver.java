package org.fdrsim.coherence.cache;

/**
 * State kept per L2 frame beside one cache by someone else (counts or marks indexed by frame):
 * told when a frame takes a new block and on every processor access that hits. The hit calls
 * run once per simulated load or store, so implementations must be cheap and must not
 * allocate. Attached with {@link CacheController#observeFrames}.
 */
public interface FrameObserver {
    /** L2 frame {@code frame} now holds {@code block}, fetched by a miss and not accessed yet. */
    default void blockAllocated(int frame, long block) {}

    /**
     * Instruction {@code ic} of the cache's processor hits the block held in {@code frame}. Hits
     * repeated by a spin loop ({@link CacheController#repeatHits}) report only the last one.
     */
    default void accessed(int frame, long ic) {}

    /**
     * A store that hit is about to write the block {@code block} held in {@code frame}, at cycle
     * {@code now}; its current value, the coherent one since the cache holds it writable, is
     * {@code data[offset .. offset + 8)}. Called after {@link #accessed}; not called again for the
     * stores a spin loop repeats ({@link CacheController#repeatHits}), which write the value the
     * block holds. Do not keep or modify {@code data}.
     */
    default void storing(long now, int frame, long block, long[] data, int offset) {}
}
