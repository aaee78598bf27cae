package org.fdrsim.recorder.buffer;

/**
 * One log's totals over all its buffers.
 *
 * @param entries         entries appended
 * @param rawBytes        bytes appended (before compression)
 * @param compressedBytes LZ4 bytes charged to reserved memory (after a flush: all of them)
 * @param stalls          appends that found the buffer full
 * @param stallCycles     cycles producers waited
 */
public record LogTotals(LogKind kind, long entries, long rawBytes, long compressedBytes, long stalls,
        long stallCycles) {
    /** Raw bytes per 1000 instructions (the field's unit). */
    public double bytesPerKiloInstruction(long instructions) {
        return instructions == 0 ? 0 : rawBytes * 1000.0 / instructions;
    }

    /** MB (10^6 B) per simulated second per processor, raw, at {@code clockGHz}. */
    public double mbPerSecondPerCpu(long cycles, int cpus, double clockGHz, boolean compressed) {
        if (cycles == 0 || cpus == 0) {
            return 0;
        }
        double seconds = cycles / (clockGHz * 1e9);
        return (compressed ? compressedBytes : rawBytes) / 1e6 / seconds / cpus;
    }
}
