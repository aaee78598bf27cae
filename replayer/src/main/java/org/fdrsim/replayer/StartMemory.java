package org.fdrsim.replayer;

import org.fdrsim.cpu.mem.SparseMemory;

/**
 * The memory a replay starts from, handed out as a new working copy for every replay (the
 * verifier replays under several schedules, the debugger replays again to go back). A source
 * may hold the image and copy it, or rebuild it each time so that a large image is not held
 * beside the working copy.
 */
public interface StartMemory {
    /** Memory size in bytes. */
    long size();

    /** A new working copy of the start image, owned by the caller. */
    SparseMemory fresh();

    /**
     * Gives back a working copy whose replay is over and whose contents nobody needs any more;
     * a source may reuse its pages for the next {@link #fresh} (default: it does not).
     */
    default void recycle(SparseMemory used) {}

    /** Holds {@code image} and copies it for each replay. */
    static StartMemory holding(SparseMemory image) {
        return new StartMemory() {
            @Override
            public long size() {
                return image.size();
            }

            @Override
            public SparseMemory fresh() {
                return image.copy();
            }
        };
    }
}
