package org.fdrsim.replayer.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.replayer.ReplayInput;
import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplaySession;

/**
 * Where the reverse motions ({@code reverse-step}, {@code reverse-continue}) stop: searches of
 * the replay behind a position by re-running it, window by window of the {@link Timeline} or
 * from the start. The live session does not move; {@link DebugSession} re-executes to the
 * answer.
 */
final class ReverseSearch {
    /**
     * What a search found: the position to stop at ({@code null}: the start of the replay), the
     * breakpoint or watchpoint number, the agent that stopped there (-1: none), the watched
     * write (null for a breakpoint).
     */
    record Found(ReplayPosition at, int number, int agent, WriteHit write) {}

    /** The search was interrupted: the live session stays where it was (compared by identity, as is {@link #START}). */
    static final Found INTERRUPTED = new Found(null, -1, -1, null);
    /** Nothing before the position: the motion goes to the start of the replay. */
    static final Found START = new Found(null, 0, -1, null);

    private final ReplayInput input;
    private final ProgramImage program;
    private final Timeline timeline;
    private final Stops stops;
    /** A fresh session at the replay's start. */
    private final Supplier<ReplaySession> fresh;
    /** The breakpoint and watchpoint conditions, evaluated on a given session. */
    private final Function<ReplaySession, Stops.Condition> conditionsOn;

    ReverseSearch(ReplayInput input, Timeline timeline, Stops stops, Supplier<ReplaySession> fresh,
            Function<ReplaySession, Stops.Condition> conditionsOn) {
        this.input = input;
        this.program = input.program();
        this.timeline = timeline;
        this.stops = stops;
        this.fresh = fresh;
        this.conditionsOn = conditionsOn;
    }

    /** A watched write found at {@code at}, as {@link Stops} noted it last. */
    Found watchAt(ReplayPosition at) {
        return new Found(at, stops.lastNumber(), -1, stops.lastWrite());
    }

    /**
     * {@code reverse-step N}: the position where processor {@code f} began the N-th source line
     * before its current one, the others staying where they are at {@code now} as far as the
     * arcs allow; null if that is before the replay's start.
     */
    ReplayPosition lineStart(ReplayPosition now, int f, long n) {
        long keep = n + 1;
        // Where the focus processor arrived at a new line ({interval, IC}), the last keep of
        // them; the start of the replay counts as one; the last one is the start of the current
        // line. Its pc at each IC does not depend on the way there, so only it is stepped (its
        // arc sources as far as needed), window by window from the newest back.
        List<long[]> starts = new ArrayList<>();
        timeline.scanBack(now, (s, bound, atStart) -> {
            List<long[]> window = new ArrayList<>();
            if (atStart) {
                window.add(new long[] {s.interval(), s.ic(f)});
            }
            int prevPc = s.pc(f);
            while (s.interval() < bound.interval() || s.interval() == bound.interval() && s.ic(f) < bound.ic(f)) {
                if (!s.step(f)) {
                    break;
                }
                int pc = s.pc(f);
                if (!Labels.sameLine(program.locationOf(prevPc), program.locationOf(pc))) {
                    window.add(new long[] {s.interval(), s.ic(f)});
                    if (window.size() > keep) {
                        window.remove(0);
                    }
                }
                prevPc = pc;
            }
            starts.addAll(0, window);
            while (starts.size() > keep) {
                starts.remove(0);
            }
            return starts.size() >= keep;
        });
        int index = (int) (starts.size() - 1 - n);
        if (index < 0) {
            return null;
        }
        int interval = (int) starts.get(index)[0];
        long[] ics = now.ics();
        if (interval != now.interval()) {
            // an earlier interval: the others as far as they go in it
            for (int a = 0; a < ics.length; a++) {
                ics[a] = input.intervals().get(interval - input.firstInterval()).endIc(a);
            }
        }
        ics[f] = starts.get(index)[1];
        return new ReplayPosition(interval, ics);
    }

    /**
     * {@code reverse-continue} with breakpoints (and watchpoints without conditions): a fresh
     * replay with the breakpoints patched in runs at full speed ({@link BreakpointSearch}). With
     * breakpoints only, it first runs the way {@code continue} runs: if {@code now} is one of
     * its stops, the stop before it is the answer. Otherwise (or with watchpoints) a fresh
     * replay bounded by {@code now} notes the last hit inside it and the last watched write,
     * and the later of the two is the answer.
     */
    Found lastBreak(ReplayPosition now) {
        BreakpointSearch.Hit hit = null;
        ReplayPosition write = null;
        if (!stops.hasWatches()) {
            ReplaySession s = fresh.get();
            stops.patch(s);
            hit = BreakpointSearch.onContinuePath(s, stops, conditionsOn.apply(s), now);
            if (s.interrupted()) {
                return INTERRUPTED;
            }
        }
        if (hit == null) {
            ReplaySession s = fresh.get();
            stops.arm(s, true);
            stops.patch(s);
            try {
                hit = BreakpointSearch.inside(s, stops, conditionsOn.apply(s), now);
                if (s.interrupted()) {
                    return INTERRUPTED;
                }
                write = stops.takeLastHitBefore(now);
            } finally {
                stops.disarm();
            }
        }
        if (write != null && stops.takenSequence() > hit.writesBefore()) {
            return watchAt(write);
        }
        if (hit.at() == null) {
            return START;
        }
        return new Found(hit.at(), hit.number(), hit.cpu(), null);
    }

    /**
     * {@code reverse-continue} with a conditional watchpoint: window by window from the
     * newest, one instruction per agent at a time, checking after each; the last hit before
     * {@code now} in the first window that has one.
     */
    Found lastHitStepping(ReplayPosition now) {
        ReplayPosition[] last = new ReplayPosition[1];
        int[] lastNumber = new int[1];
        WriteHit[] lastWrite = new WriteHit[1];
        int[] lastAgent = new int[1];
        Timeline.Scan scan = timeline.scanBack(now, (s, bound, atStart) -> {
            stops.arm(s);
            Stops.Condition onS = conditionsOn.apply(s);
            try {
                Lockstep.run(s, bound, a -> {
                    int hit = stops.check(a, onS, false);
                    if (hit != 0) {
                        ReplayPosition at = s.position();
                        if (!at.equals(now)) {
                            last[0] = at;
                            lastNumber[0] = hit;
                            lastAgent[0] = a;
                            lastWrite[0] = stops.isWatch(hit) ? stops.lastWrite() : null;
                        }
                    }
                    return false;
                });
            } finally {
                stops.disarm();
            }
            return last[0] != null;
        });
        if (scan == Timeline.Scan.INTERRUPTED) {
            return INTERRUPTED;
        }
        if (last[0] == null) {
            return START;
        }
        return new Found(last[0], lastNumber[0], lastAgent[0], lastWrite[0]);
    }

    /**
     * {@code reverse-continue} with watchpoints only: window by window from the newest, a
     * replay runs at full speed across the window noting the last watched write (and where it
     * left every agent); the first window with one has the answer.
     */
    Found lastWatchedWrite(ReplayPosition now) {
        ReplayPosition[] at = new ReplayPosition[1];
        Timeline.Scan scan = timeline.scanBack(now, (s, bound, atStart) -> {
            stops.arm(s, true);
            try {
                s.runTo(bound);
                at[0] = stops.takeLastHitBefore(now);
            } finally {
                stops.disarm();
            }
            return at[0] != null;
        });
        if (scan == Timeline.Scan.INTERRUPTED) {
            return INTERRUPTED;
        }
        return at[0] == null ? START : watchAt(at[0]);
    }
}
