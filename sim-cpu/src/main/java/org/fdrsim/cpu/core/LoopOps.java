package org.fdrsim.cpu.core;

/**
 * The byte accesses and atomics on a kept page array (small static methods the JIT inlines),
 * for {@link FlatLoop}'s loop and the {@link TranslatedLoop}s alike; word loads and stores too,
 * for the translated loops.
 */
final class LoopOps {
    private static final int WORD_MASK = (1 << (KeptPages.PAGE_SHIFT - 3)) - 1;

    private LoopOps() {
    }

    static long load(long[] page, long a) {
        return page[(int) (a >>> 3) & WORD_MASK];
    }

    static void store(long[] page, long a, long v) {
        page[(int) (a >>> 3) & WORD_MASK] = v;
    }

    static long loadByte(long[] page, long a) {
        return (page[(int) (a >>> 3) & WORD_MASK] >>> ((a & 7) << 3)) & 0xff;
    }

    static void storeByte(long[] page, long a, long v) {
        int i = (int) (a >>> 3) & WORD_MASK;
        long shift = (a & 7) << 3;
        page[i] = (page[i] & ~(0xffL << shift)) | ((v & 0xff) << shift);
    }

    /** Compare and swap: stores {@code replacement} if the word is {@code expected}; returns the old word. */
    static long cas(long[] page, long a, long expected, long replacement) {
        int i = (int) (a >>> 3) & WORD_MASK;
        long old = page[i];
        if (old == expected) {
            page[i] = replacement;
        }
        return old;
    }

    static long swap(long[] page, long a, long v) {
        int i = (int) (a >>> 3) & WORD_MASK;
        long old = page[i];
        page[i] = v;
        return old;
    }

    static long fetchAdd(long[] page, long a, long v) {
        int i = (int) (a >>> 3) & WORD_MASK;
        long old = page[i];
        page[i] = old + v;
        return old;
    }
}
