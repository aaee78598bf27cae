package org.fdrsim.cpu.sim;

import java.util.Arrays;

/**
 * The discrete-event queue. Time is in processor cycles. Events at the same time fire in
 * the order they were scheduled (a sequence number breaks ties), so a run is a pure function
 * of its inputs.
 *
 * <p>Two stores, one order. An event due within {@link #WHEEL} cycles of now (a delivery, a
 * delayed send: nearly all) goes to a timing wheel, one FIFO bucket per cycle, found again
 * through a bitmap: scheduling and firing it compare no times, which no branch predictor could
 * guess. With 6 or 12 events pending that made an event 1.5-2x cheaper than in the heap
 * ({@code EventQueueBenchmark}, docs/performance-history.md, "Stop 28"). A bucket holds one
 * time only (every event in the wheel is due before now + {@code WHEEL}) and its FIFO is
 * scheduling order. Later events wait in a four-ary heap of (time, sequence, slot); a step
 * fires whichever store's earliest event comes first by (time, sequence), so an event that
 * waited in the heap still fires before one scheduled after it for the same time. An event's
 * handler, payload and argument stay in their slot; scheduling allocates only when the queue
 * grows.
 */
public final class EventQueue {
    /** Cycles the wheel spans: a power of two, 64 bitmap words under one summary word. */
    static final int WHEEL = 4096;
    private static final int MASK = WHEEL - 1;
    /** Bitmap words, one bit a bucket. */
    private static final int WORDS = WHEEL / 64;
    private static final int INITIAL = 1024;
    private static final int NONE = -1;

    // each event's contents, by slot
    private EventHandler[] handlers = new EventHandler[INITIAL];
    private Object[] payloads = new Object[INITIAL];
    private long[] args = new long[INITIAL];
    private long[] slotSeqs = new long[INITIAL];
    /** The next slot in the same bucket, or NONE. */
    private int[] slotNext = new int[INITIAL];
    /** Slots not in use, a stack: freeSlots[0 .. free). */
    private int[] freeSlots = new int[INITIAL];
    private int free;

    // the wheel: per bucket (time & MASK) its first and last slot; a bit per non-empty bucket
    private final int[] bucketHead = new int[WHEEL];
    private final int[] bucketTail = new int[WHEEL];
    private final long[] bucketBits = new long[WORDS];
    /** Bit w set when bucketBits[w] is not 0. */
    private long bucketWords;
    private int wheelSize;
    /** The time of the wheel's earliest event, or Long.MAX_VALUE. */
    private long wheelNext = Long.MAX_VALUE;

    // the heap of events due later, in heap order
    private long[] times = new long[64];
    private long[] seqs = new long[64];
    private int[] slots = new int[64];
    private int heapSize;

    private long nextSeq;
    private long now;

    public EventQueue() {
        for (int i = 0; i < INITIAL; i++) {
            freeSlots[i] = INITIAL - 1 - i;
        }
        free = INITIAL;
        Arrays.fill(bucketHead, NONE);
        Arrays.fill(bucketTail, NONE);
    }

    /** The time of the event being handled, or of the last one handled. */
    public long now() {
        return now;
    }

    public boolean isEmpty() {
        return wheelSize + heapSize == 0;
    }

    public int size() {
        return wheelSize + heapSize;
    }

    /** Time of the earliest pending event, or {@link Long#MAX_VALUE} if there is none. */
    public long peekTime() {
        return heapSize == 0 ? wheelNext : Math.min(wheelNext, times[0]);
    }

    /** Schedules {@code handler} at absolute {@code time}, which must not be in the past. */
    public void schedule(long time, EventHandler handler, Object payload, long arg) {
        if (time < now) {
            throw new IllegalStateException("event scheduled in the past: " + time + " < " + now);
        }
        if (free == 0) {
            growSlots();
        }
        int slot = freeSlots[--free];
        handlers[slot] = handler;
        payloads[slot] = payload;
        args[slot] = arg;
        long seq = nextSeq++;
        if (time - now < WHEEL) {
            slotSeqs[slot] = seq;
            slotNext[slot] = NONE;
            int b = (int) time & MASK;
            int last = bucketTail[b];
            if (last == NONE) {
                bucketHead[b] = slot;
                bucketBits[b >>> 6] |= 1L << b; // bit b % 64 of word b / 64: a long shifts by its count mod 64
                bucketWords |= 1L << (b >>> 6);
            } else {
                slotNext[last] = slot;
            }
            bucketTail[b] = slot;
            wheelSize++;
            if (time < wheelNext) {
                wheelNext = time;
            }
        } else {
            push(time, seq, slot);
        }
    }

    /** Schedules {@code handler} {@code delay} cycles from now. */
    public void scheduleIn(long delay, EventHandler handler, Object payload, long arg) {
        schedule(now + delay, handler, payload, arg);
    }

    /**
     * Fires the earliest event. Returns false if the queue was empty.
     */
    public boolean step() {
        int slot;
        long time;
        if (heapSize != 0 && heapFirst()) {
            time = times[0];
            slot = slots[0];
            removeTop();
        } else if (wheelSize != 0) {
            time = wheelNext;
            slot = popWheel(time);
        } else {
            return false;
        }
        EventHandler handler = handlers[slot];
        Object payload = payloads[slot];
        long arg = args[slot];
        handlers[slot] = null;
        payloads[slot] = null;
        freeSlots[free++] = slot;
        now = time;
        handler.onEvent(time, payload, arg);
        return true;
    }

    /** Fires events while the earliest is at or before {@code limit}; then time is {@code limit}. */
    public void runUntil(long limit) {
        while (peekTime() <= limit) {
            step();
        }
        if (limit > now) {
            now = limit;
        }
    }

    /** Moves time forward without firing anything (used when no event is due before {@code time}). */
    public void advanceTo(long time) {
        long first = peekTime();
        if (first < time) {
            throw new IllegalStateException("cannot skip pending event at " + first);
        }
        if (time > now) {
            now = time;
        }
    }

    /** Whether the heap's top comes before the wheel's first event (the heap is not empty). */
    private boolean heapFirst() {
        long t = times[0];
        if (t != wheelNext) {
            return t < wheelNext;
        }
        return seqs[0] < slotSeqs[bucketHead[(int) t & MASK]];
    }

    /** Takes the first event of the bucket of {@code time}, the wheel's earliest; finds the next. */
    private int popWheel(long time) {
        int b = (int) time & MASK;
        int slot = bucketHead[b];
        int next = slotNext[slot];
        bucketHead[b] = next;
        wheelSize--;
        if (next == NONE) {
            bucketTail[b] = NONE;
            int w = b >>> 6;
            long word = bucketBits[w] & ~(1L << b); // bit b % 64, as in schedule
            bucketBits[w] = word;
            if (word == 0) {
                bucketWords &= ~(1L << w);
            }
            wheelNext = wheelSize == 0 ? Long.MAX_VALUE : time + ((nextBucket(b) - b) & MASK);
        }
        return slot;
    }

    /**
     * The first non-empty bucket after {@code b}, going round: bucket order from the earliest is
     * time order, since every event in the wheel is due within {@link #WHEEL} cycles of it.
     */
    private int nextBucket(int b) {
        int w = b >>> 6;
        long word = bucketBits[w] & (-1L << b); // this word's buckets at and after b (b is empty now)
        if (word != 0) {
            return (w << 6) + Long.numberOfTrailingZeros(word);
        }
        long later = w == WORDS - 1 ? 0 : bucketWords & (-1L << (w + 1));
        int v = Long.numberOfTrailingZeros(later != 0 ? later : bucketWords); // else round to the start
        return (v << 6) + Long.numberOfTrailingZeros(bucketBits[v]);
    }

    private void push(long time, long seq, int slot) {
        if (heapSize == times.length) {
            int n = heapSize * 2;
            times = Arrays.copyOf(times, n);
            seqs = Arrays.copyOf(seqs, n);
            slots = Arrays.copyOf(slots, n);
        }
        int i = heapSize++;
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

    private void removeTop() {
        int last = --heapSize;
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
                if (before(times[c], seqs[c], ct, cs)) {
                    child = c;
                    ct = times[c];
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

    private void growSlots() {
        int old = handlers.length;
        int n = old * 2;
        handlers = Arrays.copyOf(handlers, n);
        payloads = Arrays.copyOf(payloads, n);
        args = Arrays.copyOf(args, n);
        slotSeqs = Arrays.copyOf(slotSeqs, n);
        slotNext = Arrays.copyOf(slotNext, n);
        freeSlots = Arrays.copyOf(freeSlots, n);
        // every slot was in use: the new ones are the free ones
        for (int i = n - 1; i >= old; i--) {
            freeSlots[free++] = i;
        }
    }
}
