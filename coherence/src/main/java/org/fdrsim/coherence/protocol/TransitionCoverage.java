package org.fdrsim.coherence.protocol;

import java.util.ArrayList;
import java.util.List;

/**
 * How often each cell of a transition table ran: one counter per state x event, so a random
 * test can show which transitions it exercised (and which it never reached).
 */
public final class TransitionCoverage<S extends Enum<S> & Described, E extends Enum<E> & Described,
        A extends Enum<A> & Described> {
    private final TransitionTable<S, E, A> table;
    private final long[] counts;
    private final int events;

    public TransitionCoverage(TransitionTable<S, E, A> table) {
        this.table = table;
        this.events = table.events().size();
        this.counts = new long[table.states().size() * events];
    }

    public void count(int state, int event) {
        counts[state * events + event]++;
    }

    /** Counts {@code times} runs of one cell at once (repeated hits). */
    public void count(int state, int event, long times) {
        counts[state * events + event] += times;
    }

    public long count(S state, E event) {
        return counts[state.ordinal() * events + event.ordinal()];
    }

    /** Adds another coverage of the same table into this one. */
    public void add(TransitionCoverage<S, E, A> other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
    }

    /** The transition cells (not stall, not impossible) that never ran, as "STATE x Event". */
    public List<String> uncovered() {
        List<String> out = new ArrayList<>();
        for (S s : table.states()) {
            for (E e : table.events()) {
                if (table.get(s, e).isTransition() && count(s, e) == 0) {
                    out.add(s.label() + " x " + e.label());
                }
            }
        }
        return out;
    }
}
