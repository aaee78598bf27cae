package org.fdrsim.coherence.cache;

import java.util.Arrays;

/**
 * One long per L2 frame, for state kept beside a cache (a CIC array, write epochs), in pages
 * of 1,024 frames made at their first write: a 4 MB L2 has 65,536 frames, and a short run, or a
 * many-processor machine, puts blocks in few of them. A frame of a page not yet made reads as
 * the fill value.
 */
public final class FrameLongs {
    private static final int PAGE_SHIFT = 10;
    private static final int PAGE_MASK = (1 << PAGE_SHIFT) - 1;

    private final long[][] pages;
    /** What every frame of a page not yet made holds. */
    private long fill;

    /** {@code frames} frames, all 0. */
    public FrameLongs(int frames) {
        this.pages = new long[(frames + PAGE_MASK) >>> PAGE_SHIFT][];
    }

    public long get(int frame) {
        long[] page = pages[frame >>> PAGE_SHIFT];
        return page == null ? fill : page[frame & PAGE_MASK];
    }

    public void set(int frame, long value) {
        long[] page = pages[frame >>> PAGE_SHIFT];
        if (page == null) {
            page = make(frame >>> PAGE_SHIFT);
        }
        page[frame & PAGE_MASK] = value;
    }

    /** Sets every frame to {@code value}. */
    public void fill(long value) {
        fill = value;
        for (long[] page : pages) {
            if (page != null) {
                Arrays.fill(page, value);
            }
        }
    }

    /** Pages made so far (for tests). */
    int pagesMade() {
        int n = 0;
        for (long[] page : pages) {
            n += page == null ? 0 : 1;
        }
        return n;
    }

    private long[] make(int p) {
        long[] page = new long[1 << PAGE_SHIFT];
        if (fill != 0) {
            Arrays.fill(page, fill);
        }
        pages[p] = page;
        return page;
    }
}
