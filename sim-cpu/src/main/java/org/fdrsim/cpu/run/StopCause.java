package org.fdrsim.cpu.run;

/** Why a machine stopped. */
public enum StopCause {
    /** Every processor executed {@code halt}. */
    ALL_HALTED("all processors halted"),
    /** A processor executed {@code trigger} or a failed {@code assert}. */
    TRIGGER("software trigger"),
    /** A processor faulted. */
    FAULT("fatal fault"),
    /** The instruction limit was reached. */
    INSTRUCTION_LIMIT("instruction limit reached"),
    /** The cycle limit was reached. */
    CYCLE_LIMIT("cycle limit reached"),
    /** Every live processor sleeps in {@code wfi} and nothing can wake it. */
    IDLE("every processor waits for an interrupt that cannot come"),
    /** Processors wait for memory and nothing is in flight that could answer (a protocol bug). */
    DEADLOCK("processors wait for memory that never answers"),
    /** The recorder's reserved memory cannot hold the logs of the current checkpoint interval. */
    RESERVE_FULL("reserved log memory full"),
    /** The user asked the machine to stop (Ctrl-C): a trigger like any other. */
    INTERRUPTED("interrupted (Ctrl-C)");

    private final String description;

    StopCause(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
