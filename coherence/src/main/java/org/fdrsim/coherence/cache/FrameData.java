package org.fdrsim.coherence.cache;

/**
 * The data of an L2's frames, 8 words per frame, in pages of {@value #PAGE_FRAMES} frames that
 * are allocated when one of their frames first receives a block. A machine's caches would
 * otherwise cost 4 MB each (FDR1) of zeroed host memory before the first instruction, most of
 * it never used by a short run or by a program that touches few blocks. A frame's words are
 * {@code page(frame)[offset(frame) .. offset(frame) + 7]}; only frames that received a block
 * ({@link #allocate}) may be read or written.
 */
final class FrameData {
    private static final int PAGE_SHIFT = 8;
    /** Frames per page (16 KB of data). */
    static final int PAGE_FRAMES = 1 << PAGE_SHIFT;

    private final long[][] pages;

    FrameData(int frames) {
        this.pages = new long[(frames + PAGE_FRAMES - 1) >>> PAGE_SHIFT][];
    }

    /** Makes {@code frame}'s words exist (a block is being installed there). */
    void allocate(int frame) {
        int p = frame >>> PAGE_SHIFT;
        if (pages[p] == null) {
            pages[p] = new long[PAGE_FRAMES * 8];
        }
    }

    /** The page holding {@code frame}'s words (the frame must have been allocated). */
    long[] page(int frame) {
        return pages[frame >>> PAGE_SHIFT];
    }

    /** Where {@code frame}'s first word is in its page. */
    static int offset(int frame) {
        return (frame & (PAGE_FRAMES - 1)) << 3;
    }

    /** Writes {@code frame}'s 8 words from {@code src[0..7]}. */
    void copyIn(int frame, long[] src) {
        System.arraycopy(src, 0, page(frame), offset(frame), 8);
    }

    /** Reads {@code frame}'s 8 words into {@code dst[0..7]}. */
    void copyOut(int frame, long[] dst) {
        System.arraycopy(page(frame), offset(frame), dst, 0, 8);
    }

    /** Word {@code w} (0..7) of {@code frame}. */
    long word(int frame, int w) {
        return page(frame)[offset(frame) + w];
    }

    /** Pages allocated so far. */
    int pagesInUse() {
        int n = 0;
        for (long[] p : pages) {
            if (p != null) {
                n++;
            }
        }
        return n;
    }
}
