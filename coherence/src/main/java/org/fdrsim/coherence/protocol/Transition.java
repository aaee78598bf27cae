package org.fdrsim.coherence.protocol;

import java.util.Arrays;
import java.util.List;

/**
 * One cell of a transition table: what a controller does when event E happens in state S.
 * A cell is either a transition (actions in order, then the next state), a stall (the event
 * waits and is retried later), or impossible (reaching it is a protocol bug).
 */
public final class Transition<S extends Enum<S>, A extends Enum<A>> {
    /** What kind of cell this is. */
    public enum Kind { TRANSITION, STALL, IMPOSSIBLE }

    private final Kind kind;
    private final A[] actions;
    private final S next;
    private final boolean hit;

    Transition(Kind kind, A[] actions, S next, boolean hit) {
        this.kind = kind;
        this.actions = actions;
        this.next = next;
        this.hit = hit;
    }

    public Kind kind() {
        return kind;
    }

    public boolean isTransition() {
        return kind == Kind.TRANSITION;
    }

    /** True if this is a transition whose only action is a hit and the state stays (the fast path). */
    public boolean isHit() {
        return hit;
    }

    /** The actions, in order. The live array: callers must not modify it (hot path, no copy). */
    public A[] actionArray() {
        return actions;
    }

    public List<A> actions() {
        return List.of(actions);
    }

    /** The next state, or null for stall and impossible cells. */
    public S next() {
        return next;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case STALL -> "stall";
            case IMPOSSIBLE -> "impossible";
            case TRANSITION -> Arrays.toString(actions) + " -> " + next;
        };
    }
}
