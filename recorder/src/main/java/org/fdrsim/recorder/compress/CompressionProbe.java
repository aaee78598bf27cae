package org.fdrsim.recorder.compress;

import io.airlift.compress.lz4.Lz4Compressor;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.Deflater;

/**
 * Measures what each candidate for the paper's LZ77 box would make of a log's chunks, beside
 * the compressor the recorder actually charges: {@code lz4} (LZ77 without an entropy coder),
 * {@code deflate} (LZ77 plus Huffman coding, the JDK's zlib at its default level) and
 * {@code none}. Each chunk is compressed on its own, as the recorder's chunks are. Nothing is
 * kept but byte counts.
 */
public final class CompressionProbe {
    /** The candidates, in report order. */
    public static final String[] NAMES = {"lz4", "deflate", "none"};

    private final Lz4Compressor lz4 = new Lz4Compressor();
    private final Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    private final byte[] out;
    private final byte[] pending;
    private int fill;
    private long lz4Bytes;
    private long deflateBytes;
    private long rawBytes;

    public CompressionProbe(int chunkBytes) {
        this.pending = new byte[chunkBytes];
        this.out = new byte[Math.max(lz4.maxCompressedLength(chunkBytes), chunkBytes + chunkBytes / 8 + 64)];
    }

    /** Adds bytes of a stream the probe chunks itself (full chunks are compressed at once). */
    public void write(byte[] data, int off, int len) {
        while (len > 0) {
            int n = Math.min(len, pending.length - fill);
            System.arraycopy(data, off, pending, fill, n);
            fill += n;
            off += n;
            len -= n;
            if (fill == pending.length) {
                flush();
            }
        }
    }

    /** Compresses the partial chunk of {@link #write}. */
    public void flush() {
        if (fill > 0) {
            chunk(pending, 0, fill);
            fill = 0;
        }
    }

    /** One chunk, compressed by every candidate. */
    public void chunk(byte[] data, int off, int len) {
        rawBytes += len;
        lz4Bytes += lz4.compress(data, off, len, out, 0, out.length);
        deflater.reset();
        deflater.setInput(data, off, len);
        deflater.finish();
        while (!deflater.finished()) {
            deflateBytes += deflater.deflate(out, 0, out.length);
        }
    }

    /** Bytes after each candidate, by name ({@link #NAMES}). */
    public Map<String, Long> bytes() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("lz4", lz4Bytes);
        m.put("deflate", deflateBytes);
        m.put("none", rawBytes);
        return m;
    }
}
