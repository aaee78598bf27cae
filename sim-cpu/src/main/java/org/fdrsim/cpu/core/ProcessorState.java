package org.fdrsim.cpu.core;

/** What a processor is doing between calls to {@link Processor#run}. */
public enum ProcessorState {
    /** Can execute. */
    RUNNING,
    /** Waiting for a cache miss; the memory system wakes it. */
    STALLED,
    /** Executed {@code wfi}; an interrupt wakes it. */
    SLEEPING,
    /** Executed {@code halt}. */
    HALTED,
    /** Stopped on a fatal fault. */
    FAULTED,
    /** Executed {@code trigger}, or an {@code assert} failed. */
    TRIGGERED;

    /** True for the states a processor never leaves. */
    public boolean isFinal() {
        return this == HALTED || this == FAULTED || this == TRIGGERED;
    }
}
