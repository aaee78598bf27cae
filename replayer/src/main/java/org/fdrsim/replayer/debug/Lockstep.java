package org.fdrsim.replayer.debug;

import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplaySession;

/**
 * Drives a {@link ReplaySession} one agent by one instruction (block) at a time, agents in
 * turn, so every commit can be looked at: before an agent steps, the agent its next
 * instruction waits on (by an arc) steps instead, so no step drags another agent along.
 * There is no second replay loop here: each move is {@link ReplaySession#step}.
 */
final class Lockstep {
    /** Looks at the state after agent {@code agent} committed one instruction; true stops the run. */
    interface Check {
        boolean stopAfter(int agent);
    }

    private Lockstep() {}

    /**
     * Runs until {@code check} stops it (true), or every agent has reached {@code bound}
     * (null: the end of the replay), or the replay ends or diverges (false).
     */
    static boolean run(ReplaySession s, ReplayPosition bound, Check check) {
        int agents = s.agentCount();
        while (!s.ended()) {
            if (s.pollInterrupt()) {
                return false; // once a round: the caller sees ReplaySession.interrupted
            }
            boolean moved = false;
            for (int a = 0; a < agents; a++) {
                int x = runnable(s, a, bound);
                if (x < 0) {
                    continue;
                }
                if (!s.step(x)) {
                    return false;
                }
                moved = true;
                if (check.stopAfter(x)) {
                    return true;
                }
            }
            if (!moved) {
                if (bound != null && s.interval() >= bound.interval()) {
                    return false;
                }
                s.finishInterval();
            }
        }
        return false;
    }

    /** The agent to step so that {@code a} gets on (a itself or what it waits on), or -1 if a must not move. */
    static int runnable(ReplaySession s, int a, ReplayPosition bound) {
        int x = a;
        for (int guard = 0; guard <= s.agentCount(); guard++) {
            if (atLimit(s, x, bound)) {
                return -1;
            }
            int b = s.waitsOn(x);
            if (b < 0) {
                return x;
            }
            x = b;
        }
        return -1; // a cycle of waits: the step reports the deadlock
    }

    static boolean atLimit(ReplaySession s, int a, ReplayPosition bound) {
        if (bound != null && s.interval() == bound.interval()) {
            return s.ic(a) >= bound.ic(a);
        }
        return s.ic(a) >= s.endIc(a);
    }
}
