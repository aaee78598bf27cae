package org.fdrsim.coherence.cache;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;

/**
 * Owned blocks evicted from the L2 whose PutM/PutO is not yet acknowledged. The frame is
 * reused at once; the block, its data and its transient state (MI_A, OI_A, II_A) wait here,
 * because the cache is still the owner and must answer forwarded requests from this copy.
 * Entries are recycled; the map is only looked up, never iterated in simulation order.
 */
public final class WritebackBuffer {
    private final Long2IntOpenHashMap index = new Long2IntOpenHashMap();
    private long[] blocks = new long[4];
    private byte[] states = new byte[4];
    private long[] data = new long[4 * 8];
    private int[] freeList = {3, 2, 1, 0};
    private int freeCount = 4;
    private int size;

    public WritebackBuffer() {
        index.defaultReturnValue(-1);
        Arrays.fill(blocks, -1L);
    }

    /** The entry holding {@code block}, or -1. */
    public int find(long block) {
        return size == 0 ? -1 : index.get(block);
    }

    /** Adds {@code block} with its 8 words from {@code src[offset..]}; returns the entry. */
    public int add(long block, byte state, long[] src, int offset) {
        if (freeCount == 0) {
            grow();
        }
        int e = freeList[--freeCount];
        blocks[e] = block;
        states[e] = state;
        System.arraycopy(src, offset, data, e * 8, 8);
        index.put(block, e);
        size++;
        return e;
    }

    public void remove(int entry) {
        index.remove(blocks[entry]);
        blocks[entry] = -1L;
        freeList[freeCount++] = entry;
        size--;
    }

    public byte state(int entry) {
        return states[entry];
    }

    public void setState(int entry, byte state) {
        states[entry] = state;
    }

    public long block(int entry) {
        return blocks[entry];
    }

    /** The data array; entry {@code e}'s words are at {@code e * 8 .. e * 8 + 7}. */
    public long[] data() {
        return data;
    }

    public int size() {
        return size;
    }

    /** Slots, valid or not (for reports: iterate and skip {@code block(e) == -1}). */
    public int capacity() {
        return blocks.length;
    }

    private void grow() {
        int old = blocks.length;
        int n = old * 2;
        blocks = Arrays.copyOf(blocks, n);
        Arrays.fill(blocks, old, n, -1L);
        states = Arrays.copyOf(states, n);
        data = Arrays.copyOf(data, n * 8);
        freeList = Arrays.copyOf(freeList, n);
        for (int e = n - 1; e >= old; e--) {
            freeList[freeCount++] = e;
        }
    }
}
