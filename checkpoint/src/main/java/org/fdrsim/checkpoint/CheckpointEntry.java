package org.fdrsim.checkpoint;

/**
 * Layout of a cache or memory checkpoint log entry (FDR section 6: "Logging a memory/cache
 * block takes 72 bytes for 64-byte data and 8-byte physical address"): 8-byte block address,
 * then the block's 8 words, all little-endian.
 */
public final class CheckpointEntry {
    public static final int BYTES = 72;

    private CheckpointEntry() {}

    /** Encodes {@code block} and {@code words[offset .. offset + 8)} into {@code entry}. */
    public static void encode(byte[] entry, long block, long[] words, int offset) {
        putLong(entry, 0, block);
        for (int w = 0; w < 8; w++) {
            putLong(entry, 8 + 8 * w, words[offset + w]);
        }
    }

    public static long address(byte[] log, int entryOffset) {
        return getLong(log, entryOffset);
    }

    public static long word(byte[] log, int entryOffset, int w) {
        return getLong(log, entryOffset + 8 + 8 * w);
    }

    static void putLong(byte[] b, int off, long v) {
        for (int i = 0; i < 8; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }

    static long getLong(byte[] b, int off) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[off + i] & 0xffL);
        }
        return v;
    }
}
