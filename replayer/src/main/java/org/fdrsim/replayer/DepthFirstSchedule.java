package org.fdrsim.replayer;

/**
 * Picks which agent runs next: demand-driven, depth-first. The current agent runs as far as
 * its logs allow. When it blocks on an arc {@code (i, ic_i) -> (j, n)} it is pushed on the wait
 * stack and agent i runs, but only up to exactly ic_i; then the waiter continues at once. So
 * every agent is as far ahead as possible and its arc sources are as far behind as possible:
 * the replay does not drift back into the recorded order, and an arc missing from the log
 * shows as a different execution rather than being hidden by a lucky schedule. An agent that
 * is already on the wait stack when it is needed closes a cycle: a deadlock, reported with the
 * agents and arcs involved.
 *
 * <p>Roots are taken in a {@link RootOrder}. An agent stopped by the session (at the IC a
 * position asks for, or waiting on such an agent) counts as done for this run.
 */
final class DepthFirstSchedule {
    private final int[] roots;
    private final int[] stack;
    private final boolean[] onStack;
    private final int[] single = new int[1];

    DepthFirstSchedule(RootOrder order, int agents) {
        this.roots = order.roots(agents);
        this.stack = new int[agents + 1];
        this.onStack = new boolean[agents];
    }

    /** Runs every agent of the interval, roots in order, until each is finished or stopped. */
    void runInterval(ReplayAgents agents) {
        drive(agents, roots, roots.length, Long.MAX_VALUE, false);
    }

    /**
     * As {@link #runInterval}, but also returns early when the agents' interrupt asks (polled
     * before each slice) or a processor arrives at a breakpoint: {@link ReplayAgents#stopRequested}.
     */
    void runIntervalInterruptibly(ReplayAgents agents) {
        drive(agents, roots, roots.length, Long.MAX_VALUE, true);
    }

    /** Runs agent {@code a} up to IC {@code target}; other agents only as far as its arcs require. */
    void runAgent(ReplayAgents agents, int a, long target) {
        single[0] = a;
        drive(agents, single, 1, target, false);
    }

    /** Forgets the wait stack of a drive that stops early. */
    private void unwind(int depth) {
        for (int d = 0; d < depth; d++) {
            onStack[stack[d]] = false;
        }
    }

    private void drive(ReplayAgents agents, int[] order, int count, long rootLimit, boolean checkInterrupt) {
        int depth = 0;
        int next = 0;
        int current = -1;
        long limit = rootLimit;
        while (true) {
            if (current < 0) {
                while (next < count && agents.parked(order[next])) {
                    next++;
                }
                if (next == count) {
                    return;
                }
                current = order[next];
                limit = rootLimit;
            }
            if (checkInterrupt && agents.interruptRequested()) {
                unwind(depth);
                return;
            }
            int status = agents.advance(current, limit);
            if (agents.failed()) {
                return;
            }
            if (status == ReplayAgents.AT_BREAKPOINT) {
                unwind(depth); // the agents stay where they are: a consistent cut
                return;
            }
            if (status == ReplayAgents.BLOCKED) {
                int from = agents.blockedOn();
                if (from == current || onStack[from]) {
                    agents.deadlock(stack, depth, current);
                    return;
                }
                if (agents.stopped(from)) {
                    // Its source is held at the position asked for: so is it, for this run.
                    agents.hold(current);
                } else if (agents.exhausted(from)) {
                    agents.deadlock(stack, depth, current);
                    return;
                } else {
                    stack[depth++] = current;
                    onStack[current] = true;
                    current = from;
                    limit = agents.blockedIc();
                    continue;
                }
            }
            // DONE, REACHED or held: back to the agent that waited for this one, if any.
            if (depth > 0) {
                current = stack[--depth];
                onStack[current] = false;
                limit = depth > 0 ? agents.limitOf(stack[depth - 1], current) : rootLimit;
            } else if (count == 1) {
                return;
            } else {
                current = -1;
            }
        }
    }
}
