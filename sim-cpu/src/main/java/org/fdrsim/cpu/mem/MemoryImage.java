package org.fdrsim.cpu.mem;

import java.util.Arrays;

/**
 * A {@link SparseMemory}'s contents at one moment, immutable: its pages in address order. Made
 * by {@link SparseMemory#image} without copying (the memory copies a page before it next stores
 * to it) and turned back into a memory by {@link SparseMemory#SparseMemory(MemoryImage)}, which
 * shares the pages the same way. Images taken one after another of a memory share every page
 * not stored to in between, so a series of images holds each version of a page once.
 *
 * <p>Each page is held in the form the memory held it in: a hot page's words, or a packed
 * page's compressed bytes (never written, so sharing them is safe); reading a word of a
 * packed page unpacks it into new buffers, so images may be read from any thread.
 */
public final class MemoryImage {
    private final long size;
    private final long[] bases;
    private final long[][] pages;
    private final byte[][] packed;

    /** Page i is {@code pages[i]}, or if that is null, {@code packed[i]}. */
    MemoryImage(long size, long[] bases, long[][] pages, byte[][] packed) {
        this.size = size;
        this.bases = bases;
        this.pages = pages;
        this.packed = packed;
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
        if (i < 0) {
            return 0;
        }
        int w = (int) (address >>> 3) & (SparseMemory.PAGE_BYTES / 8 - 1);
        return pages[i] != null ? pages[i][w] : PageCodec.word(packed[i], w);
    }

    /** Page {@code i}'s words, shared, never to be written; null if the page is packed. */
    long[] page(int i) {
        return pages[i];
    }

    /** Page {@code i}'s packed bytes, shared, never to be written; null if the page is hot. */
    byte[] packedPage(int i) {
        return packed[i];
    }

    /** Host bytes page {@code i} holds: a page of words, or its packed bytes. */
    int hostBytes(int i) {
        return pages[i] != null ? SparseMemory.PAGE_BYTES : packed[i].length;
    }

    /** Page {@code i}'s array (words or packed bytes): what identifies it among images. */
    Object array(int i) {
        return pages[i] != null ? pages[i] : packed[i];
    }
}
