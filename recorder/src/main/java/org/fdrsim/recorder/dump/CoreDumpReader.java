package org.fdrsim.recorder.dump;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * Reads a core dump written by {@link CoreDumpWriter}, checking the magic, the version, every
 * section's tag, length and CRC32, and that nothing follows the end section. Any problem is a
 * {@link DumpFormatException} with a one-line message naming the file and the section.
 */
public final class CoreDumpReader {
    /**
     * Largest memory a dump may declare: what the configuration allows (64 processors of
     * 64 GB). Checked before the page directory is allocated.
     */
    static final long MAX_MEMORY_BYTES = 64L << 36;

    private final DumpSource b;
    private final long length;
    private final String file;
    private long p;

    private CoreDumpReader(DumpSource source, String file) {
        this.b = source;
        this.length = source.length();
        this.file = file;
    }

    /**
     * Reads {@code path}; I/O problems (missing file ...) are also reported as a
     * DumpFormatException. The memory image is checked here but not kept: the dump reads its
     * pages from the file again when they are visited ({@link DumpMemory}).
     */
    public static CoreDump read(Path path) throws DumpFormatException {
        String name = path.toString(); // as the user wrote it: /dev/null's file name alone would read "null"
        if (Files.isDirectory(path)) {
            throw new DumpFormatException(path + ": it is a directory, expected a core dump file (e.g. one 'fdr record -o' wrote)", null);
        }
        try (DumpSource source = DumpSource.open(path)) {
            return new CoreDumpReader(source, name).dump();
        } catch (NoSuchFileException e) {
            throw new DumpFormatException(path + ": no such file", null);
        } catch (IOException e) {
            throw new DumpFormatException(path + ": cannot read (" + e.getMessage() + ")", null);
        }
    }

    /** Bytes {@link #startsAsDump} needs: a dump's magic. */
    public static final int MAGIC_BYTES = DumpSections.MAGIC.length;

    /**
     * Whether {@code head} (a file's first {@link #MAGIC_BYTES} bytes) starts as a core dump does,
     * so that a command taking a program can say it was given a dump.
     */
    public static boolean startsAsDump(byte[] head) {
        return head.length >= MAGIC_BYTES && Arrays.equals(head, 0, MAGIC_BYTES, DumpSections.MAGIC, 0, MAGIC_BYTES);
    }

    /** Reads a dump from memory; {@code fileName} only appears in messages. */
    public static CoreDump read(byte[] bytes, String fileName) throws DumpFormatException {
        try {
            return new CoreDumpReader(DumpSource.of(bytes), fileName).dump();
        } catch (IOException e) {
            throw new IllegalStateException("reading an array failed", e); // every read is checked against its length
        }
    }

    private DumpFormatException error(String section, String what) {
        return new DumpFormatException(file + ": " + (section == null ? "" : "section '" + section + "' ") + what,
                section);
    }

    private byte[] bytesAt(long at, int n) throws IOException {
        byte[] r = new byte[n];
        b.read(at, r, 0, n);
        return r;
    }

    private CoreDump dump() throws DumpFormatException, IOException {
        if (length == 0) {
            throw new DumpFormatException(file + ": not a core dump (empty file)", "header");
        }
        int magic = MAGIC_BYTES;
        if (length < magic || !startsAsDump(bytesAt(0, magic))) {
            throw new DumpFormatException(file + ": not a core dump (no FDRDUMP magic at the start)", "header");
        }
        if (length < magic + 4) {
            throw new DumpFormatException(file + ": section 'header' truncated (no format version)", "header");
        }
        byte[] v = bytesAt(magic, 4);
        long version = (v[0] & 0xffL) | (v[1] & 0xffL) << 8 | (v[2] & 0xffL) << 16 | (v[3] & 0xffL) << 24;
        if (version < CoreDumpWriter.OLDEST_READABLE || version > CoreDumpWriter.VERSION) {
            throw new DumpFormatException(file + ": dump format version " + version + " is not supported (this fdr reads versions "
                    + CoreDumpWriter.OLDEST_READABLE + " to " + CoreDumpWriter.VERSION + ")", "header");
        }
        p = magic + 4;

        DumpInput meta = section(DumpSections.META, 0);
        int cpus = meta.count(64, "cpus");
        int dmaEngines = meta.count(64, "DMA engines");
        long seed = meta.u64();
        long memoryBytes = meta.u64();
        int checkpointCount = meta.count(1 << 20, "checkpoint count");
        meta.expectEnd();
        if (cpus < 1) {
            throw meta.malformed("0 processors (expected 1..64)");
        }
        if (memoryBytes <= 0 || memoryBytes % SparseMemory.PAGE_BYTES != 0 || memoryBytes > MAX_MEMORY_BYTES) {
            throw meta.malformed("memory size " + Long.toUnsignedString(memoryBytes) + " bytes, expected a multiple of "
                    + SparseMemory.PAGE_BYTES + " up to " + MAX_MEMORY_BYTES);
        }
        if (checkpointCount < 1) {
            throw meta.malformed("0 checkpoints (a dump keeps at least the one its replay starts from)");
        }

        DumpInput conf = section(DumpSections.CONFIG, 0);
        String config = new String(conf.bytes(conf.remaining()), StandardCharsets.UTF_8);

        ProgramImage program = ProgramSection.read(section(DumpSections.PROGRAM, 0));
        long memoryAt = checkedSection(DumpSections.MEMORY, 0);
        DumpMemory memory = MemorySection.read(b, memoryAt, p, memoryBytes, file);

        List<CheckpointState> checkpoints = new ArrayList<>();
        for (int k = 0; k < checkpointCount; k++) {
            checkpoints.add(CheckpointSection.read(section(DumpSections.CHECKPOINT, k), cpus, dmaEngines, program.code().length(),
                    memoryBytes, (int) version));
        }
        DumpInput fin = section(DumpSections.FINAL, 0);
        List<ArchState> finalRegs = ProcessorStates.read(fin, cpus, program.code().length());
        long[] finalDma = ProcessorStates.readIcs(fin, dmaEngines);
        fin.expectEnd();

        TriggerInfo trigger = TriggerSection.read(section(DumpSections.TRIGGER, 0));

        DumpSummary summary = SummarySection.read(section(DumpSections.SUMMARY, 0));

        ValidationTrace validation = null;
        if (optionalFollows(DumpSections.VALIDATION, DumpSections.CONSOLE_INPUT)) {
            validation = ValidationSection.read(section(DumpSections.VALIDATION, 0), checkpoints, cpus);
        }
        byte[] consoleInput = null;
        if (optionalFollows(DumpSections.CONSOLE_INPUT, null)) {
            DumpInput in = section(DumpSections.CONSOLE_INPUT, 0);
            consoleInput = in.bytes(in.remaining());
        }

        DumpInput end = section(DumpSections.END, 0);
        end.expectEnd();
        if (p != length) {
            throw error("end", (length - p) + " unexpected bytes after the end of the dump");
        }
        return new CoreDump((int) version, cpus, dmaEngines, seed, config, program, memory, checkpoints, finalRegs,
                finalDma, trigger, summary, validation, consoleInput);
    }

    /**
     * Whether the optional section {@code tag} comes next: its tag, or (a damaged tag) a header
     * that declares a payload, which END never has, unless its checksum says it is the optional
     * section {@code later} (null: none) with a damaged tag; the section check then names the damage.
     */
    private boolean optionalFollows(String tag, String later) throws IOException {
        if (length - p < 4) {
            return false;
        }
        byte[] h = bytesAt(p, (int) Math.min(DumpSections.HEADER_BYTES, length - p));
        String actual = new String(h, 0, 4, StandardCharsets.US_ASCII);
        if (actual.equals(tag)) {
            return true;
        }
        if (actual.equals(DumpSections.END) || actual.equals(later) || h.length < DumpSections.HEADER_BYTES) {
            return false;
        }
        return declaredLength(h) != 0 && (later == null || !checksumFitsTag(h, later));
    }

    /** Whether the section whose header is {@code h} (at p) has a correct checksum under {@code tag}. */
    private boolean checksumFitsTag(byte[] h, String tag) throws IOException {
        long declared = declaredLength(h);
        long start = p + DumpSections.HEADER_BYTES;
        if (declared < 0 || declared > length - start) {
            return false;
        }
        byte[] named = h.clone();
        System.arraycopy(tag.getBytes(StandardCharsets.US_ASCII), 0, named, 0, 4);
        return checksum(named, start, declared) == storedCrc(h);
    }

    /** The CRC-32 of a section: the first 12 bytes of {@code header}, then its payload in the file. */
    private long checksum(byte[] header, long start, long declared) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(header, 0, 12);
        SourceStream.update(crc, b, start, start + declared);
        return crc.getValue();
    }

    /** The payload length a section header declares (negative: more than a long holds). */
    private static long declaredLength(byte[] h) {
        long declared = 0;
        for (int i = 7; i >= 0; i--) {
            declared = (declared << 8) | (h[4 + i] & 0xffL);
        }
        return declared;
    }

    /** The CRC-32 a section header stores. */
    private static long storedCrc(byte[] h) {
        return (h[12] & 0xffL) | (h[13] & 0xffL) << 8 | (h[14] & 0xffL) << 16 | (h[15] & 0xffL) << 24;
    }

    /** Checks the next section's header, length and CRC; returns its payload. */
    private DumpInput section(String tag, int index) throws DumpFormatException, IOException {
        String name = DumpSections.name(tag, index);
        long start = checkedSection(tag, index);
        long n = p - start;
        if (n > Integer.MAX_VALUE - 8) {
            throw error(name, "malformed: payload of " + n + " bytes is too large");
        }
        return new DumpInput(bytesAt(start, (int) n), 0, (int) n, file, name);
    }

    /**
     * Checks the next section's header, length, CRC (read a buffer at a time) and tag;
     * returns where its payload starts and moves past it.
     */
    private long checkedSection(String tag, int index) throws DumpFormatException, IOException {
        String name = DumpSections.name(tag, index);
        long remaining = length - p;
        if (remaining < DumpSections.HEADER_BYTES) {
            throw error(name, remaining == 0 ? "missing (file truncated)"
                    : "truncated (header: " + remaining + " of " + DumpSections.HEADER_BYTES + " bytes)");
        }
        byte[] h = bytesAt(p, DumpSections.HEADER_BYTES);
        long declared = declaredLength(h);
        long stored = storedCrc(h);
        long available = remaining - DumpSections.HEADER_BYTES;
        if (declared < 0 || declared > available) {
            throw error(name, "truncated (declares " + declared + " payload bytes, " + available + " present)");
        }
        long start = p + DumpSections.HEADER_BYTES;
        long crc = checksum(h, start, declared);
        if (crc != stored) {
            throw error(name, String.format("checksum mismatch (expected 0x%08x, got 0x%08x)", stored, crc));
        }
        String actual = new String(h, 0, 4, StandardCharsets.US_ASCII);
        if (!actual.equals(tag)) {
            throw error(name, "has tag '" + DumpInput.shortened(actual.strip()) + "' where '" + tag.strip() + "' was expected");
        }
        p = start + declared;
        return start;
    }

}
