package org.fdrsim.replayer;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.util.Arrays;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.compress.ChunkCompressor;

/**
 * A fuzzer's edit of one log segment's entries, as the replayer reads them: decompressed, one
 * field of an entry changed, or an entry removed, repeated or swapped with another, or the log
 * cut short, then compressed again in LZ4 chunks with its counts made to agree. A raw byte
 * mutation of the stored chunks seldom leaves a block that decompresses, so it stops at the
 * reader; these edits reach the replay with a log that reads well and says something else.
 */
final class SegmentEdits {
    private SegmentEdits() {}

    /** {@code s} with one edit of its entries (an empty segment is returned as it is). */
    static LogSegment edit(LogSegment s, FuzzedDataProvider data) {
        int size = s.kind().entryBytes();
        byte[] raw = s.decompress();
        int n = raw.length / size;
        if (n == 0) {
            return s;
        }
        int i = data.consumeInt(0, n - 1);
        byte[] out = switch (data.consumeInt(0, 4)) {
            case 0 -> field(raw, i * size, size, data);
            case 1 -> splice(raw, i * size, size, new byte[0]); // removed
            case 2 -> splice(raw, i * size, 0, Arrays.copyOfRange(raw, i * size, (i + 1) * size)); // repeated
            case 3 -> swap(raw, i * size, data.consumeInt(0, n - 1) * size, size);
            default -> Arrays.copyOf(raw, i * size); // cut short after i entries
        };
        return compressed(s, out);
    }

    /** {@code s}'s entries, compressed again as the recorder stores them; the counts follow the bytes. */
    private static LogSegment compressed(LogSegment s, byte[] raw) {
        ChunkCompressor c = new ChunkCompressor(ChunkCompressor.DEFAULT_CHUNK, bytes -> { });
        c.write(raw, 0, raw.length);
        return new LogSegment(s.kind(), s.owner(), raw.length / s.kind().entryBytes(), raw.length, c.cutSegment());
    }

    /** One field of the entry at {@code at}: 1, 2, 4 or 8 bytes from an offset, either byte order (race ICs are big-endian). */
    private static byte[] field(byte[] raw, int at, int size, FuzzedDataProvider data) {
        byte[] out = raw.clone();
        int offset = data.consumeInt(0, size - 1);
        int width = Math.min(1 << data.consumeInt(0, 3), size - offset);
        boolean bigEndian = data.consumeBoolean();
        long old = 0;
        for (int b = 0; b < width; b++) {
            old |= (out[at + offset + b] & 0xffL) << (8 * (bigEndian ? width - 1 - b : b));
        }
        long value = EditValues.changed(old, data);
        for (int b = 0; b < width; b++) {
            out[at + offset + b] = (byte) (value >>> (8 * (bigEndian ? width - 1 - b : b)));
        }
        return out;
    }

    /** {@code raw} with {@code length} bytes at {@code at} replaced by {@code insert}. */
    private static byte[] splice(byte[] raw, int at, int length, byte[] insert) {
        byte[] out = new byte[raw.length - length + insert.length];
        System.arraycopy(raw, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(raw, at + length, out, at + insert.length, raw.length - at - length);
        return out;
    }

    private static byte[] swap(byte[] raw, int a, int b, int size) {
        byte[] out = raw.clone();
        System.arraycopy(raw, a, out, b, size);
        System.arraycopy(raw, b, out, a, size);
        return out;
    }
}
