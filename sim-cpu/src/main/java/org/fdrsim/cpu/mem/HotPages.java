package org.fdrsim.cpu.mem;

/**
 * The pages {@link SparseMemory} holds unpacked, in the order they became hot (allocated,
 * unpacked or shared from an image): a first-in first-out ring of page numbers. The oldest is
 * the next to pack when the ring is full. The order depends only on the sequence of accesses,
 * never on the host, so which pages are packed is deterministic (not that it shows in any
 * simulated result: packing changes only the host representation).
 */
final class HotPages {
    private static final int INITIAL = 64;

    private final int capacity;
    private long[] ring; // grows up to capacity, so that a small memory keeps a small ring
    private int head;
    private int count;

    /** A ring for at most {@code capacity} pages (at least 1). */
    HotPages(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("the hot set must hold at least one page, not " + capacity);
        }
        this.capacity = capacity;
        this.ring = new long[Math.min(capacity, INITIAL)];
    }

    int capacity() {
        return capacity;
    }

    int size() {
        return count;
    }

    boolean full() {
        return count == capacity;
    }

    /** Adds page number {@code page}, which must not be in the ring; the ring must not be full. */
    void add(long page) {
        if (count == ring.length) {
            grow();
        }
        int tail = head + count;
        ring[tail >= ring.length ? tail - ring.length : tail] = page;
        count++;
    }

    /** Removes and returns the oldest page number; the ring must not be empty. */
    long removeOldest() {
        long page = ring[head];
        head = head + 1 == ring.length ? 0 : head + 1;
        count--;
        return page;
    }

    private void grow() {
        long[] bigger = new long[(int) Math.min(capacity, 2L * ring.length)];
        int first = Math.min(count, ring.length - head);
        System.arraycopy(ring, head, bigger, 0, first);
        System.arraycopy(ring, 0, bigger, first, count - first);
        ring = bigger;
        head = 0;
    }
}
