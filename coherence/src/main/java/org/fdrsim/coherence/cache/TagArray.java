package org.fdrsim.coherence.cache;

/**
 * Tags of a set-associative cache with exact LRU, in primitive arrays (no object per line).
 * Frame {@code f} belongs to set {@code f / ways}; a block maps to set
 * {@code (block / 64) mod sets}. LRU keeps a last-use stamp per frame; the victim is an invalid
 * frame if the set has one, else the least recently used.
 *
 * <p>Tags and stamps live in pages of 256 sets, made when a block is first installed in one: a
 * 4 MB L2 is 1 MB of tags and stamps, and a short run, or a many-processor machine, touches few
 * of its sets. A set's frames are in one page, its tags and stamps interleaved (a 4-way set's
 * lookup reads 64 contiguous bytes).
 */
public final class TagArray {
    /** An invalid frame's tag. Tags are complemented block addresses, so a new page is all invalid without a fill. */
    private static final long INVALID = 0L;
    /** No block: {@link #lastBlock} when the memo is cleared. */
    private static final long NO_BLOCK = -1L;
    private static final int PAGE_SETS = 256;

    private final int sets;
    private final int ways;
    /** {@code sets - 1} when sets is a power of two (every FDR1 cache), else -1: the set index is then a mask. */
    private final long setMask;
    /** Frames per page: the sets of a page times the ways. */
    private final int pageFrames;
    /** log2 of {@link #pageFrames} when it is a power of two, else -1 (the page is then a division away). */
    private final int pageShift;
    /** Per page, per frame: {@code ~block} or {@link #INVALID} at {@code 2 * i}, the last-use stamp at {@code 2 * i + 1}; null until used. */
    private final long[][] pages;
    /** The block the last lookup found and its frame (consecutive accesses mostly hit one block); cleared when a tag changes. */
    private long lastBlock = NO_BLOCK;
    private int lastFrame;
    /** The last stamp given; starts above 0, the stamp of invalid frames. */
    private long clock = 1;

    public TagArray(CacheGeometry geometry) {
        this(geometry.sets(), geometry.ways());
    }

    public TagArray(int sets, int ways) {
        this.sets = sets;
        this.ways = ways;
        this.setMask = Integer.bitCount(sets) == 1 ? sets - 1 : -1;
        this.pageFrames = Math.min(sets, PAGE_SETS) * ways;
        this.pageShift = Integer.bitCount(pageFrames) == 1 ? Integer.numberOfTrailingZeros(pageFrames) : -1;
        this.pages = new long[(sets + PAGE_SETS - 1) / PAGE_SETS][];
    }

    public int sets() {
        return sets;
    }

    public int ways() {
        return ways;
    }

    public int frames() {
        return sets * ways;
    }

    /** The frame holding {@code block} (a block address), or -1. */
    public int lookup(long block) {
        if (block == lastBlock) {
            return lastFrame;
        }
        int base = setOf(block) * ways;
        long[] page = pages[pageOf(base)];
        if (page == null) {
            return -1;
        }
        long tag = ~block;
        for (int w = 0, i = indexOf(base); w < ways; w++, i += 2) {
            if (page[i] == tag) {
                lastBlock = block;
                lastFrame = base + w;
                return base + w;
            }
        }
        return -1;
    }

    /**
     * Marks {@code frame} (a valid one) most recently used. A frame that already is keeps its
     * stamp: victims depend only on the order of the stamps, which a second touch would not change.
     */
    public void touch(int frame) {
        long[] page = pages[pageOf(frame)];
        int i = indexOf(frame) + 1;
        if (page[i] != clock) {
            page[i] = ++clock;
        }
    }

    /** The frame a new {@code block} should replace: an invalid one, else the LRU one. */
    public int victim(long block) {
        int base = setOf(block) * ways;
        long[] page = pages[pageOf(base)];
        if (page == null) {
            return base;
        }
        int best = base;
        long bestUse = Long.MAX_VALUE;
        for (int w = 0, i = indexOf(base); w < ways; w++, i += 2) {
            if (page[i] == INVALID) {
                return base + w;
            }
            if (page[i + 1] < bestUse) {
                bestUse = page[i + 1];
                best = base + w;
            }
        }
        return best;
    }

    /** Puts {@code block} in {@code frame} as most recently used. */
    public void install(int frame, long block) {
        int p = pageOf(frame);
        if (pages[p] == null) {
            pages[p] = new long[2 * pageFrames];
        }
        pages[p][indexOf(frame)] = ~block;
        lastBlock = NO_BLOCK;
        touch(frame);
    }

    public void invalidate(int frame) {
        long[] page = pages[pageOf(frame)];
        if (page != null) {
            int i = indexOf(frame);
            page[i] = INVALID;
            page[i + 1] = 0;
        }
        lastBlock = NO_BLOCK;
    }

    /** Removes {@code block} if present. */
    public void invalidateBlock(long block) {
        int f = lookup(block);
        if (f >= 0) {
            invalidate(f);
        }
    }

    public boolean isValid(int frame) {
        long[] page = pages[pageOf(frame)];
        return page != null && page[indexOf(frame)] != INVALID;
    }

    /** The block in {@code frame}, or -1 if invalid. */
    public long blockAt(int frame) {
        long[] page = pages[pageOf(frame)];
        return page == null ? -1 : ~page[indexOf(frame)]; // INVALID complements to -1
    }

    /** Pages made so far (for tests). */
    int pagesMade() {
        int n = 0;
        for (long[] page : pages) {
            n += page == null ? 0 : 1;
        }
        return n;
    }

    private int pageOf(int frame) {
        return pageShift >= 0 ? frame >>> pageShift : frame / pageFrames;
    }

    /** Where {@code frame}'s tag is in its page (its stamp follows). */
    private int indexOf(int frame) {
        return 2 * (pageShift >= 0 ? frame & (pageFrames - 1) : frame % pageFrames);
    }

    private int setOf(long block) {
        if (setMask >= 0) {
            return (int) ((block >>> 6) & setMask); // the hit path: no 64-bit division
        }
        return (int) Long.remainderUnsigned(block >>> 6, sets);
    }
}
