package org.fdrsim.coherence.protocol;

/**
 * States of a DMA engine's controller: a pseudo-processor without a cache that moves one
 * block at a time through the directory with ordinary GetM / GetS / PutM requests. A write
 * acquires ownership (invalidating every cached copy, the owner's included), writes the block
 * and writes it back at once, so the directory keeps the engine as the block's last owner.
 */
public enum DmaState implements Described {
    IDLE(true, "No transfer in progress. The engine holds no data: invalidations are acked at once."),
    W_AD(false, "Write: GetM sent; waiting for the data (discarded: the whole block is overwritten) and the acks."),
    W_A(false, "Write: data in, invalidation acks still outstanding."),
    WB_A(false, "Written: Unblock and PutM sent; still the owner until Put-Ack, so forwards are answered from the buffer."),
    WB_II_A(false, "Written: a forwarded GetM took the block before the PutM arrived; waiting for the (stale) Put-Ack."),
    R_D(false, "Read: GetS sent; waiting for the latest version (from memory or the owner).");

    private final boolean stable;
    private final String description;

    DmaState(boolean stable, String description) {
        this.stable = stable;
        this.description = description;
    }

    public boolean isStable() {
        return stable;
    }

    @Override
    public String label() {
        return name();
    }

    @Override
    public String description() {
        return description;
    }

    private static final DmaState[] VALUES = values();

    public static DmaState of(int ordinal) {
        return VALUES[ordinal];
    }
}
