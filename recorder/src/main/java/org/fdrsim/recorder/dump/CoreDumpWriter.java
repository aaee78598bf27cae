package org.fdrsim.recorder.dump;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.fdrsim.cpu.files.AtomicFile;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * Writes a {@link CoreDump} in the format of docs/dump-format.md: magic, version, then
 * sections (tag, length, CRC32, payload) in a fixed order. Each section's payload is written by
 * its own class beside the code that reads it ({@code ProgramSection}, {@code MemorySection},
 * {@code CheckpointSection}, {@code ProcessorStates}, {@code TriggerSection},
 * {@code SummarySection}, {@code ValidationSection}; the console input is its raw bytes). The bytes depend only on the dump's
 * content, so the same run gives the same file. Files are written to a temporary name and
 * renamed ({@link AtomicFile}); the memory image is streamed into the file page by page, never
 * assembled in host memory.
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

    /**
     * Writes {@code dump} to {@code file} atomically, the memory image streamed page by page
     * (never assembled in host memory); returns the file's size in bytes.
     */
    public static long write(CoreDump dump, Path file) throws IOException {
        long[] size = {0};
        AtomicFile.writeChannel(file, channel -> {
            DumpSink sink = DumpSink.of(channel);
            write(dump, sink);
            size[0] = sink.position();
        });
        return size[0];
    }

    /** The file's bytes (small dumps: tests, comparisons). */
    public static byte[] toBytes(CoreDump dump) {
        DumpSink.Array sink = DumpSink.array();
        try {
            write(dump, sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an array sink does no I/O
        }
        return sink.toByteArray();
    }

    private static void write(CoreDump dump, DumpSink file) throws IOException {
        byte[] head = new byte[DumpSections.MAGIC.length + 4];
        System.arraycopy(DumpSections.MAGIC, 0, head, 0, DumpSections.MAGIC.length);
        for (int i = 0; i < 4; i++) {
            head[DumpSections.MAGIC.length + i] = (byte) (VERSION >>> (8 * i));
        }
        file.write(head, 0, head.length);
        section(file, DumpSections.META, meta(dump));
        DumpOutput conf = new DumpOutput();
        conf.bytes(dump.configText().getBytes(StandardCharsets.UTF_8));
        section(file, DumpSections.CONFIG, conf);
        section(file, DumpSections.PROGRAM, ProgramSection.write(dump.program()));
        memorySection(file, dump.memoryImage());
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
        if (dump.keepsConsoleInput()) {
            DumpOutput input = new DumpOutput();
            input.bytes(dump.consoleInput());
            section(file, DumpSections.CONSOLE_INPUT, input);
        }
        section(file, DumpSections.END, new DumpOutput());
        file.finish();
    }

    private static void section(DumpSink file, String tag, DumpOutput payload) throws IOException {
        byte[] body = payload.toByteArray();
        byte[] header = header(tag, body.length);
        CRC32 crc = new CRC32();
        crc.update(header, 0, 12);
        crc.update(body, 0, body.length);
        file.write(header, 0, 12);
        file.write(crc(crc), 0, 4);
        file.write(body, 0, body.length);
    }

    /**
     * The memory section, streamed: a header placeholder, the pages compressed one by one,
     * then the real header (the length is known only now) and the CRC over what was written.
     */
    private static void memorySection(DumpSink file, DumpMemory image) throws IOException {
        long start = file.position();
        file.write(new byte[DumpSections.HEADER_BYTES], 0, DumpSections.HEADER_BYTES);
        MemorySection.write(image, file);
        long end = file.position();
        byte[] header = header(DumpSections.MEMORY, end - start - DumpSections.HEADER_BYTES);
        CRC32 crc = new CRC32();
        crc.update(header, 0, 12);
        file.update(crc, start + DumpSections.HEADER_BYTES, end);
        file.patch(start, header);
        file.patch(start + 12, crc(crc));
    }

    /** Tag and payload length: the first 12 bytes of a section header. */
    private static byte[] header(String tag, long length) {
        byte[] header = new byte[12];
        byte[] t = tag.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(t, 0, header, 0, 4);
        for (int i = 0; i < 8; i++) {
            header[4 + i] = (byte) (length >>> (8 * i));
        }
        return header;
    }

    private static byte[] crc(CRC32 crc) {
        long v = crc.getValue();
        return new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)};
    }

    private static DumpOutput meta(CoreDump d) {
        DumpOutput o = new DumpOutput();
        o.u32(d.cpus());
        o.u32(d.dmaEngines());
        o.u64(d.seed());
        o.u64(d.memoryImage().size());
        o.u32(d.checkpoints().size());
        return o;
    }

}
