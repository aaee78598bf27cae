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

    private final byte[] b;
    private final String file;
    private int p;

    private CoreDumpReader(byte[] bytes, String file) {
        this.b = bytes;
        this.file = file;
    }

    /** Reads {@code path}; I/O problems (missing file ...) are also reported as a DumpFormatException. */
    public static CoreDump read(Path path) throws DumpFormatException {
        String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw new DumpFormatException(path + ": no such file", null);
        } catch (IOException e) {
            throw new DumpFormatException(path + ": cannot read (" + e.getMessage() + ")", null);
        }
        return read(bytes, name);
    }

    /** Reads a dump from memory; {@code fileName} only appears in messages. */
    public static CoreDump read(byte[] bytes, String fileName) throws DumpFormatException {
        return new CoreDumpReader(bytes, fileName).dump();
    }

    private DumpFormatException error(String section, String what) {
        return new DumpFormatException(file + ": " + (section == null ? "" : "section '" + section + "' ") + what,
                section);
    }

    private CoreDump dump() throws DumpFormatException {
        if (b.length == 0) {
            throw new DumpFormatException(file + ": not a core dump (empty file)", "header");
        }
        int magic = DumpSections.MAGIC.length;
        if (b.length < magic || !Arrays.equals(b, 0, magic, DumpSections.MAGIC, 0, magic)) {
            throw new DumpFormatException(file + ": not a core dump (no FDRDUMP magic at the start)", "header");
        }
        if (b.length < magic + 4) {
            throw new DumpFormatException(file + ": section 'header' truncated (no format version)", "header");
        }
        long version = (b[magic] & 0xffL) | (b[magic + 1] & 0xffL) << 8 | (b[magic + 2] & 0xffL) << 16
                | (b[magic + 3] & 0xffL) << 24;
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
        SparseMemory memory = MemorySection.read(section(DumpSections.MEMORY, 0), memoryBytes);

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
        if (validationFollows()) {
            validation = ValidationSection.read(section(DumpSections.VALIDATION, 0), checkpoints, cpus);
        }

        DumpInput end = section(DumpSections.END, 0);
        end.expectEnd();
        if (p != b.length) {
            throw error("end", (b.length - p) + " unexpected bytes after the end of the dump");
        }
        return new CoreDump((int) version, cpus, dmaEngines, seed, config, program, memory, checkpoints, finalRegs,
                finalDma, trigger, summary, validation);
    }

    /**
     * Whether the optional validation section comes next: its tag, or (a damaged tag) a header
     * that declares a payload, which END never has; the section check then names the damage.
     */
    private boolean validationFollows() {
        if (b.length - p < 4) {
            return false;
        }
        String tag = new String(b, p, 4, StandardCharsets.US_ASCII);
        if (tag.equals(DumpSections.VALIDATION)) {
            return true;
        }
        if (tag.equals(DumpSections.END) || b.length - p < DumpSections.HEADER_BYTES) {
            return false;
        }
        for (int i = 0; i < 8; i++) {
            if (b[p + 4 + i] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Checks the next section's header, length and CRC; returns its payload. */
    private DumpInput section(String tag, int index) throws DumpFormatException {
        String name = DumpSections.name(tag, index);
        int remaining = b.length - p;
        if (remaining < DumpSections.HEADER_BYTES) {
            throw error(name, remaining == 0 ? "missing (file truncated)"
                    : "truncated (header: " + remaining + " of " + DumpSections.HEADER_BYTES + " bytes)");
        }
        long length = 0;
        for (int i = 7; i >= 0; i--) {
            length = (length << 8) | (b[p + 4 + i] & 0xffL);
        }
        long stored = (b[p + 12] & 0xffL) | (b[p + 13] & 0xffL) << 8 | (b[p + 14] & 0xffL) << 16
                | (b[p + 15] & 0xffL) << 24;
        long available = remaining - DumpSections.HEADER_BYTES;
        if (length < 0 || length > available) {
            throw error(name, "truncated (declares " + length + " payload bytes, " + available + " present)");
        }
        CRC32 crc = new CRC32();
        crc.update(b, p, 12);
        crc.update(b, p + DumpSections.HEADER_BYTES, (int) length);
        if (crc.getValue() != stored) {
            throw error(name, String.format("checksum mismatch (expected 0x%08x, got 0x%08x)", stored, crc.getValue()));
        }
        String actual = new String(b, p, 4, StandardCharsets.US_ASCII);
        if (!actual.equals(tag)) {
            throw error(name, "has tag '" + DumpInput.printable(actual.strip()) + "' where '" + tag.strip() + "' was expected");
        }
        int start = p + DumpSections.HEADER_BYTES;
        p = start + (int) length;
        return new DumpInput(b, start, p, file, name);
    }

}
