package org.fdrsim.recorder.buffer;

/**
 * The physical memory reserved from the operating system for the compressed logs (FDR1: 7%
 * of memory, 34 MB of 512 MB per processor). Compressed chunks are charged here; the paper
 * frees the oldest checkpoint's logs when it is full, which is the checkpoint module's job, so
 * this account only reports whether the reserve would have overflowed.
 */
public final class ReservedMemory {
    private final long capacityBytes;
    private long usedBytes;
    private long peakBytes;
    private Runnable overflow = () -> {};
    private boolean handlingOverflow;

    public ReservedMemory(long capacityBytes) {
        this.capacityBytes = capacityBytes;
    }

    /** {@code percent} of {@code memoryBytes}. */
    public static ReservedMemory percentOf(long memoryBytes, double percent) {
        return new ReservedMemory((long) (memoryBytes * percent / 100.0));
    }

    public void charge(long bytes) {
        usedBytes += bytes;
        peakBytes = Math.max(peakBytes, usedBytes);
        if (usedBytes > capacityBytes && !handlingOverflow) {
            handlingOverflow = true;
            try {
                overflow.run(); // may release() the logs of discarded checkpoints
            } finally {
                handlingOverflow = false;
            }
        }
    }

    /**
     * Called when a charge takes the account over capacity (the checkpoint controller drops the
     * oldest checkpoint, or stops the recorder); by default nothing happens.
     */
    public void setOverflowHandler(Runnable handler) {
        this.overflow = handler == null ? () -> {} : handler;
    }

    /** Returns {@code bytes} (the logs of a discarded checkpoint). */
    public void release(long bytes) {
        usedBytes = Math.max(0, usedBytes - bytes);
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    public long usedBytes() {
        return usedBytes;
    }

    public long peakBytes() {
        return peakBytes;
    }

    public boolean overflowed() {
        return peakBytes > capacityBytes;
    }
}
