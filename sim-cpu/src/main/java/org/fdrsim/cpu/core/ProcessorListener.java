package org.fdrsim.cpu.core;

/**
 * Observes what a processor commits, for traces, checkers and logs. A processor without a
 * listener skips every call; the calls happen only at memory accesses and interrupts, never
 * per ordinary instruction.
 */
public interface ProcessorListener {
    /**
     * A load, store or atomic to data memory committed as instruction {@code ic}.
     * {@code value} is the value loaded (loads), stored (stores) or the old value (atomics).
     */
    default void memoryAccess(int cpu, long ic, int pc, long address, boolean write, long value) {}

    /** Interrupt {@code number} was taken after instruction {@code ic} committed. */
    default void interruptTaken(int cpu, long ic, int number) {}
}
