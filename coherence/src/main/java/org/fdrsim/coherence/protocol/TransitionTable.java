package org.fdrsim.coherence.protocol;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A protocol controller as data: a state x event matrix of {@link Transition}s, built with a
 * small fluent builder in the style of SLICC ({@code in(S).on(Store).go(SM_AD, SEND_GETM)}).
 * Cells left unspecified are impossible. Lookups are an array index.
 */
public final class TransitionTable<S extends Enum<S> & Described, E extends Enum<E> & Described,
        A extends Enum<A> & Described> {
    private final String title;
    private final S[] states;
    private final E[] events;
    private final A[] actions;
    private final Transition<S, A>[] cells;

    private TransitionTable(String title, S[] states, E[] events, A[] actions, Transition<S, A>[] cells) {
        this.title = title;
        this.states = states;
        this.events = events;
        this.actions = actions;
        this.cells = cells;
    }

    /** Starts a table over all constants of the three enums. */
    public static <S extends Enum<S> & Described, E extends Enum<E> & Described, A extends Enum<A> & Described>
            Builder<S, E, A> builder(String title, Class<S> states, Class<E> events, Class<A> actions) {
        return new Builder<>(title, states.getEnumConstants(), events.getEnumConstants(),
                actions.getEnumConstants());
    }

    public String title() {
        return title;
    }

    public List<S> states() {
        return List.of(states);
    }

    public List<E> events() {
        return List.of(events);
    }

    public List<A> actions() {
        return List.of(actions);
    }

    public Transition<S, A> get(S state, E event) {
        return cells[state.ordinal() * events.length + event.ordinal()];
    }

    /** The cell for state and event ordinals (the controllers keep states as bytes). */
    public Transition<S, A> get(int state, int event) {
        return cells[state * events.length + event];
    }

    /** Builds a table; every cell is impossible until a rule says otherwise. */
    public static final class Builder<S extends Enum<S> & Described, E extends Enum<E> & Described,
            A extends Enum<A> & Described> {
        private final String title;
        private final S[] states;
        private final E[] events;
        private final A[] actions;
        private final Transition<S, A>[] cells;
        private final Transition<S, A> stall;
        private final Transition<S, A> impossible;
        private final A[] noActions;
        private final List<String> duplicates = new ArrayList<>();

        @SuppressWarnings("unchecked")
        private Builder(String title, S[] states, E[] events, A[] actions) {
            this.title = title;
            this.states = states;
            this.events = events;
            this.actions = actions;
            this.cells = (Transition<S, A>[]) new Transition<?, ?>[states.length * events.length];
            this.noActions = (A[]) Array.newInstance(actions.getClass().getComponentType(), 0);
            this.stall = new Transition<>(Transition.Kind.STALL, noActions, null, false);
            this.impossible = new Transition<>(Transition.Kind.IMPOSSIBLE, noActions, null, false);
        }

        /** Rules for one or more states. */
        @SafeVarargs
        @SuppressWarnings("varargs") // copied into an immutable list, never written
        public final Row in(S... from) {
            return new Row(List.of(from));
        }

        public TransitionTable<S, E, A> build() {
            if (!duplicates.isEmpty()) {
                throw new IllegalStateException(title + ": cells defined twice: " + duplicates);
            }
            for (int i = 0; i < cells.length; i++) {
                if (cells[i] == null) {
                    cells[i] = impossible;
                }
            }
            return new TransitionTable<>(title, states, events, actions, cells.clone());
        }

        private void put(S state, E event, Transition<S, A> t) {
            int i = state.ordinal() * events.length + event.ordinal();
            if (cells[i] != null) {
                duplicates.add(state + "/" + event);
            }
            cells[i] = t;
        }

        /** The states a rule applies to. */
        public final class Row {
            private final List<S> from;

            private Row(List<S> from) {
                this.from = from;
            }

            /** The events of the rule. */
            @SafeVarargs
            @SuppressWarnings("varargs") // copied into an immutable list, never written
            public final Cell on(E... on) {
                return new Cell(from, List.of(on));
            }
        }

        /** The state x event cells of a rule, waiting for their content. */
        public final class Cell {
            private final List<S> from;
            private final List<E> on;

            private Cell(List<S> from, List<E> on) {
                this.from = from;
                this.on = on;
            }

            /** Run {@code acts} in order, then move to {@code next}. */
            @SafeVarargs
            @SuppressWarnings("varargs") // copied into fresh arrays, never written
            public final Builder<S, E, A> go(S next, A... acts) {
                Objects.requireNonNull(next, "next");
                List<A> list = List.of(acts);
                for (S s : from) {
                    for (E e : on) {
                        put(s, e, new Transition<>(Transition.Kind.TRANSITION, list.toArray(noActions), next, false));
                    }
                }
                return Builder.this;
            }

            /** Run {@code acts} in order and stay in the same state. */
            @SafeVarargs
            @SuppressWarnings("varargs") // copied into fresh arrays, never written
            public final Builder<S, E, A> stay(A... acts) {
                List<A> list = List.of(acts);
                for (S s : from) {
                    for (E e : on) {
                        put(s, e, new Transition<>(Transition.Kind.TRANSITION, list.toArray(noActions), s, false));
                    }
                }
                return Builder.this;
            }

            /** A hit: the single action {@code hitAction}, same state; controllers take a fast path. */
            public Builder<S, E, A> hit(A hitAction) {
                for (S s : from) {
                    for (E e : on) {
                        A[] acts = java.util.Arrays.copyOf(noActions, 1);
                        acts[0] = hitAction;
                        put(s, e, new Transition<>(Transition.Kind.TRANSITION, acts, s, true));
                    }
                }
                return Builder.this;
            }

            /** The event waits (and is retried when the state changes). */
            public Builder<S, E, A> stall() {
                for (S s : from) {
                    for (E e : on) {
                        put(s, e, stall);
                    }
                }
                return Builder.this;
            }

            /** Documents that the event cannot happen here (the default; listing it explains why). */
            public Builder<S, E, A> impossible() {
                for (S s : from) {
                    for (E e : on) {
                        put(s, e, impossible);
                    }
                }
                return Builder.this;
            }
        }
    }
}
