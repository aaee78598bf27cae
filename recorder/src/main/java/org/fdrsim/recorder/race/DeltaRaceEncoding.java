package org.fdrsim.recorder.race;

/**
 * A delta-coded variant of the race-log entry stream, measured beside the paper's fixed
 * 9-byte entries ({@link RaceEntry}): the same 9 bytes per entry, but the own IC is stored as
 * the difference from the previous entry's own IC in the same log, and the other agent's IC
 * as the difference from the last IC logged for that agent. Both are exactly reversible
 * (ICs only grow within a checkpoint interval, where the log restarts), and the small
 * differences leave mostly zero bytes for the compressor. Not what FDR1 logs; see
 * docs/recorder.md.
 */
public final class DeltaRaceEncoding {
    private final long[] lastOther = new long[256];
    private long lastOwn;

    /** Rewrites the 9-byte entry at {@code in[off]} into {@code out[0..9)}, delta-coded. */
    public void encode(byte[] in, int off, byte[] out) {
        int id = in[off] & 0xff;
        long other = u32(in, off + 1);
        long own = u32(in, off + 5);
        RaceEntry.encode(out, 0, id, (other - lastOther[id]) & 0xffffffffL, (own - lastOwn) & 0xffffffffL);
        lastOther[id] = other;
        lastOwn = own;
    }

    /** Undoes {@link #encode} over one segment's whole entry stream, in place. */
    public static void decodeInPlace(byte[] data) {
        if (data.length % RaceEntry.BYTES != 0) {
            throw new IllegalArgumentException("corrupt race log: " + data.length + " bytes is not a whole number of entries");
        }
        long[] other = new long[256];
        long own = 0;
        for (int off = 0; off < data.length; off += RaceEntry.BYTES) {
            int id = data[off] & 0xff;
            other[id] = (other[id] + u32(data, off + 1)) & 0xffffffffL;
            own = (own + u32(data, off + 5)) & 0xffffffffL;
            RaceEntry.encode(data, off, id, other[id], own);
        }
    }

    private static long u32(byte[] b, int p) {
        return ((b[p] & 0xffL) << 24) | ((b[p + 1] & 0xffL) << 16) | ((b[p + 2] & 0xffL) << 8) | (b[p + 3] & 0xffL);
    }

    /** A checkpoint: the log starts afresh. */
    public void reset() {
        java.util.Arrays.fill(lastOther, 0);
        lastOwn = 0;
    }
}
