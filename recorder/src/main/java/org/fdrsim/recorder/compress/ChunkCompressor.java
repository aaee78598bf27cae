package org.fdrsim.recorder.compress;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * The LZ77 box: a log's drained bytes, compressed in fixed-size chunks with LZ4 (an LZ77
 * coder without entropy coding; aircompressor, pure Java). Each chunk is compressed
 * independently, as a hardware compressor with a bounded window would. The compressed
 * stream is kept (small), so it can be written into a dump and decompressed again.
 *
 * <p>Stored chunk format: 4-byte raw length, 4-byte compressed length (big-endian), then
 * the LZ4 block. {@link #compressedBytes} counts the LZ4 blocks only (the 8-byte headers are
 * the simulator's framing, not hardware).
 */
public final class ChunkCompressor {
    /** Default chunk size. */
    public static final int DEFAULT_CHUNK = 4096;

    private final Lz4Compressor lz4 = new Lz4Compressor();
    private final byte[] chunk;
    private final byte[] out;
    private int fill;
    private long rawBytes;
    private long compressedBytes;
    private long chunks;
    private final ByteArrayOutputStream stream = new ByteArrayOutputStream();
    private final ReservedMemoryCharge charge;
    private CompressionProbe probe;

    /** Where compressed bytes are charged. */
    @FunctionalInterface
    public interface ReservedMemoryCharge {
        void charge(long bytes);
    }

    public ChunkCompressor(int chunkBytes, ReservedMemoryCharge charge) {
        if (chunkBytes < 64) {
            throw new IllegalArgumentException("compression chunk must be at least 64 bytes, got " + chunkBytes);
        }
        this.chunk = new byte[chunkBytes];
        this.out = new byte[lz4.maxCompressedLength(chunkBytes)];
        this.charge = charge;
    }

    /** Adds drained bytes; full chunks are compressed at once. */
    public void write(byte[] data, int off, int len) {
        rawBytes += len;
        while (len > 0) {
            int n = Math.min(len, chunk.length - fill);
            System.arraycopy(data, off, chunk, fill, n);
            fill += n;
            off += n;
            len -= n;
            if (fill == chunk.length) {
                compressChunk();
            }
        }
    }

    /** Compresses the partial chunk (a trigger flushes the buffers). */
    public void flush() {
        if (fill > 0) {
            compressChunk();
        }
    }

    /** Also measures every candidate compressor on this log's chunks from now on (experiments). */
    public void probeAlternatives() {
        if (probe == null) {
            probe = new CompressionProbe(chunk.length);
        }
    }

    /** Bytes after each candidate compressor ({@link CompressionProbe#NAMES}), or null if not probed. */
    public java.util.Map<String, Long> alternatives() {
        return probe == null ? null : probe.bytes();
    }

    private void compressChunk() {
        if (probe != null) {
            probe.chunk(chunk, 0, fill);
        }
        int n = lz4.compress(chunk, 0, fill, out, 0, out.length);
        writeInt(fill);
        writeInt(n);
        stream.write(out, 0, n);
        compressedBytes += n;
        chunks++;
        charge.charge(n);
        fill = 0;
    }

    private void writeInt(int v) {
        stream.write(v >>> 24);
        stream.write(v >>> 16);
        stream.write(v >>> 8);
        stream.write(v);
    }

    public long rawBytes() {
        return rawBytes;
    }

    /** LZ4 bytes of the chunks compressed so far (call {@link #flush} first for the total). */
    public long compressedBytes() {
        return compressedBytes;
    }

    public int chunkBytes() {
        return chunk.length;
    }

    public long chunks() {
        return chunks;
    }

    /**
     * Ends a log segment (a checkpoint): compresses the partial chunk and returns the stored
     * stream since the previous cut, which is then forgotten (totals are kept).
     */
    public byte[] cutSegment() {
        flush();
        byte[] segment = stream.toByteArray();
        stream.reset();
        return segment;
    }

    /** The stored stream: chunks with their headers. */
    public byte[] stream() {
        return stream.toByteArray();
    }

    /** Decompresses a stream produced by {@link #stream}. */
    public static byte[] decompress(byte[] stream) {
        Lz4Decompressor d = new Lz4Decompressor();
        byte[] result = new byte[0];
        int size = 0;
        int p = 0;
        while (p < stream.length) {
            int raw = readInt(stream, p);
            int packed = readInt(stream, p + 4);
            p += 8;
            if (size + raw > result.length) {
                result = Arrays.copyOf(result, Math.max(size + raw, result.length * 2));
            }
            int got = d.decompress(stream, p, packed, result, size, raw);
            if (got != raw) {
                throw new IllegalArgumentException("corrupt log chunk: " + got + " bytes, expected " + raw);
            }
            size += raw;
            p += packed;
        }
        return Arrays.copyOf(result, size);
    }

    private static int readInt(byte[] b, int p) {
        return ((b[p] & 0xff) << 24) | ((b[p + 1] & 0xff) << 16) | ((b[p + 2] & 0xff) << 8) | (b[p + 3] & 0xff);
    }
}
