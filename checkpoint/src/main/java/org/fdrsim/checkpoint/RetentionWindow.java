package org.fdrsim.checkpoint;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The retained checkpoints, oldest first, and FDR1's discard policy (section 6): at most
 * {@code retained} are kept, and "when the second-oldest checkpoint is [the replay-interval
 * target] old, the oldest checkpoint is discarded, so that its storage can be used for the
 * logs of the next checkpoint". The newest checkpoint is never dropped.
 *
 * @param <T> what is kept per checkpoint
 */
public final class RetentionWindow<T> {
    private final int retained;
    private final long target;
    private final ToLongFunction<T> cycleOf;
    private final List<T> window = new ArrayList<>();

    public RetentionWindow(int retained, long replayIntervalTargetCycles, ToLongFunction<T> cycleOf) {
        this.retained = retained;
        this.target = replayIntervalTargetCycles;
        this.cycleOf = cycleOf;
    }

    /** Adds the newest checkpoint and applies the policy at {@code now}; returns the dropped ones, oldest first. */
    public List<T> add(T checkpoint, long now) {
        window.add(checkpoint);
        return apply(now);
    }

    /** Applies the policy at {@code now}; returns the dropped checkpoints, oldest first. */
    public List<T> apply(long now) {
        List<T> dropped = new ArrayList<>();
        while (window.size() > retained
                || (window.size() >= 2 && now - cycleOf.applyAsLong(window.get(1)) >= target)) {
            dropped.add(window.remove(0));
        }
        return dropped;
    }

    /** Drops the oldest checkpoint if another remains (reserved memory full); null if only one is left. */
    public T dropOldest() {
        return window.size() >= 2 ? window.remove(0) : null;
    }

    /** Oldest first. */
    public List<T> checkpoints() {
        return List.copyOf(window);
    }

    public int size() {
        return window.size();
    }

    public T newest() {
        return window.get(window.size() - 1);
    }
}
