package org.fdrsim.recorder.race;

/**
 * One memory-race (or DMA-race) log entry, FDR1's 9-byte format: 1 byte the other agent's
 * id, 4 bytes the other agent's IC (the arc's start), 4 bytes this agent's IC (the arc's
 * end), big-endian. ICs are 32-bit in the log because they are reset at every checkpoint.
 *
 * @param otherId the agent the arc starts at
 * @param otherIc the instruction the arc starts after
 * @param ownIc   the instruction of this agent that must wait for it
 */
public record RaceEntry(int otherId, long otherIc, long ownIc) {
    /** Bytes per entry. */
    public static final int BYTES = 9;

    /** Writes an entry into {@code out} at {@code off} without allocating. */
    public static void encode(byte[] out, int off, int otherId, long otherIc, long ownIc) {
        out[off] = (byte) otherId;
        putInt(out, off + 1, otherIc);
        putInt(out, off + 5, ownIc);
    }

    /** The arc this entry of agent {@code owner}'s log stands for. */
    public Arc arc(int owner) {
        return new Arc(otherId, otherIc, owner, ownIc);
    }

    /** Reads the entry at {@code off}. */
    public static RaceEntry decode(byte[] in, int off) {
        return new RaceEntry(in[off] & 0xff, getInt(in, off + 1), getInt(in, off + 5));
    }

    private static void putInt(byte[] out, int off, long v) {
        out[off] = (byte) (v >>> 24);
        out[off + 1] = (byte) (v >>> 16);
        out[off + 2] = (byte) (v >>> 8);
        out[off + 3] = (byte) v;
    }

    private static long getInt(byte[] in, int off) {
        return ((in[off] & 0xffL) << 24) | ((in[off + 1] & 0xffL) << 16) | ((in[off + 2] & 0xffL) << 8)
                | (in[off + 3] & 0xffL);
    }
}
