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

    private void compressChunk() {
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

    /**
     * Most raw bytes one LZ4 block can stand for per stored byte (a match token and its
     * length bytes encode at most 255 more bytes per byte), so a declared raw length is
     * checked against the stored bytes before anything is allocated.
     */
    static final int MAX_EXPANSION = 255;

    /**
     * Decompresses a stream produced by {@link #stream}.
     *
     * @throws IllegalArgumentException if the stream is damaged (a chunk header runs past the
     *     end, a length is impossible, or a block is not valid LZ4 of its declared length); the
     *     message is one line
     */
    public static byte[] decompress(byte[] stream) {
        Lz4Decompressor d = new Lz4Decompressor();
        byte[] result = new byte[0];
        int size = 0;
        int p = 0;
        for (int chunk = 0; p < stream.length; chunk++) {
            if (stream.length - p < 8) {
                throw new IllegalArgumentException("log chunk " + chunk + " header is cut off ("
                        + (stream.length - p) + " of 8 bytes)");
            }
            long raw = readInt(stream, p) & 0xffffffffL;
            long packed = readInt(stream, p + 4) & 0xffffffffL;
            p += 8;
            if (packed > stream.length - p) {
                throw new IllegalArgumentException("log chunk " + chunk + " declares " + packed + " compressed bytes, "
                        + (stream.length - p) + " present");
            }
            if (raw > MAX_EXPANSION * (packed + 1) || size + raw > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("log chunk " + chunk + " declares " + raw + " raw bytes from "
                        + packed + " compressed bytes, more than LZ4 can encode");
            }
            if (size + raw > result.length) {
                result = Arrays.copyOf(result, (int) Math.min(Integer.MAX_VALUE - 8,
                        Math.max(size + raw, 2L * result.length)));
            }
            int got;
            try {
                got = d.decompress(stream, p, (int) packed, result, size, (int) raw);
            } catch (RuntimeException e) { // aircompressor's MalformedInputException and bounds errors
                throw new IllegalArgumentException("log chunk " + chunk + " is not a valid LZ4 block", e);
            }
            if (got != raw) {
                throw new IllegalArgumentException("log chunk " + chunk + " decompresses to " + got + " bytes, expected "
                        + raw);
            }
            size += (int) raw;
            p += (int) packed;
        }
        return Arrays.copyOf(result, size);
    }

    private static int readInt(byte[] b, int p) {
        return ((b[p] & 0xff) << 24) | ((b[p + 1] & 0xff) << 16) | ((b[p + 2] & 0xff) << 8) | (b[p + 3] & 0xff);
    }
}
