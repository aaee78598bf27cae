package org.fdrsim.replayer;

/**
 * Told as a forward replay passes a total of replayed instructions (the replay debugger's
 * timeline takes its snapshots here, so every way forward takes them: stepping, running to a
 * position, resuming). Set with {@link ReplaySession#setMilestone}.
 */
@FunctionalInterface
public interface ReplayMilestone {
    /**
     * {@code session} has replayed {@link ReplaySession#instructions} instructions, at least
     * the total asked for, and stands between two runs of an agent, at a cut the arcs allow
     * ({@link ReplaySession#save} may be called); returns the total at which to be told next
     * (above the current one; Long.MAX_VALUE: never).
     */
    long passed(ReplaySession session);
}
