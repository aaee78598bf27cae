package org.fdrsim.recorder.dump;

import org.fdrsim.cpu.mem.SparseMemory;

/**
 * A dump's final memory image, read page by page: at recording, a view of the stopped
 * machine's memory (no copy); read from a file, the compressed pages there, decoded on each
 * pass. Whoever needs the image as memory ({@link #toMemory}) pays for one copy; the writer
 * and the verifier stream it.
 */
public interface DumpMemory {
    /** Memory size in bytes. */
    long size();

    /** Pages the image lists (pages not listed are all zero). */
    int pageCount();

    /**
     * Visits every listed page in increasing address order with its 512 words. The array is
     * only valid during the call (a decoded image reuses it).
     *
     * @throws java.io.UncheckedIOException if a stored image can no longer be read (the file
     *         was removed or changed after the dump was read)
     */
    void forEachPage(SparseMemory.PageVisitor visitor);

    /** The image as memory: a new copy. */
    default SparseMemory toMemory() {
        SparseMemory m = new SparseMemory(size());
        copyInto(m);
        return m;
    }

    /** Writes every listed page into {@code m} (of the same size); other pages are left as they are. */
    default void copyInto(SparseMemory m) {
        forEachPage((base, words) -> {
            for (int w = 0; w < words.length; w += 8) {
                m.writeBlock(base + 8L * w, words, w);
            }
        });
    }

    /** Same size and the same value at every address. */
    default boolean sameContents(DumpMemory other) {
        return toMemory().sameContents(other.toMemory());
    }

    /** A view of {@code memory}, which must not change while the view is used. */
    static DumpMemory of(SparseMemory memory) {
        return new DumpMemory() {
            @Override
            public long size() {
                return memory.size();
            }

            @Override
            public int pageCount() {
                return memory.pagesInUse();
            }

            @Override
            public void forEachPage(SparseMemory.PageVisitor visitor) {
                memory.forEachPage(visitor);
            }

            @Override
            public SparseMemory toMemory() {
                return memory.copy();
            }
        };
    }
}
