package org.fdrsim.recorder.dump;

import java.io.IOException;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.fdrsim.cpu.files.AtomicFile;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * Writes a {@link CoreDump} in the format of docs/dump-format.md: magic, version, then
 * sections (tag, length, CRC32, payload) in a fixed order. Each section's payload is written by
 * its own class beside the code that reads it ({@code ProgramSection}, {@code MemorySection},
 * {@code CheckpointSection}, {@code ProcessorStates}, {@code TriggerSection},
 * {@code SummarySection}, {@code ValidationSection}). The bytes depend only on the dump's
 * content, so the same run gives the same file. Files are written to a temporary name and
 * renamed ({@link AtomicFile}).
 */
public final class CoreDumpWriter {
    /**
     * The format version this writer produces. Version 2 marks each log chunk's codec (and
     * delta-coded race entries) in its header; version 3 writes the log chunk headers
     * little-endian like every other field of the file. Versions 1 (LZ4 only) and 2 (chunk
     * headers big-endian) are still read.
     */
    public static final int VERSION = 3;
    /** The first version whose log chunk headers are little-endian. */
    public static final int LITTLE_ENDIAN_CHUNKS = 3;
    /** The oldest version {@link CoreDumpReader} reads. */
    public static final int OLDEST_READABLE = 1;
    /** Memory image page size in the file. */
    public static final int PAGE_BYTES = SparseMemory.PAGE_BYTES;

    private CoreDumpWriter() {}

    /** Writes {@code dump} to {@code file} atomically. */
    public static void write(CoreDump dump, Path file) throws IOException {
        AtomicFile.write(file, toBytes(dump));
    }

    /** The file's bytes. */
    public static byte[] toBytes(CoreDump dump) {
        DumpOutput file = new DumpOutput();
        file.bytes(DumpSections.MAGIC);
        file.u32(VERSION);
        section(file, DumpSections.META, meta(dump));
        DumpOutput conf = new DumpOutput();
        conf.bytes(dump.configText().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        section(file, DumpSections.CONFIG, conf);
        section(file, DumpSections.PROGRAM, ProgramSection.write(dump.program()));
        section(file, DumpSections.MEMORY, MemorySection.write(dump.memory()));
        for (CheckpointState c : dump.checkpoints()) {
            section(file, DumpSections.CHECKPOINT, CheckpointSection.write(c));
        }
        DumpOutput fin = new DumpOutput();
        ProcessorStates.write(fin, dump.finalRegisters());
        ProcessorStates.writeIcs(fin, dump.finalDmaIcs());
        section(file, DumpSections.FINAL, fin);
        section(file, DumpSections.TRIGGER, TriggerSection.write(dump.trigger()));
        section(file, DumpSections.SUMMARY, SummarySection.write(dump.summary()));
        if (dump.validation() != null) {
            section(file, DumpSections.VALIDATION, ValidationSection.write(dump));
        }
        section(file, DumpSections.END, new DumpOutput());
        return file.toByteArray();
    }

    private static void section(DumpOutput file, String tag, DumpOutput payload) {
        byte[] body = payload.toByteArray();
        byte[] header = new byte[12];
        byte[] t = tag.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        System.arraycopy(t, 0, header, 0, 4);
        for (int i = 0; i < 8; i++) {
            header[4 + i] = (byte) ((long) body.length >>> (8 * i));
        }
        CRC32 crc = new CRC32();
        crc.update(header, 0, 12);
        crc.update(body, 0, body.length);
        file.bytes(header);
        file.u32(crc.getValue());
        file.bytes(body);
    }

    private static DumpOutput meta(CoreDump d) {
        DumpOutput o = new DumpOutput();
        o.u32(d.cpus());
        o.u32(d.dmaEngines());
        o.u64(d.seed());
        o.u64(d.memory().size());
        o.u32(d.checkpoints().size());
        return o;
    }

}
