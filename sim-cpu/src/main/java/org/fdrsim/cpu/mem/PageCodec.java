package org.fdrsim.cpu.mem;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Packs a page's 512 words into LZ4-compressed bytes and back: the host form of a page that
 * {@link SparseMemory} keeps out of its hot set. Only the host representation changes; a page
 * unpacks to exactly the words it was packed from. An all-zero page packs to {@link #ZERO}
 * (no bytes, nothing compressed). Packed arrays are never written after {@link #pack}
 * returns them, so memories and images share them freely.
 *
 * <p>One codec per memory: packing uses the codec's compressor and buffers. {@link #unpack}
 * uses only its arguments, so images may call it from any thread.
 */
final class PageCodec {
    /** The packed form of a page of zeros (shared, empty). */
    static final byte[] ZERO = new byte[0];

    static final int WORDS = SparseMemory.PAGE_BYTES / 8;
    /** The largest packed size worth keeping: three quarters of a page. */
    static final int WORTH_PACKING = SparseMemory.PAGE_BYTES * 3 / 4;
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final Lz4Decompressor LZ4_IN = new Lz4Decompressor(); // stateless
    private static final long[] ZERO_WORDS = new long[WORDS];

    private final Lz4Compressor lz4 = new Lz4Compressor();
    private final byte[] raw = new byte[SparseMemory.PAGE_BYTES];
    private final byte[] out = new byte[lz4.maxCompressedLength(SparseMemory.PAGE_BYTES)];

    /**
     * {@code words} packed into a new array (or {@link #ZERO}); null if packing would save
     * less than a quarter of the page (random data: keeping the words costs no more memory,
     * and spares compressing and decompressing the page on every pass). {@code words} is not
     * changed.
     */
    byte[] pack(long[] words) {
        if (isZero(words)) {
            return ZERO;
        }
        for (int w = 0; w < WORDS; w++) {
            LONGS.set(raw, 8 * w, words[w]);
        }
        int n = lz4.compress(raw, 0, raw.length, out, 0, out.length);
        return n > WORTH_PACKING ? null : Arrays.copyOf(out, n);
    }

    /**
     * Unpacks {@code packed} into {@code words} (512 words), using {@code scratch} (a page of
     * bytes) for the decompressed bytes.
     */
    static void unpack(byte[] packed, long[] words, byte[] scratch) {
        if (packed.length == 0) {
            Arrays.fill(words, 0L);
            return;
        }
        int n = LZ4_IN.decompress(packed, 0, packed.length, scratch, 0, scratch.length);
        if (n != SparseMemory.PAGE_BYTES) {
            throw new IllegalStateException("a packed page unpacked to " + n + " bytes");
        }
        for (int w = 0; w < WORDS; w++) {
            words[w] = (long) LONGS.get(scratch, 8 * w);
        }
    }

    /** One word of {@code packed}, unpacking into new buffers (images: rare reads). */
    static long word(byte[] packed, int index) {
        if (packed.length == 0) {
            return 0;
        }
        long[] words = new long[WORDS];
        unpack(packed, words, new byte[SparseMemory.PAGE_BYTES]);
        return words[index];
    }

    private static boolean isZero(long[] words) {
        return Arrays.mismatch(words, ZERO_WORDS) < 0; // vectorized by the JIT, unlike a plain loop
    }
}
