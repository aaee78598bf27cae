package org.fdrsim.recorder.compress;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4RawCompressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.fdrsim.cpu.text.Blanks;

/**
 * The compressor a recorder's LZ77 box is modelled with ({@code recorder.compressor}):
 * {@code lz4} (LZ77 without an entropy coder, aircompressor), {@code deflate} (LZ77 plus
 * Huffman coding, the JDK's zlib, raw deflate at the default level) or {@code none}. Each has
 * a stable {@link #id} stored in every chunk header, so a dump says how to read it.
 */
public enum Codec {
    LZ4(0),
    DEFLATE(1),
    NONE(2);

    private final int id;

    Codec(int id) {
        this.id = id;
    }

    public int id() {
        return id;
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The codec called {@code name}; a one-line message lists the choices otherwise. */
    public static Codec parse(String name) {
        for (Codec c : values()) {
            if (c.key().equals(name == null ? "" : Blanks.strip(name).toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw new IllegalArgumentException("recorder.compressor must be lz4, deflate or none, got '" + name + "'");
    }

    /** The codec with header id {@code id}, or null. */
    public static Codec byId(int id) {
        for (Codec c : values()) {
            if (c.id == id) {
                return c;
            }
        }
        return null;
    }

    /** The codec's name in messages: LZ4, deflate, stored. */
    public String label() {
        return switch (this) {
            case LZ4 -> "LZ4";
            case DEFLATE -> "deflate";
            case NONE -> "stored";
        };
    }

    /**
     * Most raw bytes one compressed byte of this codec can stand for, so that a declared raw
     * length can be checked against the stored bytes before anything is allocated: an LZ4
     * match token and its length bytes encode at most 255 more bytes per byte; deflate's
     * longest code (a 258-byte match) reaches about 1032:1; stored chunks are 1:1.
     */
    public long maxExpansion() {
        return switch (this) {
            case LZ4 -> 255;
            case DEFLATE -> 1032;
            case NONE -> 1;
        };
    }

    /** An upper bound on one compressed chunk of {@code n} bytes. */
    public int maxCompressedLength(int n) {
        return Math.max(Lz4RawCompressor.maxCompressedLength(n), n + n / 8 + 64);
    }

    /** A reusable compressor of this codec (not thread-safe). */
    public Encoder encoder() {
        return switch (this) {
            case LZ4 -> {
                Lz4Compressor lz4 = new Lz4Compressor();
                yield (in, off, len, out) -> lz4.compress(in, off, len, out, 0, out.length);
            }
            case DEFLATE -> {
                Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
                yield (in, off, len, out) -> {
                    d.reset();
                    d.setInput(in, off, len);
                    d.finish();
                    int n = 0;
                    while (!d.finished()) {
                        n += d.deflate(out, n, out.length - n);
                    }
                    return n;
                };
            }
            case NONE -> (in, off, len, out) -> {
                System.arraycopy(in, off, out, 0, len);
                return len;
            };
        };
    }

    /** Compresses one chunk into {@code out} (sized by {@link #maxCompressedLength}); returns the length. */
    @FunctionalInterface
    public interface Encoder {
        int compress(byte[] in, int off, int len, byte[] out);
    }

    /**
     * Decompresses {@code len} bytes at {@code in[off]} into {@code out[outOff..outOff+raw)}; returns the bytes
     * produced (a value other than {@code raw} means the chunk is damaged).
     */
    public int decompress(byte[] in, int off, int len, byte[] out, int outOff, int raw) {
        switch (this) {
            case LZ4:
                return new Lz4Decompressor().decompress(in, off, len, out, outOff, raw);
            case DEFLATE:
                Inflater inf = new Inflater(true);
                try {
                    inf.setInput(in, off, len);
                    return inf.inflate(out, outOff, raw);
                } catch (DataFormatException e) {
                    throw new IllegalArgumentException("corrupt deflate chunk: " + e.getMessage(), e);
                } finally {
                    inf.end();
                }
            default:
                if (len != raw) {
                    return -1;
                }
                System.arraycopy(in, off, out, outOff, raw);
                return raw;
        }
    }
}
