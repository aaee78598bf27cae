package org.fdrsim.recorder;

/**
 * The recorder's per-core hardware state in bytes (section 6, Figure 3): the IC register,
 * the VIC (one entry per processor and DMA engine), and a CIC per L2 block frame.
 *
 * @param icBytes  the IC register (32 bits: reset at checkpoints)
 * @param vicBytes VIC entries x 4 bytes
 * @param cicBytes L2 frames x 4 bytes (2 with 16-bit CICs)
 */
public record HardwareState(long icBytes, long vicBytes, long cicBytes) {
    /** The state for {@code agents} VIC entries and {@code l2Frames} frames. */
    public static HardwareState of(int agents, int l2Frames, boolean cic16) {
        return new HardwareState(4, 4L * agents, (cic16 ? 2L : 4L) * l2Frames);
    }

    public long totalBytes() {
        return icBytes + vicBytes + cicBytes;
    }

    /** The CIC array as a share of the L2's data ({@code l2Frames * 64} bytes). */
    public double cicOverhead(int l2Frames) {
        return cicBytes / (64.0 * l2Frames);
    }
}
