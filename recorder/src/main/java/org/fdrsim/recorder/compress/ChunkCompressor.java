package org.fdrsim.recorder.compress;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * The LZ77 box: a log's drained bytes, compressed in fixed-size chunks with the configured
 * {@link Codec} (LZ4 by default: an LZ77 coder without entropy coding; aircompressor, pure
 * Java). Each chunk is compressed independently, as a hardware compressor with a bounded
 * window would. The compressed stream is kept (small), so it can be written into a dump and
 * decompressed again.
 *
 * <p>Stored chunk format: a 4-byte little-endian word (big-endian before dump format 3) whose
 * low 24 bits are the raw length,
 * bits 24..27 the codec id (0 = LZ4, the only one before dump format 2), bit 31 set when the
 * chunk holds delta-coded race entries ({@link org.fdrsim.recorder.race.DeltaRaceEncoding});
 * a 4-byte little-endian compressed length; then the block. {@link #compressedBytes} counts the blocks only
 * (the 8-byte headers are the simulator's framing, not hardware).
 */
public final class ChunkCompressor {
    /** Default chunk size. */
    public static final int DEFAULT_CHUNK = 4096;

    private static final int DELTA_FLAG = 1 << 31;
    private static final int RAW_MASK = (1 << 24) - 1;

    private final Codec codec;
    private final int headerFlags;
    private final int chunkBytes;
    /** The most bytes the codec may make of one chunk: the output buffer's size. */
    private final int maxCompressed;
    // Made at the first write: most logs of a short run (and of a many-processor machine)
    // never fill one.
    private byte[] chunk;
    private int fill;
    private long rawBytes;
    private long compressedBytes;
    private long chunks;
    private final ByteArrayOutputStream stream = new ByteArrayOutputStream();
    private final ReservedMemoryCharge charge;
    private CompressionProbe probe;

    /**
     * Each thread's coders and output buffer, made at its first chunk and kept. A recording
     * compresses its logs one chunk at a time on one thread, and a coder starts afresh on every
     * chunk (LZ4 clears its table, deflate is reset), so one set serves every log and every run
     * of a thread; a coder per log and run cost a short run 1.4% of its time and a 16 KB table
     * each (docs/performance-history.md, "Stop 38").
     */
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private static final class Scratch {
        private final Codec.Encoder[] encoders = new Codec.Encoder[Codec.values().length];
        private byte[] out = new byte[0];

        Codec.Encoder encoder(Codec codec) {
            Codec.Encoder e = encoders[codec.ordinal()];
            if (e == null) {
                e = codec.encoder();
                encoders[codec.ordinal()] = e;
            }
            return e;
        }

        byte[] out(int length) {
            if (out.length < length) {
                out = new byte[length];
            }
            return out;
        }
    }

    /** Where compressed bytes are charged. */
    @FunctionalInterface
    public interface ReservedMemoryCharge {
        void charge(long bytes);
    }

    /** LZ4, fixed entries. */
    public ChunkCompressor(int chunkBytes, ReservedMemoryCharge charge) {
        this(chunkBytes, charge, Codec.LZ4, false);
    }

    /** With {@code codec}; {@code deltaRace}: the bytes are delta-coded race entries (marked in each chunk header). */
    public ChunkCompressor(int chunkBytes, ReservedMemoryCharge charge, Codec codec, boolean deltaRace) {
        if (chunkBytes < 64 || chunkBytes > RAW_MASK) {
            throw new IllegalArgumentException("compression chunk must be 64 bytes .. 16 MB, got " + chunkBytes);
        }
        this.codec = codec;
        this.headerFlags = (codec.id() << 24) | (deltaRace ? DELTA_FLAG : 0);
        this.chunkBytes = chunkBytes;
        this.maxCompressed = codec.maxCompressedLength(chunkBytes);
        this.charge = charge;
    }

    public Codec codec() {
        return codec;
    }

    /** Adds drained bytes; full chunks are compressed at once. */
    public void write(byte[] data, int off, int len) {
        rawBytes += len;
        if (chunk == null) {
            chunk = new byte[chunkBytes];
        }
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
            probe = new CompressionProbe(chunkBytes);
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
        Scratch scratch = SCRATCH.get();
        byte[] out = scratch.out(maxCompressed);
        int n = scratch.encoder(codec).compress(chunk, 0, fill, out);
        writeInt(fill | headerFlags);
        writeInt(n);
        stream.write(out, 0, n);
        compressedBytes += n;
        chunks++;
        charge.charge(n);
        fill = 0;
    }

    private void writeInt(int v) {
        stream.write(v);
        stream.write(v >>> 8);
        stream.write(v >>> 16);
        stream.write(v >>> 24);
    }

    public long rawBytes() {
        return rawBytes;
    }

    /** LZ4 bytes of the chunks compressed so far (call {@link #flush} first for the total). */
    public long compressedBytes() {
        return compressedBytes;
    }

    public int chunkBytes() {
        return chunkBytes;
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
     * Decompresses a stream produced by {@link #stream} (any codec; delta-coded race entries
     * are decoded). Every declared length is checked against the stored bytes before anything
     * is allocated ({@link Codec#maxExpansion}).
     *
     * @throws IllegalArgumentException if the stream is damaged (a chunk header runs past the
     *     end, names no codec, a length is impossible, or a block does not decode to its
     *     declared length); the message is one line
     */
    public static byte[] decompress(byte[] stream) {
        byte[] result = new byte[0];
        int size = 0;
        int p = 0;
        boolean delta = false;
        for (int chunk = 0; p < stream.length; chunk++) {
            if (stream.length - p < 8) {
                throw new IllegalArgumentException("log chunk " + chunk + " header is cut off ("
                        + (stream.length - p) + " of 8 bytes)");
            }
            int word = readInt(stream, p);
            long raw = word & RAW_MASK;
            Codec codec = Codec.byId((word >>> 24) & 0x7f);
            if (codec == null) {
                throw new IllegalArgumentException("log chunk " + chunk + " names unknown codec " + ((word >>> 24) & 0x7f));
            }
            delta |= (word & DELTA_FLAG) != 0;
            long packed = readInt(stream, p + 4) & 0xffffffffL;
            p += 8;
            if (packed > stream.length - p) {
                throw new IllegalArgumentException("log chunk " + chunk + " declares " + packed + " compressed bytes, "
                        + (stream.length - p) + " present");
            }
            if (raw > codec.maxExpansion() * (packed + 1) || size + raw > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("log chunk " + chunk + " declares " + raw + " raw bytes from "
                        + packed + " compressed bytes, more than " + codec.label() + " can encode");
            }
            if (size + raw > result.length) {
                result = Arrays.copyOf(result, (int) Math.min(Integer.MAX_VALUE - 8,
                        Math.max(size + raw, 2L * result.length)));
            }
            int got;
            try {
                got = codec.decompress(stream, p, (int) packed, result, size, (int) raw);
            } catch (RuntimeException e) { // aircompressor's MalformedInputException, bounds errors, bad deflate data
                throw new IllegalArgumentException("log chunk " + chunk + " is not a valid " + codec.label() + " block", e);
            }
            if (got != raw) {
                throw new IllegalArgumentException("log chunk " + chunk + " decompresses to " + got + " bytes, expected "
                        + raw);
            }
            size += (int) raw;
            p += (int) packed;
        }
        byte[] bytes = Arrays.copyOf(result, size);
        if (delta) {
            org.fdrsim.recorder.race.DeltaRaceEncoding.decodeInPlace(bytes);
        }
        return bytes;
    }

    /** The little-endian 4-byte word at {@code b[p]}: a chunk header field. */
    public static int readInt(byte[] b, int p) {
        return (b[p] & 0xff) | ((b[p + 1] & 0xff) << 8) | ((b[p + 2] & 0xff) << 16) | ((b[p + 3] & 0xff) << 24);
    }

    /**
     * A stream of dump format 1 or 2 (chunk header words big-endian) with its headers turned
     * little-endian, the chunks themselves unchanged. A header whose length runs past the end
     * is turned too and ends the walk (then {@link #decompress} reports the damage as before).
     */
    public static byte[] fromBigEndianHeaders(byte[] stream) {
        byte[] out = stream.clone();
        int p = 0;
        while (stream.length - p >= 8) {
            for (int w = p; w < p + 8; w += 4) {
                for (int i = 0; i < 4; i++) {
                    out[w + i] = stream[w + 3 - i];
                }
            }
            long packed = readInt(out, p + 4) & 0xffffffffL;
            p += 8;
            if (packed > stream.length - p) {
                break;
            }
            p += (int) packed;
        }
        return out;
    }
}
