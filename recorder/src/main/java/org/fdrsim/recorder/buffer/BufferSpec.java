package org.fdrsim.recorder.buffer;

/**
 * One log buffer's hardware parameters. (The size of a log's entries is fixed by its format,
 * {@code org.fdrsim.io.log.LogFormat} and {@code RaceEntry}; the buffer takes whatever it is given.)
 *
 * @param kind          which log
 * @param capacityBytes buffer size
 * @param bytesPerCycle drain bandwidth into the compressor, in bytes per processor cycle
 *                      (10 MB/s at 4 GHz = 0.0025; MB = 10^6 bytes)
 */
public record BufferSpec(LogKind kind, int capacityBytes, double bytesPerCycle) {
    public BufferSpec {
        if (capacityBytes <= 0) {
            throw new IllegalArgumentException(kind.key() + " buffer: capacity must be positive, got " + capacityBytes);
        }
        if (!(bytesPerCycle > 0) || Double.isInfinite(bytesPerCycle)) {
            throw new IllegalArgumentException(kind.key() + " buffer: drain bandwidth must be positive, got "
                    + bytesPerCycle);
        }
    }

    /** A spec from Table 3's units: KB (1024 bytes) and MB/s (10^6 bytes per second), at a processor clock of {@code clockGHz}. */
    public static BufferSpec of(LogKind kind, int sizeKB, double drainMBps, double clockGHz) {
        return new BufferSpec(kind, sizeKB * 1024, drainMBps * 1e6 / (clockGHz * 1e9));
    }
}
