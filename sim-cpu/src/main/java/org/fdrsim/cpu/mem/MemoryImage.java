package org.fdrsim.cpu.mem;

import java.util.Arrays;

/**
 * A {@link SparseMemory}'s contents at one moment, immutable: its pages in address order. Made
 * by {@link SparseMemory#image} without copying (the memory copies a page before it next stores
 * to it) and turned back into a memory by {@link SparseMemory#SparseMemory(MemoryImage)}, which
 * shares the pages the same way. Images taken one after another of a memory share every page
 * not stored to in between, so a series of images holds each version of a page once.
 */
public final class MemoryImage {
    private final long size;
    private final long[] bases;
    private final long[][] pages;

    MemoryImage(long size, long[] bases, long[][] pages) {
        this.size = size;
        this.bases = bases;
        this.pages = pages;
    }

    /** The memory's size in bytes. */
    public long size() {
        return size;
    }

    /** The number of pages the image holds (pages never written are not held: they read as 0). */
    public int pages() {
        return bases.length;
    }

    /** The base address of page {@code i} (ascending in i). */
    public long base(int i) {
        return bases[i];
    }

    /** The word at {@code address} (8-byte aligned, inside memory). */
    public long loadWord(long address) {
        int i = Arrays.binarySearch(bases, address & -SparseMemory.PAGE_BYTES);
        return i < 0 ? 0 : pages[i][(int) (address >>> 3) & (SparseMemory.PAGE_BYTES / 8 - 1)];
    }

    /** Page {@code i}'s words: shared, never to be written. */
    long[] page(int i) {
        return pages[i];
    }
}
