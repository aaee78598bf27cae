package org.fdrsim.replayer.debug;

/** Why the debugger stopped where it stopped. */
public enum StopReason {
    /** The engine was opened: the start of the first interval. */
    START,
    /** {@code stepi} / {@code step} / reverse steps finished their count. */
    STEP,
    /** {@code goto C:IC} reached its position (or the nearest cut the arcs allow). */
    GOTO,
    /** A breakpoint was hit ({@link StopEvent#number()} is its number). */
    BREAKPOINT,
    /** A watched word was changed ({@link StopEvent#number()} is the watchpoint, {@link StopEvent#write()} who). */
    WATCHPOINT,
    /** The replay reached the trigger: nothing more runs forward. */
    END,
    /** A reverse command reached the start of the replay and stays there. */
    REACHED_START,
    /** {@link DebugSession#interrupt} stopped a running motion (a DAP {@code pause}). */
    INTERRUPTED,
    /** The replay diverged from its logs ({@link StopEvent#message()} says how). */
    DIVERGED
}
