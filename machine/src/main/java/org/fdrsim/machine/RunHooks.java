package org.fdrsim.machine;

import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;

/**
 * What takes part in the timed machine's run loop beside the processors and the event queue:
 * logical checkpoints, split interpreter slices, the stop's flush. Called per slice, miss
 * completion or checkpoint, never per instruction. {@link #NONE} is a machine without FDR.
 */
interface RunHooks {
    RunHooks NONE = new RunHooks() {};

    /** Before the first slice: returns the first checkpoint's time (Long.MAX_VALUE: none). */
    default long start() {
        return Long.MAX_VALUE;
    }

    /** Instructions committed in the checkpoint intervals before the current one. */
    default long instructionsBefore() {
        return 0;
    }

    /** True when the run must stop because the hooks cannot go on (reserved log memory full). */
    default boolean stopRequested() {
        return false;
    }

    /**
     * A checkpoint at {@code cycle}: the machine is quiescent after draining until
     * {@code drainEnd}. Returns the time processors resume at.
     */
    default long checkpoint(long cycle, long drainEnd) {
        return drainEnd;
    }

    /** The next checkpoint's time after one at {@code cycle} that resumed at {@code resume}. */
    default long nextCheckpoint(long cycle, long resume) {
        return Long.MAX_VALUE;
    }

    /** One interpreter slice of {@code p}: {@code p.run(cycleLimit, icLimit)}, or its equivalent. */
    default ProcessorState runSlice(Processor p, long cycleLimit, long icLimit) {
        return p.run(cycleLimit, icLimit);
    }

    /** After a miss completion retired {@code p}'s stalled instruction inside its event. */
    default void afterMiss(Processor p) {}

    /** True if the machine freezes and drains at the stop, then calls {@link #stop}. */
    default boolean freezesAtStop() {
        return false;
    }

    /** The run stopped and the machine is frozen and quiescent at {@code now}. */
    default void stop(long now) {}
}
