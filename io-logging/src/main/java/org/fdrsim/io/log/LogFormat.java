package org.fdrsim.io.log;

/**
 * Entry layouts of the I/O logs (FDR section 6, "Recording I/O"). All fields little-endian.
 * <ul>
 *   <li>input log, per processor: 8 B value of an I/O load or {@code rdcycle}, in program order;</li>
 *   <li>interrupt log, per processor: 4 B IC (instructions committed before the interrupt was
 *       taken, low 32 bits) + 2 B interrupt number;</li>
 *   <li>DMA data log, per DMA engine: 8 B block address + 64 B data (the block written), in
 *       the engine's IC order (entry k is the engine's instruction k + 1 of the epoch).</li>
 * </ul>
 */
public final class LogFormat {
    public static final int INPUT_ENTRY_BYTES = 8;
    public static final int INTERRUPT_ENTRY_BYTES = 6;
    public static final int DMA_DATA_ENTRY_BYTES = 72;

    private LogFormat() {}

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

    static void putInt(byte[] b, int off, int v) {
        for (int i = 0; i < 4; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }

    static int getInt(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8 | (b[off + 2] & 0xff) << 16 | (b[off + 3] & 0xff) << 24;
    }

    static void checkWhole(byte[] bytes, int entryBytes, String log) {
        if (bytes.length % entryBytes != 0) {
            throw new IllegalArgumentException(log + ": " + bytes.length + " bytes is not a whole number of "
                    + entryBytes + "-byte entries");
        }
    }
}
