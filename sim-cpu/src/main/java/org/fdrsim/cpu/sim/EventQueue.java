package org.fdrsim.cpu.sim;

import java.util.Arrays;

/**
 * The discrete-event queue. Time is in processor cycles. Events at the same time fire in
 * the order they were scheduled (a sequence number breaks ties), so a run is a pure function
 * of its inputs. A four-ary heap of (time, sequence, slot) over parallel primitive arrays; an
 * event's handler, payload and argument stay in their slot while the heap sifts (no reference
 * stores, with their GC barriers, per level). Four children a node: half a binary heap's levels,
 * and a node's children are adjacent in each array, which pays where the queue is long (64
 * processors: docs/performance.md, "Stop 28"). Scheduling allocates only when the queue grows.
 */
public final class EventQueue {
    private static final int INITIAL = 1024;
    // the heap, in heap order
    private long[] times = new long[INITIAL];
    private long[] seqs = new long[INITIAL];
    private int[] slots = new int[INITIAL];
    // each event's contents, by slot
    private EventHandler[] handlers = new EventHandler[INITIAL];
    private Object[] payloads = new Object[INITIAL];
    private long[] args = new long[INITIAL];
    /** Slots not in use, a stack: freeSlots[0 .. free). */
    private int[] freeSlots = new int[INITIAL];
    private int free;
    private int size;
    private long nextSeq;
    private long now;

    public EventQueue() {
        for (int i = 0; i < INITIAL; i++) {
            freeSlots[i] = INITIAL - 1 - i;
        }
        free = INITIAL;
    }

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
        int slot = freeSlots[--free];
        handlers[slot] = handler;
        payloads[slot] = payload;
        args[slot] = arg;
        int i = size++;
        long seq = nextSeq++;
        // sift up
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            if (!before(time, seq, times[parent], seqs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, time, seq, slot);
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
        int slot = slots[0];
        EventHandler handler = handlers[slot];
        Object payload = payloads[slot];
        long arg = args[slot];
        handlers[slot] = null;
        payloads[slot] = null;
        freeSlots[free++] = slot;
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
        if (last == 0) {
            return;
        }
        long t = times[last];
        long s = seqs[last];
        int slot = slots[last];
        int i = 0;
        while (true) {
            int first = 4 * i + 1;
            if (first >= last) {
                break;
            }
            // the earliest of up to four children
            int child = first;
            long ct = times[first];
            long cs = seqs[first];
            int end = Math.min(first + 4, last);
            for (int c = first + 1; c < end; c++) {
                long tc = times[c];
                if (tc < ct || (tc == ct && seqs[c] < cs)) {
                    child = c;
                    ct = tc;
                    cs = seqs[c];
                }
            }
            if (!before(ct, cs, t, s)) {
                break;
            }
            move(child, i);
            i = child;
        }
        set(i, t, s, slot);
    }

    private static boolean before(long t1, long s1, long t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void move(int from, int to) {
        times[to] = times[from];
        seqs[to] = seqs[from];
        slots[to] = slots[from];
    }

    private void set(int i, long t, long s, int slot) {
        times[i] = t;
        seqs[i] = s;
        slots[i] = slot;
    }

    private void grow() {
        int old = times.length;
        int n = old * 2;
        times = Arrays.copyOf(times, n);
        seqs = Arrays.copyOf(seqs, n);
        slots = Arrays.copyOf(slots, n);
        handlers = Arrays.copyOf(handlers, n);
        payloads = Arrays.copyOf(payloads, n);
        args = Arrays.copyOf(args, n);
        freeSlots = Arrays.copyOf(freeSlots, n);
        // every slot was in use (the heap was full): the new ones are the free ones
        for (int i = n - 1; i >= old; i--) {
            freeSlots[free++] = i;
        }
    }
}
