package org.fdrsim.debugadapter;

/**
 * Why and where a motion of the replay stopped: the kind of stop, the agent that has the focus
 * there and the debugger's one-line description (shown to the client as output).
 */
public record Stop(Kind kind, int agent, String description) {

    /** What ended the motion. */
    public enum Kind {
        /** A step finished. */
        STEP,
        /** A processor reached a code breakpoint. */
        BREAKPOINT,
        /** A store or DMA write changed a watched word. */
        WATCHPOINT,
        /** Reverse motion reached the start of the replay and stays there. */
        START,
        /** The replay reached its end (the trigger): nothing more runs forward. */
        END,
        /** The replay diverged from its logs. */
        DIVERGED
    }
}
