package org.fdrsim.recorder.dump;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * The memory section (MEMO): the coherent memory image at the trigger, page by page,
 * LZ4-compressed. Writer and reader side by side.
 */
final class MemorySection {
    private MemorySection() {}

    static DumpOutput write(SparseMemory m) {
        DumpOutput o = new DumpOutput();
        o.u64(m.size());
        o.u32(CoreDumpWriter.PAGE_BYTES);
        o.u32(m.pagesInUse());
        Lz4Compressor lz4 = new Lz4Compressor();
        byte[] raw = new byte[CoreDumpWriter.PAGE_BYTES];
        byte[] packed = new byte[lz4.maxCompressedLength(CoreDumpWriter.PAGE_BYTES)];
        int[] pages = {0};
        m.forEachPage((base, words) -> {
            for (int w = 0; w < words.length; w++) {
                long v = words[w];
                for (int i = 0; i < 8; i++) {
                    raw[8 * w + i] = (byte) (v >>> (8 * i));
                }
            }
            int n = lz4.compress(raw, 0, raw.length, packed, 0, packed.length);
            o.u64(base);
            o.u32(n);
            o.bytes(packed, 0, n);
            pages[0]++;
        });
        if (pages[0] != m.pagesInUse()) {
            throw new IllegalStateException("memory reported " + m.pagesInUse() + " pages but has " + pages[0]);
        }
        return o;
    }

    static SparseMemory read(DumpInput in, long metaSize) throws DumpFormatException {
        long size = in.u64();
        if (size != metaSize) {
            throw in.malformed("memory size " + size + " differs from the meta section's " + metaSize);
        }
        int pageBytes = (int) in.u32();
        if (pageBytes != SparseMemory.PAGE_BYTES) {
            throw in.malformed("page size " + pageBytes + ", expected " + SparseMemory.PAGE_BYTES);
        }
        int pages = in.count(in.remaining() / 12, "page count");
        SparseMemory m = new SparseMemory(size);
        Lz4Decompressor lz4 = new Lz4Decompressor();
        byte[] raw = new byte[pageBytes];
        long previous = -1;
        for (int i = 0; i < pages; i++) {
            long base = in.u64();
            if (base % pageBytes != 0 || base < 0 || base >= size || base <= previous) {
                throw in.malformed(String.format("page %d at 0x%x is not an increasing page address inside memory",
                        i, base));
            }
            previous = base;
            int n = in.count(in.remaining(), "compressed page length");
            byte[] packed = in.bytes(n);
            int got;
            try {
                got = lz4.decompress(packed, 0, n, raw, 0, raw.length);
            } catch (RuntimeException e) {
                throw in.malformed(String.format("page at 0x%x does not decompress", base));
            }
            if (got != pageBytes) {
                throw in.malformed(String.format("page at 0x%x decompresses to %d bytes", base, got));
            }
            for (int w = 0; w < pageBytes / 8; w++) {
                long v = 0;
                for (int k = 7; k >= 0; k--) {
                    v = (v << 8) | (raw[8 * w + k] & 0xffL);
                }
                m.storeWord(base + 8L * w, v);
            }
        }
        in.expectEnd();
        return m;
    }
}
