package org.fdrsim.recorder.buffer;

/**
 * One log buffer's hardware parameters.
 *
 * @param kind          which log
 * @param capacityBytes buffer size
 * @param bytesPerCycle drain bandwidth into the compressor, in bytes per processor cycle
 *                      (10 MB/s at 4 GHz = 0.0025; MB = 10^6 bytes)
 * @param entryBytes    bytes per entry (0 = variable size)
 */
public record BufferSpec(LogKind kind, int capacityBytes, double bytesPerCycle, int entryBytes) {
    public BufferSpec {
        if (capacityBytes <= 0) {
            throw new IllegalArgumentException(kind.key() + " buffer: capacity must be positive, got " + capacityBytes);
        }
        if (!(bytesPerCycle > 0) || Double.isInfinite(bytesPerCycle)) {
            throw new IllegalArgumentException(kind.key() + " buffer: drain bandwidth must be positive, got "
                    + bytesPerCycle);
        }
        if (entryBytes < 0 || entryBytes > capacityBytes) {
            throw new IllegalArgumentException(kind.key() + " buffer: entry size must be 0 (variable) .. capacity, got "
                    + entryBytes);
        }
    }

    /** A spec from Table 3's units: KB (1024 bytes) and MB/s (10^6 bytes per second). */
    public static BufferSpec of(LogKind kind, int sizeKB, double drainMBps, int entryBytes, double clockGHz) {
        return new BufferSpec(kind, sizeKB * 1024, drainMBps * 1e6 / (clockGHz * 1e9), entryBytes);
    }
}
