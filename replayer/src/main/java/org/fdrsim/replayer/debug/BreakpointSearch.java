package org.fdrsim.replayer.debug;

import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplaySession;

/**
 * Finds the last breakpoint hit before a position ({@code reverse-continue}) by running a
 * re-executed replay with the breakpoints patched into its copy of the code
 * ({@link ReplaySession#runToBreakpoint}): conditions and cpu filters are checked only where a
 * processor arrives at a breakpoint pc. The caller chooses where the re-execution starts.
 */
final class BreakpointSearch {
    /** A hit: where the replay stopped, the processor at the breakpoint, the breakpoint, the watched writes noted before it. */
    record Hit(ReplayPosition at, int cpu, int number, long writesBefore) {}

    /** {@link #onContinuePath}'s answer when {@code now} is the path's first stop: no hit before it. */
    static final Hit NONE = new Hit(null, -1, 0, 0);

    private BreakpointSearch() {}

    /**
     * Runs {@code s} the way {@code continue} runs from where it is (stop at each arrival,
     * pass it, go on), unbounded; if {@code now} is one of the places it stops, returns the
     * last hit (condition holding) before it, or {@link #NONE}; null once the run has gone past
     * {@code now} without stopping there (or was interrupted). The end of the replay counts as
     * a stop ({@code goto end}, then {@code reverse-continue}). So a
     * {@code reverse-continue} after {@code continue}s from the same start comes back to exactly
     * the stop before, whatever the other agents did.
     */
    static Hit onContinuePath(ReplaySession s, Stops stops, Stops.Condition holds, ReplayPosition now) {
        Hit last = NONE;
        int cpu;
        while ((cpu = s.runToBreakpoint(null)) >= 0) {
            ReplayPosition at = s.position();
            if (at.equals(now)) {
                return last;
            }
            if (!within(at, now)) {
                return null;
            }
            int hit = stops.breakAt(cpu, s.pc(cpu), holds, false);
            if (hit != 0) {
                last = new Hit(at, cpu, hit, stops.writesNoted());
            }
        }
        // continue's last stop is the end of the replay: from there, back to its last hit
        return !s.interrupted() && s.problem() == null && s.position().equals(now) ? last : null;
    }

    /**
     * Runs {@code s} to {@code now} (every agent held at its IC there), stopping at every
     * arrival at a breakpoint; returns the last hit, or {@link #NONE}. Finds every hit inside
     * {@code now} (an arrival of a processor at the IC it has in {@code now} is the stop being
     * left, not an earlier one), in the order the bounded schedule meets them.
     */
    static Hit inside(ReplaySession s, Stops stops, Stops.Condition holds, ReplayPosition now) {
        Hit last = NONE;
        int cpu;
        while ((cpu = s.runToBreakpoint(now)) >= 0) {
            if (s.interval() == now.interval() && s.ic(cpu) >= now.ic(cpu)) {
                continue;
            }
            int hit = stops.breakAt(cpu, s.pc(cpu), holds, false);
            if (hit != 0) {
                last = new Hit(s.position(), cpu, hit, stops.writesNoted());
            }
        }
        return last;
    }

    /** Every agent of {@code p} at or before its place in {@code now}. */
    private static boolean within(ReplayPosition p, ReplayPosition now) {
        if (p.interval() != now.interval()) {
            return p.interval() < now.interval();
        }
        for (int a = 0; a < p.agents(); a++) {
            if (p.ic(a) > now.ic(a)) {
                return false;
            }
        }
        return true;
    }
}
