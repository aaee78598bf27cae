package org.fdrsim.recorder.dump;

import io.airlift.compress.lz4.Lz4Compressor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.files.AtomicFile;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.cpu.program.Symbol;

/**
 * Writes a {@link CoreDump} in the format of docs/dump-format.md: magic, version, then
 * sections (tag, length, CRC32, payload) in a fixed order. The bytes depend only on the dump's
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
        section(file, DumpSections.PROGRAM, program(dump.program()));
        section(file, DumpSections.MEMORY, memory(dump.memory()));
        for (CheckpointState c : dump.checkpoints()) {
            section(file, DumpSections.CHECKPOINT, checkpoint(c));
        }
        DumpOutput fin = new DumpOutput();
        registerList(fin, dump.finalRegisters());
        longs(fin, dump.finalDmaIcs());
        section(file, DumpSections.FINAL, fin);
        section(file, DumpSections.TRIGGER, trigger(dump.trigger()));
        section(file, DumpSections.SUMMARY, summary(dump.summary()));
        if (dump.validation() != null) {
            section(file, DumpSections.VALIDATION, validation(dump));
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

    private static DumpOutput program(ProgramImage p) {
        DumpOutput o = new DumpOutput();
        o.string(p.name());
        o.u32(p.entry());
        Opcode[] ops = Opcode.values();
        o.u32(ops.length);
        for (Opcode op : ops) {
            o.string(op.name());
        }
        o.u32(p.code().length());
        for (int i = 0; i < p.code().length(); i++) {
            Instruction in = p.code().get(i);
            o.u16(in.op().ordinal());
            o.u8(in.rd());
            o.u8(in.rs1());
            o.u8(in.rs2());
            o.u8(in.rs3());
            o.u64(in.imm());
        }
        o.u32(p.data().size());
        for (DataSegment s : p.data()) {
            o.u64(s.address());
            o.u32(s.bytes().length);
            o.bytes(s.bytes());
        }
        List<Symbol> symbols = new ArrayList<>(p.symbols().all()); // sorted by name
        o.u32(symbols.size());
        for (Symbol s : symbols) {
            o.string(s.name());
            o.u8(s.kind().ordinal());
            o.u64(s.value());
        }
        Map<String, Integer> files = new LinkedHashMap<>();
        for (SourceLocation l : p.sourceLines()) {
            if (l != null) {
                files.putIfAbsent(l.file(), files.size());
            }
        }
        o.u32(files.size());
        for (String f : files.keySet()) {
            o.string(f);
        }
        o.u32(p.sourceLines().size());
        for (SourceLocation l : p.sourceLines()) {
            o.u32(l == null ? 0 : files.get(l.file()) + 1);
            o.u32(l == null ? 0 : l.line());
            o.u32(l == null ? 0 : l.column());
        }
        return o;
    }

    private static DumpOutput memory(SparseMemory m) {
        DumpOutput o = new DumpOutput();
        o.u64(m.size());
        o.u32(PAGE_BYTES);
        o.u32(m.pagesInUse());
        Lz4Compressor lz4 = new Lz4Compressor();
        byte[] raw = new byte[PAGE_BYTES];
        byte[] packed = new byte[lz4.maxCompressedLength(PAGE_BYTES)];
        int[] pages = {0};
        m.forEachPage((base, words) -> {
            for (int w = 0; w < words.length; w++) {
                long v = words[w];
                for (int i = 0; i < 8; i++) {
                    raw[8 * w + i] = (byte) (v >>> (8 * i));
                }
            }
            int n = lz4.compress(raw, 0, raw.length, packed, 0, packed.length);
            o.u64(base);
            o.u32(n);
            o.bytes(packed, 0, n);
            pages[0]++;
        });
        if (pages[0] != m.pagesInUse()) {
            throw new IllegalStateException("memory reported " + m.pagesInUse() + " pages but has " + pages[0]);
        }
        return o;
    }

    private static DumpOutput checkpoint(CheckpointState c) {
        DumpOutput o = new DumpOutput();
        o.u32(c.number());
        o.u64(c.cycle());
        o.u64(c.quiesceCycles());
        registerList(o, c.registers());
        longs(o, c.dmaEndingIcs());
        o.u32(c.logs().size());
        for (LogSegment s : c.logs()) {
            o.u8(s.kind().ordinal());
            o.u32(s.owner());
            o.u64(s.entries());
            o.u64(s.rawBytes());
            byte[] stored = s.compressed();
            o.u32(stored.length);
            o.bytes(stored);
        }
        return o;
    }

    private static void registerList(DumpOutput o, List<ArchState> list) {
        o.u32(list.size());
        for (ArchState r : list) {
            o.u32(r.cpu());
            for (int i = 0; i < Registers.COUNT; i++) {
                o.u64(r.register(i));
            }
            o.u32(r.pc());
            long[] csrs = r.csrs();
            o.u32(csrs.length);
            for (long v : csrs) {
                o.u64(v);
            }
            o.u64(r.pendingInterrupts());
            o.u64(r.ic());
            o.u8(r.state().ordinal());
            o.u64(r.cycle());
        }
    }

    private static void longs(DumpOutput o, long[] values) {
        o.u32(values.length);
        for (long v : values) {
            o.u64(v);
        }
    }

    private static DumpOutput trigger(TriggerInfo t) {
        DumpOutput o = new DumpOutput();
        o.string(t.cause());
        o.u32(t.cpu());
        o.u32(t.pc());
        o.u64(t.ic());
        o.u64(t.code());
        o.string(t.fault());
        o.string(t.description());
        return o;
    }

    private static DumpOutput validation(CoreDump dump) {
        ValidationTrace t = dump.validation();
        DumpOutput o = new DumpOutput();
        o.u64(t.every());
        o.u32(t.intervals().size());
        for (ValidationTrace.Interval i : t.intervals()) {
            o.u32(i.checkpoint());
            o.u32(i.cpus().size());
            for (ValidationTrace.CpuTrace c : i.cpus()) {
                o.u32(c.hashes().size());
                for (ValidationTrace.HashPoint h : c.hashes()) {
                    o.u64(h.ic());
                    o.u64(h.hash());
                }
                o.u32(c.stores().size());
                for (ValidationTrace.IoStore st : c.stores()) {
                    o.u64(st.ic());
                    o.u64(st.address());
                    o.u64(st.value());
                }
            }
        }
        return o;
    }

    private static DumpOutput summary(DumpSummary s) {
        DumpOutput o = new DumpOutput();
        o.u64(s.cycles());
        o.u64(s.instructions());
        o.u32(s.checkpointsTaken());
        o.u32(s.checkpointsDropped());
        o.u32(s.checkpointsDroppedEarly());
        o.u64(s.quiesceCycles());
        o.u64(s.reservedCapacityBytes());
        o.u64(s.reservedUsedBytes());
        o.u64(s.reservedPeakBytes());
        o.u64(s.replayIntervalTargetCycles());
        o.u32(s.logStalls().size());
        for (int k = 0; k < s.logStalls().size(); k++) {
            o.u64(s.logStalls().get(k));
            o.u64(s.logStallCycles().get(k));
        }
        return o;
    }
}
