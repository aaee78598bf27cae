package org.fdrsim.recorder.dump;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.fdrsim.cpu.text.OneLine;

/** Little-endian primitive writer for section payloads. */
final class DumpOutput {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    void u8(int v) {
        out.write(v);
    }

    void u16(int v) {
        out.write(v);
        out.write(v >>> 8);
    }

    void u32(long v) {
        for (int i = 0; i < 4; i++) {
            out.write((int) (v >>> (8 * i)));
        }
    }

    void u64(long v) {
        for (int i = 0; i < 8; i++) {
            out.write((int) (v >>> (8 * i)));
        }
    }

    void bytes(byte[] b) {
        out.write(b, 0, b.length);
    }

    void bytes(byte[] b, int off, int len) {
        out.write(b, off, len);
    }

    /**
     * u32 byte length + UTF-8, with control characters and line separators escaped as
     * {@code \\uXXXX} ({@link OneLine}): a program file name may hold one, and the reader refuses
     * any (a dump's strings are printed to terminals).
     */
    void string(String s) {
        byte[] b = OneLine.escape(s).getBytes(StandardCharsets.UTF_8);
        u32(b.length);
        bytes(b);
    }

    byte[] toByteArray() {
        return out.toByteArray();
    }

    int size() {
        return out.size();
    }
}
