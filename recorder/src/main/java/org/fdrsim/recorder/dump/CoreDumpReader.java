package org.fdrsim.recorder.dump;

import io.airlift.compress.lz4.Lz4Decompressor;
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
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.Code;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.cpu.program.Symbol;
import org.fdrsim.cpu.program.SymbolTable;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.compress.ChunkCompressor;

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

        ProgramImage program = program(section(DumpSections.PROGRAM, 0));
        SparseMemory memory = memory(section(DumpSections.MEMORY, 0), memoryBytes);

        List<CheckpointState> checkpoints = new ArrayList<>();
        for (int k = 0; k < checkpointCount; k++) {
            checkpoints.add(checkpoint(section(DumpSections.CHECKPOINT, k), cpus, dmaEngines, program.code().length(),
                    memoryBytes, (int) version));
        }
        DumpInput fin = section(DumpSections.FINAL, 0);
        List<ArchState> finalRegs = registerList(fin, cpus, program.code().length());
        long[] finalDma = dmaIcs(fin, dmaEngines);
        fin.expectEnd();

        DumpInput trig = section(DumpSections.TRIGGER, 0);
        TriggerInfo trigger = new TriggerInfo(trig.string(), (int) trig.u32(), (int) trig.u32(), trig.u64(),
                trig.u64(), trig.string(), trig.string());
        trig.expectEnd();

        DumpInput sum = section(DumpSections.SUMMARY, 0);
        long cyclesAll = sum.u64();
        long instructionsAll = sum.u64();
        int taken = (int) sum.u32();
        int dropped = (int) sum.u32();
        int droppedEarly = (int) sum.u32();
        long quiesce = sum.u64();
        long capacity = sum.u64();
        long used = sum.u64();
        long peak = sum.u64();
        long target = sum.u64();
        List<Long> stalls = new ArrayList<>();
        List<Long> stallCycles = new ArrayList<>();
        if (sum.remaining() > 0) { // the log stall counters; absent in older dumps
            long logs = sum.u32();
            if (logs * 16 != sum.remaining()) {
                throw sum.malformed( "stall counters for " + logs + " logs need " + logs * 16 + " bytes, " + sum.remaining()
                        + " left");
            }
            for (long k = 0; k < logs; k++) {
                stalls.add(sum.u64());
                stallCycles.add(sum.u64());
            }
        }
        DumpSummary summary = new DumpSummary(cyclesAll, instructionsAll, taken, dropped, droppedEarly, quiesce,
                capacity, used, peak, target, stalls, stallCycles);
        sum.expectEnd();

        ValidationTrace validation = null;
        if (validationFollows()) {
            validation = validation(section(DumpSections.VALIDATION, 0), checkpoints, cpus);
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

    private static ValidationTrace validation(DumpInput in, List<CheckpointState> checkpoints, int cpus)
            throws DumpFormatException {
        long every = in.u64();
        if (every < 1) {
            throw in.malformed("validation period " + every + " (expected >= 1)");
        }
        int n = in.count(checkpoints.size(), "interval count");
        if (n != checkpoints.size()) {
            throw in.malformed(n + " intervals for " + checkpoints.size() + " retained checkpoints");
        }
        List<ValidationTrace.Interval> intervals = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int number = (int) in.u32();
            if (number != checkpoints.get(k).number()) {
                throw in.malformed("interval " + k + " belongs to checkpoint " + number + ", but retained checkpoint "
                        + k + " is number " + checkpoints.get(k).number());
            }
            int count = in.count(cpus, "processor count");
            if (count != cpus) {
                throw in.malformed("interval " + k + " has traces for " + count + " processors, expected " + cpus);
            }
            List<ValidationTrace.CpuTrace> traces = new ArrayList<>(cpus);
            for (int c = 0; c < cpus; c++) {
                int hashes = in.count(in.remaining() / 16, "hash count");
                List<ValidationTrace.HashPoint> hs = new ArrayList<>(hashes);
                long previous = 0;
                for (int i = 0; i < hashes; i++) {
                    long ic = in.u64();
                    if (ic <= previous) {
                        throw in.malformed("interval " + k + ", cpu " + c + ": hash " + i + " at IC " + ic
                                + " does not follow IC " + previous);
                    }
                    previous = ic;
                    hs.add(new ValidationTrace.HashPoint(ic, in.u64()));
                }
                int stores = in.count(in.remaining() / 24, "store count");
                List<ValidationTrace.IoStore> ss = new ArrayList<>(stores);
                for (int i = 0; i < stores; i++) {
                    ss.add(new ValidationTrace.IoStore(in.u64(), in.u64(), in.u64()));
                }
                traces.add(new ValidationTrace.CpuTrace(hs, ss));
            }
            intervals.add(new ValidationTrace.Interval(number, traces));
        }
        in.expectEnd();
        return new ValidationTrace(every, intervals);
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

    private static ProgramImage program(DumpInput in) throws DumpFormatException {
        String name = in.string();
        int entry = (int) in.u32();
        int opNames = in.count(1024, "opcode table size");
        Opcode[] table = new Opcode[opNames];
        for (int i = 0; i < opNames; i++) {
            String op = in.string();
            try {
                table[i] = Opcode.valueOf(op);
            } catch (IllegalArgumentException e) {
                throw in.malformed("unknown opcode '" + DumpInput.printable(op) + "'");
            }
        }
        int n = in.count(in.remaining() / 14, "instruction count");
        List<Instruction> code = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int op = in.u16();
            if (op >= table.length) {
                throw in.malformed("instruction " + i + " has opcode index " + op);
            }
            code.add(new Instruction(table[op], in.u8(), in.u8(), in.u8(), in.u8(), in.u64()));
        }
        for (int i = 0; i < n; i++) {
            DumpChecks.operands(in, i, code.get(i), n);
        }
        int segments = in.count(in.remaining() / 12, "data segment count");
        List<DataSegment> data = new ArrayList<>();
        for (int i = 0; i < segments; i++) {
            long address = in.u64();
            int len = in.count(in.remaining(), "data segment length");
            data.add(new DataSegment(address, in.bytes(len)));
        }
        int symbols = in.count(in.remaining() / 13, "symbol count");
        List<Symbol> list = new ArrayList<>();
        Symbol.Kind[] kinds = Symbol.Kind.values();
        for (int i = 0; i < symbols; i++) {
            String s = in.string();
            int k = in.u8();
            if (k >= kinds.length) {
                throw in.malformed("symbol '" + DumpInput.printable(s) + "' has kind " + k);
            }
            list.add(new Symbol(s, kinds[k], in.u64()));
        }
        int files = in.count(in.remaining() / 4, "source file count");
        String[] fileNames = new String[files];
        for (int i = 0; i < files; i++) {
            fileNames[i] = in.string();
        }
        int lines = in.count(in.remaining() / 12, "source line count");
        List<SourceLocation> sourceLines = new ArrayList<>(lines);
        for (int i = 0; i < lines; i++) {
            long f = in.u32();
            int line = (int) in.u32();
            int column = (int) in.u32();
            if (f > files) {
                throw in.malformed("source line " + i + " names file " + f + ", expected 0.." + files);
            }
            sourceLines.add(f == 0 ? null : new SourceLocation(fileNames[(int) f - 1], line, column));
        }
        in.expectEnd();
        if (entry < 0 || entry >= code.size()) {
            throw in.malformed("entry point " + Integer.toUnsignedString(entry) + " outside the " + code.size()
                    + " instructions");
        }
        return new ProgramImage(name, new Code(code), data, new SymbolTable(list), sourceLines, entry);
    }

    private static SparseMemory memory(DumpInput in, long metaSize) throws DumpFormatException {
        long size = in.u64();
        if (size != metaSize) {
            throw in.malformed("memory size " + size + " differs from the meta section's " + metaSize);
        }
        int pageBytes = (int) in.u32();
        if (pageBytes != SparseMemory.PAGE_BYTES) {
            throw in.malformed("page size " + pageBytes + ", expected " + SparseMemory.PAGE_BYTES);
        }
        int pages = in.count(in.remaining() / 12, "page count");
        SparseMemory m = new SparseMemory(size);
        Lz4Decompressor lz4 = new Lz4Decompressor();
        byte[] raw = new byte[pageBytes];
        long previous = -1;
        for (int i = 0; i < pages; i++) {
            long base = in.u64();
            if (base % pageBytes != 0 || base < 0 || base >= size || base <= previous) {
                throw in.malformed(String.format("page %d at 0x%x is not an increasing page address inside memory",
                        i, base));
            }
            previous = base;
            int n = in.count(in.remaining(), "compressed page length");
            byte[] packed = in.bytes(n);
            int got;
            try {
                got = lz4.decompress(packed, 0, n, raw, 0, raw.length);
            } catch (RuntimeException e) {
                throw in.malformed(String.format("page at 0x%x does not decompress", base));
            }
            if (got != pageBytes) {
                throw in.malformed(String.format("page at 0x%x decompresses to %d bytes", base, got));
            }
            for (int w = 0; w < pageBytes / 8; w++) {
                long v = 0;
                for (int k = 7; k >= 0; k--) {
                    v = (v << 8) | (raw[8 * w + k] & 0xffL);
                }
                m.storeWord(base + 8L * w, v);
            }
        }
        in.expectEnd();
        return m;
    }

    private static CheckpointState checkpoint(DumpInput in, int cpus, int engines, int codeLength, long memoryBytes,
            int version) throws DumpFormatException {
        int number = (int) in.u32();
        long cycle = in.u64();
        long quiesce = in.u64();
        List<ArchState> regs = registerList(in, cpus, codeLength);
        long[] dma = dmaIcs(in, engines);
        int segments = in.count(in.remaining() / 25, "log segment count");
        List<LogSegment> logs = new ArrayList<>();
        LogKind[] kinds = LogKind.values();
        for (int i = 0; i < segments; i++) {
            int k = in.u8();
            if (k >= kinds.length) {
                throw in.malformed("log segment " + i + " has kind " + k);
            }
            long owner = in.u32();
            long owners = DumpChecks.owners(kinds[k], cpus, engines);
            if (owner >= owners) {
                throw in.malformed("log segment " + i + " (" + kinds[k].key() + ") has owner " + owner + ", expected 0.."
                        + (owners - 1));
            }
            LogSegment previous = logs.isEmpty() ? null : logs.get(logs.size() - 1);
            if (previous != null && (previous.kind().ordinal() > k
                    || previous.kind().ordinal() == k && previous.owner() >= owner)) {
                throw in.malformed("log segment " + i + " (" + kinds[k].key() + " " + owner
                        + ") is out of order, expected segments by kind, then owner, once each");
            }
            long entries = in.u64();
            long raw = in.u64();
            int n = in.count(in.remaining(), "log segment length");
            byte[] stored = in.bytes(n);
            if (version < CoreDumpWriter.LITTLE_ENDIAN_CHUNKS) {
                stored = ChunkCompressor.fromBigEndianHeaders(stored);
            }
            logs.add(DumpChecks.logSegment(in, i, new LogSegment(kinds[k], (int) owner, entries, raw, stored), memoryBytes));
        }
        in.expectEnd();
        return new CheckpointState(number, cycle, quiesce, regs, dma, logs);
    }

    private static List<ArchState> registerList(DumpInput in, int cpus, int codeLength) throws DumpFormatException {
        int n = in.count(64, "processor count");
        if (n != cpus) {
            throw in.malformed("registers of " + n + " processors, expected " + cpus);
        }
        List<ArchState> list = new ArrayList<>(n);
        ProcessorState[] states = ProcessorState.values();
        for (int i = 0; i < n; i++) {
            int cpu = (int) in.u32();
            if (cpu != i) {
                throw in.malformed("register set " + i + " is for cpu " + Integer.toUnsignedString(cpu)
                        + ", expected cpu " + i);
            }
            long[] regs = new long[Registers.COUNT];
            for (int r = 0; r < regs.length; r++) {
                regs[r] = in.u64();
            }
            long pc = in.u32();
            if (pc > codeLength) {
                throw in.malformed("cpu " + cpu + " has pc " + pc + ", expected a code index 0.." + codeLength);
            }
            int csrCount = in.count(64, "CSR count");
            if (csrCount != Csr.count()) {
                throw in.malformed("cpu " + cpu + " has " + csrCount + " CSRs, expected " + Csr.count());
            }
            long[] csrs = new long[csrCount];
            for (int c = 0; c < csrCount; c++) {
                csrs[c] = in.u64();
            }
            long pending = in.u64();
            long ic = in.u64();
            int state = in.u8();
            if (state >= states.length) {
                throw in.malformed("cpu " + cpu + " has processor state " + state);
            }
            long cycle = in.u64();
            list.add(new ArchState(cpu, regs, csrs, (int) pc, pending, ic, states[state], cycle));
        }
        return list;
    }

    private static long[] dmaIcs(DumpInput in, int engines) throws DumpFormatException {
        long[] ics = longs(in);
        if (ics.length != engines) {
            throw in.malformed("ICs of " + ics.length + " DMA engines, expected " + engines);
        }
        return ics;
    }

    private static long[] longs(DumpInput in) throws DumpFormatException {
        int n = in.count(in.remaining() / 8, "count");
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = in.u64();
        }
        return v;
    }
}
