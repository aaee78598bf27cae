package org.fdrsim.replayer;

import org.fdrsim.cpu.core.Processor;

/**
 * Optional checks during replay (the validation trace is one): the replayer stops each
 * processor at the ICs the probe asks for and shows it the processor there, and shows it every
 * device store. A probe returns a {@link Divergence} to stop replay at the first disagreement.
 */
public interface ReplayProbe {
    ReplayProbe NONE = new ReplayProbe() {};

    /** Called once before each interval (interval numbers as in {@link ReplayInput#firstInterval}). */
    default void startInterval(int interval) {}

    /** The next IC greater than {@code ic} at which processor {@code cpu} should stop for {@link #reached}. */
    default long nextStop(int cpu, long ic) {
        return Long.MAX_VALUE;
    }

    /**
     * Processor {@code p} has committed exactly a stop IC; null if all is well. It is called
     * before an interrupt the log places at that IC is delivered.
     */
    default Divergence reached(int interval, Processor p) {
        return null;
    }

    /** A device store by {@code cpu} (replay does not perform it). */
    default void ioStore(int interval, int cpu, long address, long value) {}

    /**
     * A device store by {@code cpu}, made by the instruction that commits as IC {@code ic} of
     * the interval; by default {@link #ioStore(int, int, long, long)}.
     */
    default void ioStore(int interval, int cpu, long ic, long address, long value) {
        ioStore(interval, cpu, address, value);
    }

    /**
     * Called when interval {@code interval} has been replayed to its end without a problem;
     * a divergence if the probe expected more (or null).
     */
    default Divergence endInterval(int interval) {
        return null;
    }

    /** The first disagreement the probe noticed outside {@link #reached} (device stores), or null. */
    default Divergence pending() {
        return null;
    }
    /** What a probe carries from one point of a replay to the next, kept in a {@link ReplaySnapshot}. */
    interface State {}

    /**
     * The probe's state now, for a snapshot of the session ({@link ReplaySession#save}). A
     * probe whose state steers or checks the rest of the replay (the validation probe's
     * cursors) returns it; a probe with none, or one that only collects what it sees, returns
     * null.
     */
    default State save() {
        return null;
    }

    /** On a fresh probe of the same kind and replay: takes up {@code state}, from {@link #save}. */
    default void restore(State state) {}
}
