package org.fdrsim.cpu.mem;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * Physical data memory of any size, holding host memory only for pages that were written.
 * Words are 64-bit little-endian; bytes are addressed within their word. A two-level page
 * table of arrays (no hashing) keeps lookups fast and iteration in address order.
 *
 * <p>Reading an untouched address returns 0 and allocates nothing.
 *
 * <p>{@link #image} takes an immutable {@link MemoryImage} without copying: the image and the
 * memory share their pages, and the first store to a shared page copies it (copy-on-write). A
 * memory that never made or started from an image pays one null check per store.
 */
public final class SparseMemory {
    /** Bytes in a page. */
    public static final int PAGE_BYTES = 4096;
    private static final int PAGE_SHIFT = 12;
    private static final int WORDS_PER_PAGE = PAGE_BYTES / 8;
    private static final int CHUNK_SHIFT = 24; // 16 MB per directory chunk
    private static final int PAGES_PER_CHUNK = 1 << (CHUNK_SHIFT - PAGE_SHIFT);
    /** Reads a little-endian word out of a byte array (segments are loaded a word at a time). */
    private static final VarHandle LITTLE_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long size;
    private final long[][][] chunks;
    /** Per chunk, which pages an image shares (copy before storing); null: none shared. */
    private boolean[][] shared;
    private int pagesInUse;

    /** Memory of {@code size} bytes (a multiple of the page size). */
    public SparseMemory(long size) {
        if (size <= 0 || size % PAGE_BYTES != 0) {
            throw new IllegalArgumentException("memory size must be a positive multiple of " + PAGE_BYTES);
        }
        this.size = size;
        long chunkCount = (size + (1L << CHUNK_SHIFT) - 1) >>> CHUNK_SHIFT;
        if (chunkCount > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("memory too large: " + size);
        }
        this.chunks = new long[(int) chunkCount][][];
    }

    /** A memory holding {@code image}'s contents; it shares the image's pages until it stores to them. */
    public SparseMemory(MemoryImage image) {
        this(image.size());
        this.shared = new boolean[chunks.length][];
        for (int i = 0; i < image.pages(); i++) {
            long base = image.base(i);
            int c = (int) (base >>> CHUNK_SHIFT);
            int p = (int) (base >>> PAGE_SHIFT) & (PAGES_PER_CHUNK - 1);
            if (chunks[c] == null) {
                chunks[c] = new long[PAGES_PER_CHUNK][];
                shared[c] = new boolean[PAGES_PER_CHUNK];
            }
            chunks[c][p] = image.page(i);
            shared[c][p] = true;
            pagesInUse++;
        }
    }

    /**
     * An immutable image of the memory now. No data is copied: the image keeps this memory's
     * pages, which become shared, so this memory copies a page before its next store to it.
     */
    public MemoryImage image() {
        if (shared == null) {
            shared = new boolean[chunks.length][];
        }
        long[] bases = new long[pagesInUse];
        long[][] pages = new long[pagesInUse][];
        int n = 0;
        for (int c = 0; c < chunks.length; c++) {
            long[][] chunk = chunks[c];
            if (chunk == null) {
                continue;
            }
            if (shared[c] == null) {
                shared[c] = new boolean[PAGES_PER_CHUNK];
            }
            for (int p = 0; p < PAGES_PER_CHUNK; p++) {
                if (chunk[p] != null) {
                    bases[n] = ((long) c << CHUNK_SHIFT) | ((long) p << PAGE_SHIFT);
                    pages[n++] = chunk[p];
                    shared[c][p] = true;
                }
            }
        }
        return new MemoryImage(size, bases, pages);
    }

    public long size() {
        return size;
    }

    /** True if {@code address} is inside memory. */
    public boolean contains(long address) {
        return address >= 0 && address < size;
    }

    /** The word at {@code address}, which must be 8-byte aligned and inside memory. */
    public long loadWord(long address) {
        long[] page = pageOrNull(address);
        return page == null ? 0 : page[(int) (address >>> 3) & (WORDS_PER_PAGE - 1)];
    }

    public void storeWord(long address, long value) {
        page(address)[(int) (address >>> 3) & (WORDS_PER_PAGE - 1)] = value;
    }

    /** The byte at {@code address}, zero-extended. */
    public int loadByte(long address) {
        return (int) (loadWord(address & ~7L) >>> ((address & 7) * 8)) & 0xff;
    }

    public void storeByte(long address, int value) {
        long[] page = page(address);
        int i = (int) (address >>> 3) & (WORDS_PER_PAGE - 1);
        int shift = (int) (address & 7) * 8;
        page[i] = (page[i] & ~(0xffL << shift)) | ((long) (value & 0xff) << shift);
    }

    /** Copies the 8 words of the 64-byte block at {@code blockAddress} into {@code dst[offset..]}. */
    public void readBlock(long blockAddress, long[] dst, int offset) {
        long[] page = pageOrNull(blockAddress);
        int i = (int) (blockAddress >>> 3) & (WORDS_PER_PAGE - 1);
        if (page == null) {
            Arrays.fill(dst, offset, offset + 8, 0L);
        } else {
            System.arraycopy(page, i, dst, offset, 8);
        }
    }

    /** Writes 8 words from {@code src[offset..]} to the 64-byte block at {@code blockAddress}. */
    public void writeBlock(long blockAddress, long[] src, int offset) {
        long[] page = page(blockAddress);
        System.arraycopy(src, offset, page, (int) (blockAddress >>> 3) & (WORDS_PER_PAGE - 1), 8);
    }

    /**
     * A memory of {@code size} bytes holding {@code program}'s initial data.
     *
     * @throws IllegalArgumentException if the data does not fit
     */
    public static SparseMemory holding(ProgramImage program, long size) {
        SparseMemory memory = new SparseMemory(size);
        for (DataSegment segment : program.data()) {
            if (segment.end() > size) {
                throw new IllegalArgumentException(String.format(
                        "program data at 0x%x..0x%x does not fit in %d bytes of memory",
                        segment.address(), segment.end(), size));
            }
            memory.load(segment);
        }
        return memory;
    }

    /**
     * Writes initial data. Every page the segment covers is allocated, as if each byte were
     * stored (zeros included); the bytes go into each page's words directly rather than through
     * one page lookup per byte (a program's data segments can be megabytes).
     */
    public void load(DataSegment segment) {
        byte[] bytes = segment.bytes();
        long address = segment.address();
        int i = 0;
        while (i < bytes.length) {
            long[] page = page(address + i);
            int inPage = (int) ((address + i) & (PAGE_BYTES - 1));
            int n = Math.min(bytes.length - i, PAGE_BYTES - inPage);
            int k = 0;
            while (k < n) {
                int at = inPage + k;
                int w = at >>> 3;
                if ((at & 7) == 0 && n - k >= 8) {
                    page[w] = (long) LITTLE_ENDIAN_LONG.get(bytes, i + k); // a whole word
                    k += 8;
                } else {
                    int shift = (at & 7) * 8;
                    page[w] = (page[w] & ~(0xffL << shift)) | ((long) (bytes[i + k] & 0xff) << shift);
                    k++;
                }
            }
            i += n;
        }
    }

    /** Number of pages that hold host memory. */
    public int pagesInUse() {
        return pagesInUse;
    }

    /**
     * Visits every allocated page in address order, giving its base address and its words
     * (the live array: do not keep it).
     */
    public void forEachPage(PageVisitor visitor) {
        for (int c = 0; c < chunks.length; c++) {
            long[][] chunk = chunks[c];
            if (chunk == null) {
                continue;
            }
            for (int p = 0; p < PAGES_PER_CHUNK; p++) {
                if (chunk[p] != null) {
                    visitor.visit(((long) c << CHUNK_SHIFT) | ((long) p << PAGE_SHIFT), chunk[p]);
                }
            }
        }
    }

    /** Receives pages from {@link #forEachPage}. */
    @FunctionalInterface
    public interface PageVisitor {
        void visit(long baseAddress, long[] words);
    }

    /**
     * Zeroes every word, keeping the pages (refilling the memory then allocates nothing); a
     * page an image shares is replaced by a zero page instead, so the image keeps its contents.
     */
    public void clear() {
        for (int c = 0; c < chunks.length; c++) {
            long[][] chunk = chunks[c];
            if (chunk == null) {
                continue;
            }
            for (int p = 0; p < PAGES_PER_CHUNK; p++) {
                if (chunk[p] == null) {
                    continue;
                }
                if (shared != null && shared[c] != null && shared[c][p]) {
                    chunk[p] = new long[WORDS_PER_PAGE];
                    shared[c][p] = false;
                } else {
                    Arrays.fill(chunk[p], 0L);
                }
            }
        }
    }

    /** A deep copy (tests and checkpoint snapshots). */
    public SparseMemory copy() {
        SparseMemory copy = new SparseMemory(size);
        forEachPage((base, words) -> System.arraycopy(words, 0, copy.page(base), 0, WORDS_PER_PAGE));
        return copy;
    }

    /** True if both memories hold the same value at every address. */
    public boolean sameContents(SparseMemory other) {
        return firstDifference(other) < 0;
    }

    /** The lowest word address where the two memories differ, or -1. */
    public long firstDifference(SparseMemory other) {
        if (other.size != size) {
            return 0;
        }
        long[] zero = new long[WORDS_PER_PAGE];
        for (int c = 0; c < chunks.length; c++) {
            long[][] a = chunks[c];
            long[][] b = other.chunks[c];
            if (a == null && b == null) {
                continue;
            }
            for (int p = 0; p < PAGES_PER_CHUNK; p++) {
                long[] pa = a == null || a[p] == null ? zero : a[p];
                long[] pb = b == null || b[p] == null ? zero : b[p];
                if (pa == pb) {
                    continue;
                }
                int m = Arrays.mismatch(pa, pb);
                if (m >= 0) {
                    return ((long) c << CHUNK_SHIFT) | ((long) p << PAGE_SHIFT) | ((long) m << 3);
                }
            }
        }
        return -1;
    }

    /**
     * The lowest word address of the page at {@code base} where this memory differs from
     * {@code words} (the page's 512 words), or -1; an unwritten page reads as zeros.
     */
    public long firstDifference(long base, long[] words) {
        long[] page = pageOrNull(base);
        int m = page == null ? firstNonZero(words) : Arrays.mismatch(page, words);
        return m < 0 ? -1 : base + 8L * m;
    }

    private static int firstNonZero(long[] words) {
        for (int i = 0; i < words.length; i++) {
            if (words[i] != 0) {
                return i;
            }
        }
        return -1;
    }

    private long[] pageOrNull(long address) {
        long[][] chunk = chunks[(int) (address >>> CHUNK_SHIFT)];
        return chunk == null ? null : chunk[(int) (address >>> PAGE_SHIFT) & (PAGES_PER_CHUNK - 1)];
    }

    /** The page holding {@code address} for a store: allocated if absent, copied first if an image shares it. */
    private long[] page(long address) {
        int c = (int) (address >>> CHUNK_SHIFT);
        long[][] chunk = chunks[c];
        if (chunk == null) {
            chunk = new long[PAGES_PER_CHUNK][];
            chunks[c] = chunk;
        }
        int p = (int) (address >>> PAGE_SHIFT) & (PAGES_PER_CHUNK - 1);
        long[] page = chunk[p];
        if (page == null) {
            page = new long[WORDS_PER_PAGE];
            chunk[p] = page;
            pagesInUse++;
        } else if (shared != null && shared[c] != null && shared[c][p]) {
            // An image holds this page: store into a copy of it.
            page = page.clone();
            chunk[p] = page;
            shared[c][p] = false;
        }
        return page;
    }
}
