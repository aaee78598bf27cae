package org.fdrsim.cpu.sim;

import java.util.Arrays;

/**
 * The discrete-event queue. Time is in processor cycles. Events at the same time fire in
 * the order they were scheduled (a sequence number breaks ties), so a run is a pure function
 * of its inputs. A binary heap over parallel arrays: scheduling allocates only when the
 * heap grows.
 */
public final class EventQueue {
    private long[] times = new long[1024];
    private long[] seqs = new long[1024];
    private EventHandler[] handlers = new EventHandler[1024];
    private Object[] payloads = new Object[1024];
    private long[] args = new long[1024];
    private int size;
    private long nextSeq;
    private long now;

    /** The time of the event being handled, or of the last one handled. */
    public long now() {
        return now;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    /** Time of the earliest pending event, or {@link Long#MAX_VALUE} if there is none. */
    public long peekTime() {
        return size == 0 ? Long.MAX_VALUE : times[0];
    }

    /** Schedules {@code handler} at absolute {@code time}, which must not be in the past. */
    public void schedule(long time, EventHandler handler, Object payload, long arg) {
        if (time < now) {
            throw new IllegalStateException("event scheduled in the past: " + time + " < " + now);
        }
        if (size == times.length) {
            grow();
        }
        int i = size++;
        long seq = nextSeq++;
        // sift up
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(time, seq, times[parent], seqs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, time, seq, handler, payload, arg);
    }

    /** Schedules {@code handler} {@code delay} cycles from now. */
    public void scheduleIn(long delay, EventHandler handler, Object payload, long arg) {
        schedule(now + delay, handler, payload, arg);
    }

    /**
     * Fires the earliest event. Returns false if the queue was empty.
     */
    public boolean step() {
        if (size == 0) {
            return false;
        }
        long time = times[0];
        EventHandler handler = handlers[0];
        Object payload = payloads[0];
        long arg = args[0];
        removeTop();
        now = time;
        handler.onEvent(time, payload, arg);
        return true;
    }

    /** Fires events while the earliest is at or before {@code limit}; then time is {@code limit}. */
    public void runUntil(long limit) {
        while (size > 0 && times[0] <= limit) {
            step();
        }
        if (limit > now) {
            now = limit;
        }
    }

    /** Moves time forward without firing anything (used when no event is due before {@code time}). */
    public void advanceTo(long time) {
        if (size > 0 && times[0] < time) {
            throw new IllegalStateException("cannot skip pending event at " + times[0]);
        }
        if (time > now) {
            now = time;
        }
    }

    private void removeTop() {
        int last = --size;
        long t = times[last];
        long s = seqs[last];
        EventHandler h = handlers[last];
        Object p = payloads[last];
        long a = args[last];
        handlers[last] = null;
        payloads[last] = null;
        if (last == 0) {
            return;
        }
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= last) {
                break;
            }
            int right = child + 1;
            if (right < last && before(times[right], seqs[right], times[child], seqs[child])) {
                child = right;
            }
            if (!before(times[child], seqs[child], t, s)) {
                break;
            }
            move(child, i);
            i = child;
        }
        set(i, t, s, h, p, a);
    }

    private static boolean before(long t1, long s1, long t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void move(int from, int to) {
        times[to] = times[from];
        seqs[to] = seqs[from];
        handlers[to] = handlers[from];
        payloads[to] = payloads[from];
        args[to] = args[from];
    }

    private void set(int i, long t, long s, EventHandler h, Object p, long a) {
        times[i] = t;
        seqs[i] = s;
        handlers[i] = h;
        payloads[i] = p;
        args[i] = a;
    }

    private void grow() {
        int n = times.length * 2;
        times = Arrays.copyOf(times, n);
        seqs = Arrays.copyOf(seqs, n);
        handlers = Arrays.copyOf(handlers, n);
        payloads = Arrays.copyOf(payloads, n);
        args = Arrays.copyOf(args, n);
    }
}
