package org.fdrsim.replayer.debug;

/**
 * A write that changed a watched word: the writer (a processor, or a DMA engine with agent
 * number P.. and pc -1), the IC of the writing instruction (block) in the interval, and the word
 * before and after.
 */
public record WriteHit(int agent, boolean dma, long ic, int pc, long address, long oldValue, long newValue) {
    /** {@code cpu 1 ic 97 pc 12} or {@code dma 2 ic 3}, then {@code  0x1000: 5 -> 6}. */
    public String describe() {
        return (dma ? "dma " + agent + " ic " + ic : "cpu " + agent + " ic " + ic + " pc " + pc)
                + String.format("  *0x%x: %d -> %d", address, oldValue, newValue);
    }
}
