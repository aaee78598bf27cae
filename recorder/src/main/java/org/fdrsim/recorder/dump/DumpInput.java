package org.fdrsim.recorder.dump;

import java.nio.charset.StandardCharsets;
import org.fdrsim.cpu.text.OneLine;

/** Little-endian primitive reader over one section payload; overruns name the section. */
final class DumpInput {
    private final byte[] b;
    private int p;
    private final int end;
    private final String file;
    private final String section;

    DumpInput(byte[] b, int start, int end, String file, String section) {
        this.b = b;
        this.p = start;
        this.end = end;
        this.file = file;
        this.section = section;
    }

    private void need(int n) throws DumpFormatException {
        if (n < 0 || end - p < n) {
            throw malformed("payload ends early");
        }
    }

    DumpFormatException malformed(String what) {
        return malformed(file, section, what);
    }

    /** The error for a malformed payload; {@link SourceStream} reports the same way. */
    static DumpFormatException malformed(String file, String section, String what) {
        return new DumpFormatException(file + ": section '" + section + "' malformed: " + what, section);
    }

    int u8() throws DumpFormatException {
        need(1);
        return b[p++] & 0xff;
    }

    int u16() throws DumpFormatException {
        need(2);
        int v = (b[p] & 0xff) | (b[p + 1] & 0xff) << 8;
        p += 2;
        return v;
    }

    long u32() throws DumpFormatException {
        need(4);
        long v = 0;
        for (int i = 3; i >= 0; i--) {
            v = (v << 8) | (b[p + i] & 0xffL);
        }
        p += 4;
        return v;
    }

    /** A u32 used as a count or length, checked against {@code max}. */
    int count(long max, String what) throws DumpFormatException {
        long v = u32();
        if (v > max) {
            throw malformed(what + " " + v + " exceeds " + max);
        }
        return (int) v;
    }

    long u64() throws DumpFormatException {
        need(8);
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[p + i] & 0xffL);
        }
        p += 8;
        return v;
    }

    byte[] bytes(int n) throws DumpFormatException {
        need(n);
        byte[] r = new byte[n];
        System.arraycopy(b, p, r, 0, n);
        p += n;
        return r;
    }

    /**
     * A string: a name (program, symbol, source file, opcode) or a trigger's words. The writer
     * never writes a control character or a line separator ({@link DumpOutput#string}), so one
     * here is a forged dump's: refused, since every such string may be printed to a terminal
     * (an escape sequence in a label would reach the user's terminal from {@code fdr inspect}).
     */
    String string() throws DumpFormatException {
        int n = count(end - p, "string length");
        need(n); // the bound above was taken before the length's own four bytes were read
        String s = new String(b, p, n, StandardCharsets.UTF_8);
        if (!OneLine.isOneLine(s)) {
            throw malformed("string '" + shortened(s) + "' holds a control character, expected printable text");
        }
        p += n;
        return s;
    }

    /**
     * A string read from the dump, fit for a message: a long one cut after 60 characters. Line
     * breaks in it are escaped by {@link DumpFormatException} itself, with the rest of the message.
     */
    static String shortened(String s) {
        if (s.length() <= 60) {
            return s;
        }
        int cut = Character.isHighSurrogate(s.charAt(59)) ? 59 : 60; // not half a character
        return s.substring(0, cut) + "...";
    }

    int remaining() {
        return end - p;
    }

    void expectEnd() throws DumpFormatException {
        if (p != end) {
            throw malformed((end - p) + " unexpected bytes at the end of the payload");
        }
    }
}
