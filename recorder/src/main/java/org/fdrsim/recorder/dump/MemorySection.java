package org.fdrsim.recorder.dump;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * The memory section (MEMO): the coherent memory image at the trigger, page by page,
 * LZ4-compressed. Writer and reader side by side; both stream, one page at a time.
 */
final class MemorySection {
    private static final int PAGE_BYTES = CoreDumpWriter.PAGE_BYTES;
    /** Words as little-endian bytes, 8 at a time (a byte-by-byte loop was most of a replay's reading time). */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private MemorySection() {}

    /** Writes the payload, compressing page by page straight into {@code out}. */
    static void write(DumpMemory m, DumpSink out) throws IOException {
        byte[] head = new byte[16];
        put(head, 0, m.size(), 8);
        put(head, 8, PAGE_BYTES, 4);
        put(head, 12, m.pageCount(), 4);
        out.write(head, 0, 16);
        Lz4Compressor lz4 = new Lz4Compressor();
        byte[] raw = new byte[PAGE_BYTES];
        byte[] packed = new byte[12 + lz4.maxCompressedLength(PAGE_BYTES)];
        int[] pages = {0};
        IOException[] failed = {null};
        m.forEachPage((base, words) -> {
            if (failed[0] != null) {
                return;
            }
            for (int w = 0; w < words.length; w++) {
                LONGS.set(raw, 8 * w, words[w]);
            }
            int n = lz4.compress(raw, 0, raw.length, packed, 12, packed.length - 12);
            put(packed, 0, base, 8);
            put(packed, 8, n, 4);
            try {
                out.write(packed, 0, 12 + n);
            } catch (IOException e) {
                failed[0] = e;
            }
            pages[0]++;
        });
        if (failed[0] != null) {
            throw failed[0];
        }
        if (pages[0] != m.pageCount()) {
            throw new IllegalStateException("memory reported " + m.pageCount() + " pages but has " + pages[0]);
        }
    }

    private static void put(byte[] b, int at, long v, int bytes) {
        for (int i = 0; i < bytes; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    /**
     * Checks the payload {@code [from, to)} of {@code source} page by page (every page
     * decompressed, nothing kept) and returns the image, which decodes the pages again when
     * visited.
     */
    static DumpMemory read(DumpSource source, long from, long to, long metaSize, String file)
            throws DumpFormatException, IOException {
        int pages = decode(new SourceStream(source, from, to, file, "memory"), metaSize, null);
        return new StoredDumpMemory(source, from, to, metaSize, pages, file);
    }

    /** Decodes and checks every page, giving each to {@code visitor} (null: only check); returns the page count. */
    static int decode(SourceStream in, long metaSize, SparseMemory.PageVisitor visitor)
            throws DumpFormatException, IOException {
        long size = in.u64();
        if (size != metaSize) {
            throw in.malformed("memory size " + size + " differs from the meta section's " + metaSize);
        }
        int pageBytes = (int) in.u32();
        if (pageBytes != PAGE_BYTES) {
            throw in.malformed("page size " + pageBytes + ", expected " + PAGE_BYTES);
        }
        int pages = in.count(in.remaining() / 12, "page count");
        Lz4Decompressor lz4 = new Lz4Decompressor();
        byte[] raw = new byte[pageBytes];
        byte[] packed = new byte[0];
        long[] words = new long[pageBytes / 8];
        long previous = -1;
        for (int i = 0; i < pages; i++) {
            long base = in.u64();
            if (base % pageBytes != 0 || base < 0 || base >= size || base <= previous) {
                throw in.malformed(String.format("page %d at 0x%x is not an increasing page address inside memory",
                        i, base));
            }
            previous = base;
            int n = in.count(in.remaining(), "compressed page length");
            if (n > packed.length) {
                packed = new byte[n]; // at most the bytes that remain (checked above)
            }
            in.bytes(packed, n);
            int got;
            try {
                got = lz4.decompress(packed, 0, n, raw, 0, raw.length);
            } catch (RuntimeException e) {
                throw in.malformed(String.format("page at 0x%x does not decompress", base));
            }
            if (got != pageBytes) {
                throw in.malformed(String.format("page at 0x%x decompresses to %d bytes", base, got));
            }
            if (visitor != null) {
                for (int w = 0; w < words.length; w++) {
                    words[w] = (long) LONGS.get(raw, 8 * w);
                }
                visitor.visit(base, words);
            }
        }
        in.expectEnd();
        return pages;
    }
}
