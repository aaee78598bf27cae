package org.fdrsim.coherence.cache;

/**
 * Tags of a set-associative cache with exact LRU, in primitive arrays (no object per line).
 * Frame {@code f} belongs to set {@code f / ways}; a block maps to set
 * {@code (block / 64) mod sets}. LRU keeps a last-use stamp per frame; the victim is an invalid
 * frame if the set has one, else the least recently used.
 */
public final class TagArray {
    /** An invalid frame's tag. Tags are complemented block addresses, so a new array is all invalid without a fill. */
    private static final long INVALID = 0L;
    /** No block: {@link #lastBlock} when the memo is cleared. */
    private static final long NO_BLOCK = -1L;

    private final int sets;
    private final int ways;
    /** {@code sets - 1} when sets is a power of two (every FDR1 cache), else -1: the set index is then a mask. */
    private final long setMask;
    /** {@code ~block} per frame, or {@link #INVALID}. */
    private final long[] tags;
    private final long[] lastUse;
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
        this.tags = new long[sets * ways];
        this.lastUse = new long[sets * ways];
    }

    public int sets() {
        return sets;
    }

    public int ways() {
        return ways;
    }

    public int frames() {
        return tags.length;
    }

    /** The frame holding {@code block} (a block address), or -1. */
    public int lookup(long block) {
        if (block == lastBlock) {
            return lastFrame;
        }
        int base = setOf(block) * ways;
        long tag = ~block;
        for (int f = base; f < base + ways; f++) {
            if (tags[f] == tag) {
                lastBlock = block;
                lastFrame = f;
                return f;
            }
        }
        return -1;
    }

    /**
     * Marks {@code frame} most recently used. A frame that already is keeps its stamp: victims
     * depend only on the order of the stamps, which a second touch would not change.
     */
    public void touch(int frame) {
        if (lastUse[frame] != clock) {
            lastUse[frame] = ++clock;
        }
    }

    /** The frame a new {@code block} should replace: an invalid one, else the LRU one. */
    public int victim(long block) {
        int base = setOf(block) * ways;
        int best = base;
        for (int f = base; f < base + ways; f++) {
            if (tags[f] == INVALID) {
                return f;
            }
            if (lastUse[f] < lastUse[best]) {
                best = f;
            }
        }
        return best;
    }

    /** Puts {@code block} in {@code frame} as most recently used. */
    public void install(int frame, long block) {
        tags[frame] = ~block;
        lastBlock = NO_BLOCK;
        touch(frame);
    }

    public void invalidate(int frame) {
        tags[frame] = INVALID;
        lastBlock = NO_BLOCK;
        lastUse[frame] = 0;
    }

    /** Removes {@code block} if present. */
    public void invalidateBlock(long block) {
        int f = lookup(block);
        if (f >= 0) {
            invalidate(f);
        }
    }

    public boolean isValid(int frame) {
        return tags[frame] != INVALID;
    }

    /** The block in {@code frame}, or -1 if invalid. */
    public long blockAt(int frame) {
        return ~tags[frame]; // INVALID complements to -1
    }

    private int setOf(long block) {
        if (setMask >= 0) {
            return (int) ((block >>> 6) & setMask); // the hit path: no 64-bit division
        }
        return (int) Long.remainderUnsigned(block >>> 6, sets);
    }
}
