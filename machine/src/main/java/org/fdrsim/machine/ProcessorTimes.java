package org.fdrsim.machine;

import java.util.Arrays;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.io.Timers;

/**
 * The run loop's view of the processors: when each can go on next (a tournament tree, so the
 * one furthest behind and the runner-up's time cost O(log n) per change instead of a scan of
 * every processor per pass), how many are live, and the sum of their ICs. A running
 * processor goes on at its clock, a sleeping one at its clock or its timer's deadline, a stalled
 * or stopped one never (the memory system wakes it). Ties go to the lower-numbered processor.
 */
final class ProcessorTimes {
    private static final long NEVER = Long.MAX_VALUE;

    private final Processor[] cpus;
    private final Timers timers;
    private final int leaves;
    /** Tree nodes 1 .. 2 * leaves - 1: the earliest time below a node and whose it is. */
    private final long[] time;
    private final int[] who;
    private final boolean[] live;
    private final long[] ic;
    private int liveCount;
    private long icSum;

    ProcessorTimes(Processor[] cpus, Timers timers) {
        this.cpus = cpus;
        this.timers = timers;
        this.leaves = Integer.highestOneBit(Math.max(1, cpus.length - 1)) * 2;
        this.time = new long[2 * leaves];
        this.who = new int[2 * leaves];
        this.live = new boolean[cpus.length];
        this.ic = new long[cpus.length];
    }

    /** Reads every processor afresh. */
    void rebuild() {
        Arrays.fill(time, NEVER);
        liveCount = 0;
        icSum = 0;
        for (int c = 0; c < cpus.length; c++) {
            Processor p = cpus[c];
            ProcessorState s = p.state();
            live[c] = !s.isFinal();
            ic[c] = p.instructionCount();
            liveCount += live[c] ? 1 : 0;
            icSum += ic[c];
            time[leaves + c] = timeOf(c, p, s);
            who[leaves + c] = c;
        }
        for (int i = leaves + cpus.length; i < 2 * leaves; i++) {
            who[i] = i - leaves;
        }
        for (int i = leaves - 1; i >= 1; i--) {
            pull(i);
        }
    }

    /** Reads processor {@code c} afresh (it ran, or a miss completion woke it). */
    void update(int c) {
        Processor p = cpus[c];
        ProcessorState s = p.state();
        boolean l = !s.isFinal();
        liveCount += (l ? 1 : 0) - (live[c] ? 1 : 0);
        live[c] = l;
        long n = p.instructionCount();
        icSum += n - ic[c];
        ic[c] = n;
        int i = leaves + c;
        time[i] = timeOf(c, p, s);
        for (i >>>= 1; i >= 1; i >>>= 1) {
            pull(i);
        }
    }

    /** The processor furthest behind, or -1 if none can go on by itself. */
    int chosen() {
        return time[1] == NEVER ? -1 : who[1];
    }

    /** Its time ({@link Long#MAX_VALUE}: none). */
    long first() {
        return time[1];
    }

    /** The earliest time of any other processor than {@link #chosen()} ({@link Long#MAX_VALUE}: none). */
    long second() {
        if (time[1] == NEVER) {
            return NEVER;
        }
        long min = NEVER;
        for (int i = leaves + who[1]; i > 1; i >>>= 1) {
            min = Math.min(min, time[i ^ 1]);
        }
        return min;
    }

    /**
     * The latest cycle at which processor {@code me} may access a device before the others have
     * caught up: the earliest other processor's time, less one where a lower-numbered processor is
     * at it (at equal cycles the lower number goes first); {@link Long#MAX_VALUE} if none. Usually
     * asked for {@link #chosen()}, in its slice; a miss completion runs its processor inside an
     * event, and may take an interrupt whose handler starts with a device access. The subtree
     * beside each node on {@code me}'s path holds its earliest time and, among those at that time,
     * the lowest number.
     */
    long deviceHorizon(int me) {
        long min = NEVER;
        for (int i = leaves + me; i > 1; i >>>= 1) {
            int sibling = i ^ 1;
            long t = time[sibling];
            if (t != NEVER && who[sibling] < me) {
                t--;
            }
            min = Math.min(min, t);
        }
        return min;
    }

    boolean anyLive() {
        return liveCount > 0;
    }

    /** The processors' ICs added up (each counts from its last checkpoint). */
    long instructions() {
        return icSum;
    }

    private long timeOf(int c, Processor p, ProcessorState s) {
        if (s == ProcessorState.RUNNING) {
            return p.cycle();
        }
        if (s == ProcessorState.SLEEPING) {
            return Math.max(p.cycle(), timers.nextDeadline(c));
        }
        return NEVER;
    }

    private void pull(int i) {
        int l = 2 * i;
        int r = l + 1;
        if (time[r] < time[l]) { // ties: the left, lower-numbered side
            time[i] = time[r];
            who[i] = who[r];
        } else {
            time[i] = time[l];
            who[i] = who[l];
        }
    }
}
