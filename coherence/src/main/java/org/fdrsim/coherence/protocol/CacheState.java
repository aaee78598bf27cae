package org.fdrsim.coherence.protocol;

/**
 * States of a block at a cache controller (the L2, the coherence point). Names follow Sorin,
 * Hill and Wood, "A Primer on Memory Consistency and Cache Coherence", chapter 8 (MOSI):
 * {@code XY_Z} is on the way from X to Y, waiting for Z (D = data, A = acks, C = ack count).
 *
 * <p>The states with an {@code _A} suffix after a writeback ({@link #MI_A}, {@link #OI_A},
 * {@link #II_A}) live in the writeback buffer, not in an L2 frame: the frame is reused at once.
 */
public enum CacheState implements Described {
    I(true, false, false, "Invalid: not present (shared blocks leave silently, so the directory may still list it)."),
    S(true, true, false, "Shared: read-only; memory or the owner supplies data to others."),
    O(true, true, false, "Owned: read-only and dirty; this cache answers forwarded requests and must write back."),
    M(true, true, true, "Modified: read-write, the only copy; answers forwarded requests and must write back."),
    IS_D(false, false, false, "I to S: GetS sent, waiting for data (from memory or the owner)."),
    IM_AD(false, false, false, "I to M: GetM sent, waiting for data and invalidation acks."),
    IM_A(false, false, false, "I to M: data received, waiting for the remaining invalidation acks."),
    SM_AD(false, true, false, "S to M: GetM sent, waiting for data and acks; the old copy is still readable."),
    SM_A(false, true, false, "S to M: data received, waiting for the remaining invalidation acks."),
    OM_AC(false, true, false, "O to M: GetM sent, waiting for the ack count (or a forward that takes the block); still the owner."),
    OM_A(false, true, false, "O to M: ack count received, waiting for the remaining invalidation acks."),
    MI_A(false, false, false, "M evicted: PutM with data sent, block in the writeback buffer, waiting for Put-Ack; still the owner."),
    OI_A(false, false, false, "O evicted: PutO with data sent, block in the writeback buffer, waiting for Put-Ack; still the owner."),
    II_A(false, false, false, "Evicted and ownership given away by a forwarded GetM: waiting for Put-Ack only.");

    private final boolean stable;
    private final boolean readable;
    private final boolean writable;
    private final String description;

    CacheState(boolean stable, boolean readable, boolean writable, String description) {
        this.stable = stable;
        this.readable = readable;
        this.writable = writable;
        this.description = description;
    }

    public boolean isStable() {
        return stable;
    }

    /** Loads may hit (permission, not counting the blocking core that never asks mid-miss). */
    public boolean readable() {
        return readable;
    }

    public boolean writable() {
        return writable;
    }

    /** True for states held in the writeback buffer rather than an L2 frame. */
    public boolean inWritebackBuffer() {
        return this == MI_A || this == OI_A || this == II_A;
    }

    @Override
    public String label() {
        return name();
    }

    @Override
    public String description() {
        return description;
    }

    private static final CacheState[] VALUES = values();

    /** The state with ordinal {@code ordinal} (states are kept as bytes in the cache arrays). */
    public static CacheState of(int ordinal) {
        return VALUES[ordinal];
    }
}
