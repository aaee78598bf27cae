package org.fdrsim.io.device;

/** A multi-block DMA transfer a device hands to its {@link DmaEngine}. */
public interface DmaTransfer {
    /** Number of 64-byte blocks. */
    int blocks();

    /** Memory address of block {@code i} (64-byte aligned). */
    long address(int i);

    /** True: device to memory (DMA write, logged); false: memory to device (DMA read). */
    boolean toMemory();

    /** The earliest time block {@code i} may move (the device's own transfer rate). */
    long readyAt(int i);

    /** The data of block {@code i} of a write. */
    default void fill(int i, long[] out) {}

    /** The data of block {@code i} of a read. */
    default void accept(int i, long[] data) {}

    /** The last block is done at {@code now}; the engine is free. */
    void done(long now);
}
