package org.fdrsim.coherence.dma;

/** The device side of a {@link DmaAgent}: told when a block transfer commits and when it is over. */
public interface DmaClient {
    /**
     * The transfer of {@code block} committed as the engine's instruction {@code engineIc}: for a
     * write, {@code data} is what was written; for a read, the latest version of the block.
     * {@code data} is the engine's buffer: copy it to keep it.
     */
    default void committed(long now, DmaAgent engine, long block, long engineIc, long[] data, boolean write) {}

    /** The engine is free again (a write's Put-Ack arrived, or a read's data was delivered). */
    void finished(long now, DmaAgent engine, long block);
}
