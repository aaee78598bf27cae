package org.fdrsim.recorder.race;

/**
 * FDR's fields on a coherence reply, packed into the {@code long} the coherence listener SPI
 * carries: the sender's agent id (1 byte on the wire) and an instruction count of the sender
 * (4 bytes on the wire). Zero means "no arc": IC 0 names no instruction, so nothing needs to
 * be ordered after it.
 */
public final class Piggyback {
    /** Bytes FDR adds to every data reply and invalidation ack: 1 B id + 4 B IC. */
    public static final int WIRE_BYTES = 5;

    private Piggyback() {}

    /** Packs {@code (id, ic)}; 0 if {@code ic <= 0}. Ids 0..255, ICs below 2^56. */
    public static long encode(int id, long ic) {
        return ic <= 0 ? 0 : (ic << 8) | (id & 0xff);
    }

    public static int id(long piggyback) {
        return (int) (piggyback & 0xff);
    }

    public static long ic(long piggyback) {
        return piggyback >>> 8;
    }
}
