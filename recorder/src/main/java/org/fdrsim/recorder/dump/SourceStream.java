package org.fdrsim.recorder.dump;

import java.io.IOException;
import java.util.zip.CRC32;

/**
 * Reads a range of a {@link DumpSource} front to back through a bounded buffer: the memory
 * section is checked and decoded this way, page by page, without holding its payload.
 * Overruns are reported like {@link DumpInput}'s ("payload ends early").
 */
final class SourceStream {
    private static final int BUFFER = 1 << 20;
    private final DumpSource source;
    private final byte[] buf;
    private final long end;
    private final String file;
    private final String section;
    /** Source position of buf[0]. */
    private long bufStart;
    private int bufLen;
    private int p;

    SourceStream(DumpSource source, long from, long to, String file, String section) {
        this.source = source;
        this.end = to;
        this.file = file;
        this.section = section;
        this.buf = new byte[(int) Math.min(BUFFER, Math.max(16, to - from))];
        this.bufStart = from;
    }

    DumpFormatException malformed(String what) {
        return DumpInput.malformed(file, section, what);
    }

    long remaining() {
        return end - (bufStart + p);
    }

    /** Makes {@code n} (at most the buffer's size) bytes available at buf[p..]. */
    private void need(int n) throws DumpFormatException, IOException {
        if (n < 0 || remaining() < n) {
            throw malformed("payload ends early");
        }
        if (bufLen - p >= n) {
            return;
        }
        int keep = bufLen - p;
        System.arraycopy(buf, p, buf, 0, keep);
        bufStart += p;
        p = 0;
        int more = (int) Math.min(buf.length - keep, end - bufStart - keep);
        source.read(bufStart + keep, buf, keep, more);
        bufLen = keep + more;
    }

    long u32() throws DumpFormatException, IOException {
        return littleEndian(4);
    }

    /** A u32 used as a count or length, checked against {@code max}. */
    int count(long max, String what) throws DumpFormatException, IOException {
        long v = u32();
        if (v > max) {
            throw malformed(what + " " + v + " exceeds " + max);
        }
        return (int) v;
    }

    long u64() throws DumpFormatException, IOException {
        return littleEndian(8);
    }

    /** The next {@code n} bytes as a little-endian number. */
    private long littleEndian(int n) throws DumpFormatException, IOException {
        need(n);
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = (v << 8) | (buf[p + i] & 0xffL);
        }
        p += n;
        return v;
    }

    /** Reads {@code n} bytes into {@code dst}. */
    void bytes(byte[] dst, int n) throws DumpFormatException, IOException {
        if (n > buf.length) {
            if (remaining() < n) {
                throw malformed("payload ends early");
            }
            // Larger than the buffer (only a damaged page length): read around it.
            int have = bufLen - p;
            System.arraycopy(buf, p, dst, 0, have);
            source.read(bufStart + bufLen, dst, have, n - have);
            bufStart += bufLen + (n - have);
            bufLen = 0;
            p = 0;
            return;
        }
        need(n);
        System.arraycopy(buf, p, dst, 0, n);
        p += n;
    }

    void expectEnd() throws DumpFormatException {
        if (remaining() != 0) {
            throw malformed(remaining() + " unexpected bytes at the end of the payload");
        }
    }

    /** Adds the bytes {@code [from, to)} of {@code source} to {@code crc}, a buffer at a time. */
    static void update(CRC32 crc, DumpSource source, long from, long to) throws IOException {
        byte[] b = new byte[(int) Math.min(BUFFER, Math.max(1, to - from))];
        for (long at = from; at < to; ) {
            int n = (int) Math.min(b.length, to - at);
            source.read(at, b, 0, n);
            crc.update(b, 0, n);
            at += n;
        }
    }
}
