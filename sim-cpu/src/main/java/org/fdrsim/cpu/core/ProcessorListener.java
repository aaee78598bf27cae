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

    /**
     * False if {@link #memoryAccess} does nothing (a log that only wants interrupts): the
     * processor then makes no call per memory access. Read when the listener is set.
     */
    default boolean observesMemoryAccesses() {
        return true;
    }

    /**
     * Interrupt {@code number} was taken after instruction {@code ic} committed, at {@code cycle}
     * (the processor's clock then; inside an interpreter slice the processor's own field still
     * holds the slice's start).
     */
    default void interruptTaken(int cpu, long ic, int number, long cycle) {}

    /**
     * The cycle before which processor {@code cpu} may not go on after the last interrupt it
     * took: a log whose buffer is full makes it wait for the drain. 0 (the default) when it never
     * has to wait. A listener that sits in front of another must pass this on, or the other's
     * waits are lost.
     */
    default long waitUntil(int cpu) {
        return 0;
    }
}
