package org.fdrsim.cpu.mem;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.LongPredicate;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * Physical data memory of any size, holding host memory only for pages that were written.
 * Words are 64-bit little-endian; bytes are addressed within their word. A two-level page
 * table of arrays (no hashing) keeps lookups fast and iteration in address order.
 *
 * <p>Reading an untouched address returns 0 and allocates nothing.
 *
 * <p><b>Hot and packed pages.</b> At most a budget of pages is held as plain {@code long[512]}
 * arrays (the <i>hot</i> set, {@link #DEFAULT_HOT_MB} MiB unless the system property
 * {@value #HOT_MB_PROPERTY} or the constructor says otherwise); when a page must become hot
 * and the set is full, the page that became hot longest ago is packed (LZ4, {@link PageCodec})
 * and its array reused. An access to a packed page unpacks it. A page that LZ4 cannot shrink by
 * a quarter (random data) is not packed: it leaves the hot set but keeps its words, for good
 * (no later packing attempts). So a memory whose pages compress well costs the budget plus
 * its compressed size; an incompressible one costs its full size, as without packing.
 * Packing is a host representation only: every read, image, copy and page visit sees the
 * same words, and a packed page stays listed (in {@link #pagesInUse}, {@link #forEachPage})
 * exactly like the array it replaced, so dumps do not change. A packed page's slot in the
 * page table holds the {@code PACKED} marker, not null, so that
 * reading an untouched page stays a null check that returns 0 with no call on its path (a
 * call or trap there made the interpreter's compiled loop up to 1.5x slower when a program
 * read untouched memory now and then); a hot access costs the marker compare more.
 *
 * <p>{@link #image} takes an immutable {@link MemoryImage} without copying: the image and the
 * memory share their pages, and the first store to a shared page copies it (copy-on-write). A
 * memory that never made or started from an image pays one null check per store for it. Packed pages
 * are immutable arrays, shared with images as they are; packing a shared page drops the
 * memory's reference to the array and never reuses it, so an image keeps its contents.
 *
 * <p>Not thread-safe: even a read may unpack a page (and pack another). {@link #copy} and
 * {@link #forEachPage} only read this memory's tables.
 */
public final class SparseMemory {
    /** log2 of {@link #PAGE_BYTES}. */
    public static final int PAGE_SHIFT = 12;
    /** Bytes in a page. */
    public static final int PAGE_BYTES = 1 << PAGE_SHIFT;
    /** The system property giving the default hot-set budget in MiB. */
    public static final String HOT_MB_PROPERTY = "fdrsim.memory.hotMB";
    /** The default hot-set budget in MiB when {@value #HOT_MB_PROPERTY} is not set. */
    public static final int DEFAULT_HOT_MB = 256;
    private static final int WORDS_PER_PAGE = PAGE_BYTES / 8;
    private static final int CHUNK_SHIFT = 24; // 16 MB per directory chunk
    private static final int PAGES_PER_CHUNK = 1 << (CHUNK_SHIFT - PAGE_SHIFT);
    /** Reads a little-endian word out of a byte array (segments are loaded a word at a time). */
    private static final VarHandle LITTLE_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** The page-table entry of a packed page (never read or written as a page: it has no words). */
    private static final long[] PACKED = new long[0];

    private final long size;
    /** The page table: per 16 MB chunk, per page, the page's words, {@link #PACKED}, or null (untouched). */
    private final long[][][] chunks;
    /** Per chunk, its packed pages' bytes (null: none; {@link PageCodec#ZERO}: a page of zeros). */
    private final byte[][][] packed;
    /** Per chunk, which pages an image shares (copy before storing); null: none shared. */
    private boolean[][] shared;
    private int pagesInUse;
    private int packedCount;
    /** Pages packed out of the hot set so far: a page array a caller kept may have been reused only if this moved. */
    private long packings;
    private final HotPages hot;
    private PageCodec codec; // made on the first packing
    /** A page array whose page was packed, kept for the next page to become hot (no garbage). */
    private long[] spare;
    private byte[] scratch; // bytes of a page being unpacked
    private long[] view; // a packed page's words, unpacked for a comparison

    /** Memory of {@code size} bytes (a multiple of the page size) with the default hot-set budget. */
    public SparseMemory(long size) {
        this(size, defaultHotPages());
    }

    /**
     * Memory of {@code size} bytes (a multiple of the page size) holding at most
     * {@code hotPages} pages unpacked (at least 1).
     */
    public SparseMemory(long size, int hotPages) {
        if (size <= 0 || size % PAGE_BYTES != 0) {
            throw new IllegalArgumentException("memory size must be a positive multiple of " + PAGE_BYTES);
        }
        this.size = size;
        long chunkCount = (size + (1L << CHUNK_SHIFT) - 1) >>> CHUNK_SHIFT;
        if (chunkCount > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("memory too large: " + size);
        }
        this.chunks = new long[(int) chunkCount][][];
        this.packed = new byte[(int) chunkCount][][];
        this.hot = new HotPages(hotPages);
    }

    /** A memory holding {@code image}'s contents; it shares the image's pages until it stores to them. */
    public SparseMemory(MemoryImage image) {
        this(image, defaultHotPages());
    }

    /** Like {@link #SparseMemory(MemoryImage)}, holding at most {@code hotPages} pages unpacked. */
    public SparseMemory(MemoryImage image, int hotPages) {
        this(image.size(), hotPages);
        this.shared = new boolean[chunks.length][];
        for (int i = 0; i < image.pages(); i++) {
            long base = image.base(i);
            int c = (int) (base >>> CHUNK_SHIFT);
            int p = (int) (base >>> PAGE_SHIFT) & (PAGES_PER_CHUNK - 1);
            long[] words = image.page(i);
            if (words == null) {
                chunk(c)[p] = PACKED;
                packedChunk(c)[p] = image.packedPage(i);
                packedCount++;
            } else {
                makeRoom();
                chunk(c);
                if (shared[c] == null) {
                    shared[c] = new boolean[PAGES_PER_CHUNK];
                }
                chunks[c][p] = words;
                shared[c][p] = true;
                hot.add(base >>> PAGE_SHIFT);
            }
            pagesInUse++;
        }
    }

    /**
     * The default hot-set budget in pages: {@value #HOT_MB_PROPERTY} MiB if that system
     * property is set, else {@value #DEFAULT_HOT_MB} MiB.
     *
     * @throws IllegalArgumentException if the property is not a whole number of MiB from 1 up
     */
    public static int defaultHotPages() {
        String mb = System.getProperty(HOT_MB_PROPERTY);
        long m = DEFAULT_HOT_MB;
        if (mb != null) {
            try {
                m = Long.parseLong(mb.strip());
            } catch (NumberFormatException e) {
                m = -1;
            }
            if (m < 1 || m > (long) Integer.MAX_VALUE * PAGE_BYTES >> 20) {
                throw new IllegalArgumentException("system property " + HOT_MB_PROPERTY
                        + " must be a whole number of MiB from 1 up, not '" + mb + "'");
            }
        }
        return (int) ((m << 20) / PAGE_BYTES);
    }

    /**
     * An immutable image of the memory now. No data is copied: the image keeps this memory's
     * pages (hot arrays, which become shared, so this memory copies a page before its next
     * store to it; packed pages as they are).
     */
    public MemoryImage image() {
        if (shared == null) {
            shared = new boolean[chunks.length][];
        }
        long[] bases = new long[pagesInUse];
        long[][] pages = new long[pagesInUse][];
        byte[][] packs = new byte[pagesInUse][];
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
                if (chunk[p] == PACKED) {
                    bases[n] = base(c, p);
                    packs[n++] = packed[c][p];
                } else if (chunk[p] != null) {
                    bases[n] = base(c, p);
                    pages[n++] = chunk[p];
                    shared[c][p] = true;
                }
            }
        }
        return new MemoryImage(size, bases, pages, packs);
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
        if (page == null) {
            return 0;
        }
        if (page == PACKED) {
            return coldWord(address);
        }
        return page[(int) (address >>> 3) & (WORDS_PER_PAGE - 1)];
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
        page[i] = withByte(page[i], address, value);
    }

    /** {@code word} with the byte that {@code address} selects in it replaced by {@code value}'s low 8 bits. */
    private static long withByte(long word, long address, int value) {
        int shift = (int) (address & 7) * 8;
        return (word & ~(0xffL << shift)) | ((long) (value & 0xff) << shift);
    }

    /** Copies the 8 words of the 64-byte block at {@code blockAddress} into {@code dst[offset..]}. */
    public void readBlock(long blockAddress, long[] dst, int offset) {
        long[] page = pageOrNull(blockAddress);
        if (page == PACKED) {
            page = unpacked(blockAddress);
        }
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
        return holding(program, size, defaultHotPages());
    }

    /**
     * A memory of {@code size} bytes holding {@code program}'s initial data, with at most
     * {@code hotPages} pages unpacked at a time. The data is loaded once per program and size
     * and shared copy-on-write ({@link InitialImages}): the memory copies a page of it before
     * its first store there, as a memory made from any {@link MemoryImage} does.
     *
     * @throws IllegalArgumentException if the data does not fit
     */
    public static SparseMemory holding(ProgramImage program, long size, int hotPages) {
        for (DataSegment segment : program.data()) {
            if (segment.end() > size) {
                throw new IllegalArgumentException(String.format(
                        "program data at 0x%x..0x%x does not fit in %d bytes of memory",
                        segment.address(), segment.end(), size));
            }
        }
        return new SparseMemory(InitialImages.of(program.data(), size, hotPages), hotPages);
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
                    page[w] = withByte(page[w], at, bytes[i + k]);
                    k++;
                }
            }
            i += n;
        }
    }

    /** Number of pages that hold host memory (hot or packed). */
    public int pagesInUse() {
        return pagesInUse;
    }

    /** Number of pages held packed. */
    public int packedPages() {
        return packedCount;
    }

    /**
     * Number of pages in the hot set (at most {@link #hotPageLimit}); the pages neither hot
     * nor packed are those that did not compress.
     */
    public int pagesInHotSet() {
        return hot.size();
    }

    /** The most pages held unpacked. */
    public int hotPageLimit() {
        return hot.capacity();
    }

    /**
     * Visits every allocated page in address order, giving its base address and its words
     * (the live array of a hot page, a reused buffer for a packed one: do not keep or change it).
     * Packed pages are unpacked for the visit only; nothing is packed or unpacked in the memory.
     */
    public void forEachPage(PageVisitor visitor) {
        forEachPage(base -> true, visitor);
    }

    /**
     * Like {@link #forEachPage(PageVisitor)}, visiting only the pages whose base address
     * {@code wanted} accepts (asked before a packed page is unpacked for the visit).
     */
    public void forEachPage(LongPredicate wanted, PageVisitor visitor) {
        long[] words = null;
        byte[] bytes = null;
        for (int c = 0; c < chunks.length; c++) {
            long[][] chunk = chunks[c];
            for (int p = 0; chunk != null && p < PAGES_PER_CHUNK; p++) {
                if (chunk[p] == null || !wanted.test(base(c, p))) {
                    continue;
                }
                if (chunk[p] == PACKED) {
                    if (words == null) {
                        words = new long[WORDS_PER_PAGE];
                        bytes = new byte[PAGE_BYTES];
                    }
                    PageCodec.unpack(packed[c][p], words, bytes);
                    visitor.visit(base(c, p), words);
                } else {
                    visitor.visit(base(c, p), chunk[p]);
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
     * A packed page becomes a packed page of zeros.
     */
    public void clear() {
        for (int c = 0; c < chunks.length; c++) {
            long[][] chunk = chunks[c];
            for (int p = 0; chunk != null && p < PAGES_PER_CHUNK; p++) {
                if (chunk[p] == null || chunk[p] == PACKED) {
                    continue; // packed pages: below
                }
                if (shared != null && shared[c] != null && shared[c][p]) {
                    chunk[p] = new long[WORDS_PER_PAGE];
                    shared[c][p] = false;
                } else {
                    Arrays.fill(chunk[p], 0L);
                }
            }
            byte[][] packedChunk = packed[c];
            for (int p = 0; packedChunk != null && p < PAGES_PER_CHUNK; p++) {
                if (packedChunk[p] != null) {
                    packedChunk[p] = PageCodec.ZERO;
                }
            }
        }
    }

    /**
     * A deep copy with the same hot-set budget (tests, checkpoint snapshots, replays). Packed
     * pages are immutable, so the copy shares them; hot pages are copied.
     */
    public SparseMemory copy() {
        SparseMemory copy = new SparseMemory(size, hot.capacity());
        for (int c = 0; c < chunks.length; c++) {
            long[][] chunk = chunks[c];
            for (int p = 0; chunk != null && p < PAGES_PER_CHUNK; p++) {
                if (chunk[p] == PACKED) {
                    copy.chunk(c)[p] = PACKED;
                    copy.packedChunk(c)[p] = packed[c][p];
                    copy.pagesInUse++;
                    copy.packedCount++;
                } else if (chunk[p] != null) {
                    System.arraycopy(chunk[p], 0, copy.page(base(c, p)), 0, WORDS_PER_PAGE);
                }
            }
        }
        return copy;
    }

    /** True if both memories hold the same value at every address. */
    public boolean sameContents(SparseMemory other) {
        return firstDifference(other) < 0;
    }

    /** The lowest word address where the two memories differ, or -1. Unpacks nothing in either memory. */
    public long firstDifference(SparseMemory other) {
        if (other.size != size) {
            return 0;
        }
        long[] zero = new long[WORDS_PER_PAGE];
        long[] wordsA = new long[WORDS_PER_PAGE];
        long[] wordsB = new long[WORDS_PER_PAGE];
        byte[] bytes = new byte[PAGE_BYTES];
        for (int c = 0; c < chunks.length; c++) {
            if (chunks[c] == null && other.chunks[c] == null) {
                continue;
            }
            for (int p = 0; p < PAGES_PER_CHUNK; p++) {
                long[] hotA = hotPage(c, p);
                long[] hotB = other.hotPage(c, p);
                byte[] packedA = hotA == null ? packedPage(c, p) : null;
                byte[] packedB = hotB == null ? other.packedPage(c, p) : null;
                if ((hotA != null && hotA == hotB) || (packedA != null && packedA == packedB)) {
                    continue; // the same array: shared with an image, or a copy's packed page
                }
                long[] pa = hotA != null ? hotA : packedA != null ? unpackInto(packedA, wordsA, bytes) : zero;
                long[] pb = hotB != null ? hotB : packedB != null ? unpackInto(packedB, wordsB, bytes) : zero;
                int m = Arrays.mismatch(pa, pb);
                if (m >= 0) {
                    return base(c, p) | ((long) m << 3);
                }
            }
        }
        return -1;
    }

    /**
     * The lowest word address of the page at {@code base} where this memory differs from
     * {@code words} (the page's 512 words), or -1; an unwritten page reads as zeros. A packed
     * page is compared unpacked into a buffer, and stays packed.
     */
    public long firstDifference(long base, long[] words) {
        long[] page = pageOrNull(base);
        if (page == PACKED) {
            if (view == null) {
                view = new long[WORDS_PER_PAGE];
            }
            page = unpackInto(packedPage((int) (base >>> CHUNK_SHIFT), (int) (base >>> PAGE_SHIFT) & (PAGES_PER_CHUNK - 1)),
                    view, scratch());
        }
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

    /**
     * The array holding {@code address}'s page if a store could write it in place right now (hot,
     * not packed, not shared with an image), else null; never allocates, unpacks or copies. A
     * caller may keep it across its calls into this memory only while {@link #packings} does not
     * move: a call can pack the page and reuse the array for another ({@code FlatLoop} keeps two
     * for a run of accesses).
     */
    public long[] writablePageOrNull(long address) {
        int c = (int) (address >>> CHUNK_SHIFT);
        long[][] chunk = chunks[c];
        if (chunk == null) {
            return null;
        }
        int p = (int) (address >>> PAGE_SHIFT) & (PAGES_PER_CHUNK - 1);
        long[] page = chunk[p];
        return page == null || page == PACKED || (shared != null && shared[c] != null && shared[c][p]) ? null : page;
    }

    /**
     * How many pages this memory has packed out of its hot set so far. A page array from
     * {@link #writablePageOrNull} stays valid across other calls into this memory as long as
     * this does not move (only packing reuses an array, and images are made between runs).
     */
    public long packings() {
        return packings;
    }

    private long[] pageOrNull(long address) {
        long[][] chunk = chunks[(int) (address >>> CHUNK_SHIFT)];
        return chunk == null ? null : chunk[(int) (address >>> PAGE_SHIFT) & (PAGES_PER_CHUNK - 1)];
    }

    /** The page holding {@code address} for a store: hot and not shared with an image. */
    private long[] page(long address) {
        long[] page = writablePageOrNull(address);
        return page != null ? page : pageForStore(address);
    }

    /** The slow path of {@link #page}: unpacks, allocates, or copies a page an image shares. */
    private long[] pageForStore(long address) {
        int c = (int) (address >>> CHUNK_SHIFT);
        int p = (int) (address >>> PAGE_SHIFT) & (PAGES_PER_CHUNK - 1);
        long[][] chunk = chunks[c];
        long[] page = chunk == null ? null : chunk[p];
        if (page == PACKED) {
            return unpacked(address);
        }
        if (page != null) {
            // An image holds this page: store into a copy of it (it stays in the hot set).
            long[] copy = takeSpare();
            System.arraycopy(page, 0, copy, 0, WORDS_PER_PAGE);
            chunk[p] = copy;
            shared[c][p] = false;
            return copy;
        }
        makeRoom();
        page = takeSpare();
        Arrays.fill(page, 0L);
        chunk(c)[p] = page;
        hot.add(address >>> PAGE_SHIFT);
        pagesInUse++;
        return page;
    }

    /** A load's slow path: the word of a packed page, unpacked (not inlined into the hot path). */
    private long coldWord(long address) {
        return unpacked(address)[(int) (address >>> 3) & (WORDS_PER_PAGE - 1)];
    }

    /** Makes the packed page holding {@code address} hot and returns it. */
    private long[] unpacked(long address) {
        int c = (int) (address >>> CHUNK_SHIFT);
        int p = (int) (address >>> PAGE_SHIFT) & (PAGES_PER_CHUNK - 1);
        makeRoom(); // before taking the bytes: packing another page cannot touch this one's slot
        long[] page = takeSpare();
        PageCodec.unpack(packed[c][p], page, scratch());
        packed[c][p] = null;
        packedCount--;
        chunks[c][p] = page;
        hot.add(address >>> PAGE_SHIFT);
        return page;
    }

    /**
     * Packs the oldest hot page if the hot set is full, so that one more page can become hot
     * (a page not worth packing leaves the hot set as it is).
     */
    private void makeRoom() {
        if (!hot.full()) {
            return;
        }
        long number = hot.removeOldest();
        int c = (int) (number >>> (CHUNK_SHIFT - PAGE_SHIFT));
        int p = (int) number & (PAGES_PER_CHUNK - 1);
        long[] page = chunks[c][p];
        if (codec == null) {
            codec = new PageCodec();
        }
        byte[] bytes = codec.pack(page);
        if (bytes == null) {
            return; // does not compress: stays as words, outside the hot set
        }
        packedChunk(c)[p] = bytes;
        packedCount++;
        packings++;
        chunks[c][p] = PACKED;
        if (shared != null && shared[c] != null && shared[c][p]) {
            shared[c][p] = false; // an image holds the array: never reuse it
        } else {
            spare = page;
        }
    }

    /** A page array to fill: the last packed page's, or a new one (contents undefined). */
    private long[] takeSpare() {
        long[] page = spare;
        if (page == null) {
            return new long[WORDS_PER_PAGE];
        }
        spare = null;
        return page;
    }

    /** Chunk {@code c}'s page table, made if it has none yet. */
    private long[][] chunk(int c) {
        long[][] chunk = chunks[c];
        if (chunk == null) {
            chunk = new long[PAGES_PER_CHUNK][];
            chunks[c] = chunk;
        }
        return chunk;
    }

    private byte[][] packedChunk(int c) {
        byte[][] chunk = packed[c];
        if (chunk == null) {
            chunk = new byte[PAGES_PER_CHUNK][];
            packed[c] = chunk;
        }
        return chunk;
    }

    /** Page (c, p)'s words if it is hot, else null. */
    private long[] hotPage(int c, int p) {
        long[] page = chunks[c] == null ? null : chunks[c][p];
        return page == PACKED ? null : page;
    }

    private byte[] packedPage(int c, int p) {
        return packed[c] == null ? null : packed[c][p];
    }

    private byte[] scratch() {
        if (scratch == null) {
            scratch = new byte[PAGE_BYTES];
        }
        return scratch;
    }

    private static long[] unpackInto(byte[] bytes, long[] words, byte[] scratch) {
        PageCodec.unpack(bytes, words, scratch);
        return words;
    }

    private static long base(int c, int p) {
        return ((long) c << CHUNK_SHIFT) | ((long) p << PAGE_SHIFT);
    }
}
