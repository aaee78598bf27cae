package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.DumpFormatException;
import org.junit.jupiter.api.Test;

/**
 * Forged dumps whose section checksums are correct: declared sizes far beyond the file are
 * refused with one line before anything of that size is allocated, and a damaged LZ4 chunk
 * in a checkpoint is refused by the reader (so by {@code fdr inspect} and {@code fdr replay}
 * alike) instead of failing inside replay.
 */
class HostileDumpTest {
    /** Offsets in a dump (docs/dump-format.md): the META payload follows the 12-byte file header and a 16-byte section header. */
    private static final int META_PAYLOAD = 12 + 16;
    private static final int REGISTER_SET_BYTES = 4 + 32 * 8 + 4 + 4 + 6 * 8 + 8 + 8 + 1 + 8;

    /** A recorded message-passing run on 2 processors whose first checkpoint has a race log segment. */
    private static final byte[] DUMP = seed("seed-mp");

    @Test
    void theRecordedDumpReadsAndReplaysBitExact() throws DumpFormatException {
        var dump = CoreDumpReader.read(DUMP, "mp.fdr");
        assertThat(DumpReplay.verify(dump, 0).bitExact()).isTrue();
        assertThat(firstSegment(DUMP)).as("the seed has a log segment to damage").isPositive();
    }

    @Test
    void memoryOfTwoToTheFortyPagesIsRefused() {
        byte[] b = DUMP.clone();
        le(b).putLong(META_PAYLOAD + 16, (1L << 40) * 4096);
        assertThat(refusal(b)).isEqualTo("mp.fdr: section 'meta' malformed: memory size 4503599627370496 bytes,"
                + " expected a multiple of 4096 up to 4398046511104");
    }

    @Test
    void aSectionOfTwoToTheSixtyBytesIsRefused() {
        byte[] b = DUMP.clone();
        le(b).putLong(12 + 4, 1L << 60);
        assertThat(refusal(b)).startsWith("mp.fdr: section 'meta' truncated (declares 1152921504606846976 payload"
                + " bytes, ");
    }

    @Test
    void tenToTheTwelveLogEntriesAreRefused() {
        byte[] b = DUMP.clone();
        le(b).putLong(firstSegment(b) + 1 + 4, 1_000_000_000_000L);
        assertThat(refusal(b)).matches("mp\\.fdr: section 'checkpoint 0' malformed: log segment 0 \\(\\w+ \\d+\\)"
                + " declares 1000000000000 entries in \\d+ bytes");
    }

    @Test
    void aRawSizeBeyondWhatLz4CanEncodeIsRefusedBeforeAllocating() {
        byte[] b = DUMP.clone();
        int chunk = firstSegment(b) + 1 + 4 + 8 + 8 + 4;
        // The chunk header's low 24 bits are the raw length (the top byte names the codec, LZ4 = 0).
        ByteBuffer.wrap(b).order(ByteOrder.BIG_ENDIAN).putInt(chunk, 0x00ffffff);
        assertThat(refusal(b)).contains("log chunk 0 declares 16777215 raw bytes from")
                .contains("more than LZ4 can encode");
    }

    @Test
    void aMalformedLz4ChunkInACheckpointIsRefusedByTheReader() {
        byte[] b = DUMP.clone();
        int block = firstSegment(b) + 1 + 4 + 8 + 8 + 4 + 8;
        for (int i = 0; i < 6; i++) {
            b[block + i] = (byte) 0xff; // a literal length that runs past the block
        }
        assertThat(refusal(b)).matches("mp\\.fdr: section 'checkpoint 0' malformed: log segment 0 \\(\\w+ \\d+\\):"
                + " log chunk 0 (is not a valid LZ4 block|decompresses to \\d+ bytes, expected \\d+)");
    }

    /**
     * A string whose length counts its own four length bytes as text, in a dump cut after the
     * program section: the reader had bounded the length by the bytes left before reading it, so
     * the text ran four bytes past the section and here past the file (a fuzzer's finding,
     * {@code finding-string-length-counts-itself}: a {@code StringIndexOutOfBoundsException}).
     */
    @Test
    void aStringLengthThatCountsItsOwnBytesIsRefused() {
        int program = sectionStart(DUMP, 2); // META, CONF, PROG
        int payload = (int) le(DUMP).getLong(program + 4);
        byte[] b = Arrays.copyOf(DUMP, program + 16 + payload);
        le(b).putInt(program + 16, payload); // the program's name: the whole payload, its length included
        assertThat(refusal(b)).matches("mp\\.fdr: section '\\w+' malformed: payload ends early");
    }

    @Test
    void aControlCharacterInAStringIsRefusedSoNoneReachesATerminal() {
        int program = sectionStart(DUMP, 2); // META, CONF, PROG
        byte[] b = DUMP.clone();
        b[program + 16 + 4] = 0x1b; // the program name's first character: ESC, as in "\e[31m"
        assertThat(refusal(b)).matches("mp\\.fdr: section '\\w+' malformed: string '\\\\u001b.*' holds a control character,"
                + " expected printable text");
    }

    private static String refusal(byte[] forged) {
        byte[] sealed = SectionSeals.reseal(forged);
        assertThatThrownBy(() -> CoreDumpReader.read(sealed, "mp.fdr")).isInstanceOf(DumpFormatException.class);
        try {
            CoreDumpReader.read(sealed, "mp.fdr");
            throw new AssertionError("not refused");
        } catch (DumpFormatException e) {
            assertThat(e.getMessage()).doesNotContain("\n");
            return e.getMessage();
        }
    }

    /** Offset of the header of section {@code index} (0: META), 16 bytes before its payload. */
    private static int sectionStart(byte[] b, int index) {
        int p = 12;
        for (int section = 0; section < index; section++) {
            p += 16 + (int) le(b).getLong(p + 4);
        }
        return p;
    }

    /** Offset of the first log segment of the first checkpoint (its kind byte). */
    private static int firstSegment(byte[] b) {
        ByteBuffer le = le(b);
        int cpus = le.getInt(META_PAYLOAD);
        int p = sectionStart(b, 4); // after META, CONF, PROG, MEMO
        int q = p + 16 + 4 + 8 + 8; // number, cycle, quiesce
        q += 4 + cpus * REGISTER_SET_BYTES;
        q += 4 + 8 * le.getInt(q);
        int segments = le.getInt(q);
        return segments > 0 ? q + 4 : -1;
    }

    private static ByteBuffer le(byte[] b) {
        return ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static byte[] seed(String name) {
        try (InputStream in = HostileDumpTest.class.getResourceAsStream("DumpReplayFuzzTestInputs/readAndReplay/" + name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
