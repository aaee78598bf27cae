package org.fdrsim.replayer.debug;

import org.fdrsim.replayer.BreakpointStop;
import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplaySession;

/**
 * Finds the last breakpoint hit before a position ({@code reverse-continue}) by running a
 * re-executed replay with the breakpoints patched into its copy of the code
 * ({@link ReplaySession#runToBreakpoint}): conditions and cpu filters are checked only where a
 * processor arrives at a breakpoint pc, without leaving the replay's loop. The caller chooses
 * where the re-execution starts.
 */
final class BreakpointSearch {
    /** A hit: where the replay stopped, the processor at the breakpoint, the breakpoint, the watched writes noted before it. */
    record Hit(ReplayPosition at, int cpu, int number, long writesBefore) {}

    /** The answer when there is no hit before the position. */
    static final Hit NONE = new Hit(null, -1, 0, 0);

    /** The last hit so far, noted in place (a search may meet millions): none while {@code lastNumber} is 0. */
    private final long[] lastIcs;
    private int lastInterval;
    private int lastCpu;
    private int lastNumber;
    private long lastWrites;
    private boolean found;

    private BreakpointSearch(ReplaySession s) {
        lastIcs = new long[s.agentCount()];
    }

    /** Notes hit {@code number} of processor {@code cpu} where {@code s} is now, if there is one. */
    private void note(ReplaySession s, int cpu, int number, long writesBefore) {
        if (number == 0) {
            return;
        }
        lastInterval = s.interval();
        for (int a = 0; a < lastIcs.length; a++) {
            lastIcs[a] = s.ic(a);
        }
        lastCpu = cpu;
        lastNumber = number;
        lastWrites = writesBefore;
    }

    /** The last hit noted, or {@link #NONE}. */
    private Hit last() {
        return lastNumber == 0 ? NONE : new Hit(new ReplayPosition(lastInterval, lastIcs), lastCpu, lastNumber, lastWrites);
    }

    /**
     * Runs {@code s} the way {@code continue} runs from where it is (every arrival at a
     * breakpoint whose cpu and condition hold is a stop), unbounded; if {@code now} is one of
     * its stops, returns the last stop before it, or {@link #NONE}; null if the run went past
     * {@code now} without stopping there (or was interrupted). The end of the replay counts as
     * a stop ({@code goto end}, then {@code reverse-continue}). So a {@code reverse-continue}
     * after {@code continue}s from the same start comes back to exactly the stop before,
     * whatever the other agents did.
     */
    static Hit onContinuePath(ReplaySession s, Stops stops, Stops.Condition holds, ReplayPosition now) {
        BreakpointSearch search = new BreakpointSearch(s);
        BreakpointStop check = cpu -> {
            if (atOrPast(s, now)) {
                search.found = at(s, now);
                return true;
            }
            search.note(s, cpu, stops.breakAt(cpu, s.pc(cpu), holds, false), stops.writesNoted());
            return false;
        };
        if (s.runToBreakpoint(null, check) < 0) {
            search.found = !s.interrupted() && s.problem() == null && at(s, now);
        }
        return search.found ? search.last() : null;
    }

    /**
     * Runs {@code s} to {@code now} (every agent held at its IC there), looking at every
     * arrival at a breakpoint; returns the last hit, or {@link #NONE}. Finds every hit inside
     * {@code now} (an arrival of a processor at the IC it has in {@code now} is the stop being
     * left, not an earlier one), in the order the bounded schedule meets them.
     */
    static Hit inside(ReplaySession s, Stops stops, Stops.Condition holds, ReplayPosition now) {
        BreakpointSearch search = new BreakpointSearch(s);
        s.runToBreakpoint(now, cpu -> {
            if (s.interval() == now.interval() && s.ic(cpu) >= now.ic(cpu)) {
                return false;
            }
            search.note(s, cpu, stops.breakAt(cpu, s.pc(cpu), holds, false), stops.writesNoted());
            return false;
        });
        return search.last();
    }

    /** The replay is at {@code now} exactly. */
    private static boolean at(ReplaySession s, ReplayPosition now) {
        if (s.interval() != now.interval()) {
            return false;
        }
        for (int a = 0; a < now.agents(); a++) {
            if (s.ic(a) != now.ic(a)) {
                return false;
            }
        }
        return true;
    }

    /** The replay is at {@code now} or some agent is past its place there: no earlier stop is to come. */
    private static boolean atOrPast(ReplaySession s, ReplayPosition now) {
        if (s.interval() != now.interval()) {
            return s.interval() > now.interval();
        }
        boolean equal = true;
        for (int a = 0; a < now.agents(); a++) {
            if (s.ic(a) > now.ic(a)) {
                return true;
            }
            equal &= s.ic(a) == now.ic(a);
        }
        return equal;
    }
}
