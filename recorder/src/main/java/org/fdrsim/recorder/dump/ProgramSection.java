package org.fdrsim.recorder.dump;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.program.Code;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.cpu.program.Symbol;
import org.fdrsim.cpu.program.SymbolTable;

/**
 * The program section (PROG): code, data, symbols and line table of the recorded program.
 * Writer and reader side by side.
 */
final class ProgramSection {
    private ProgramSection() {}

    static DumpOutput write(ProgramImage p) {
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

    static ProgramImage read(DumpInput in) throws DumpFormatException {
        String name = in.string();
        int entry = (int) in.u32();
        int opNames = in.count(1024, "opcode table size");
        Opcode[] table = new Opcode[opNames];
        for (int i = 0; i < opNames; i++) {
            String op = in.string();
            try {
                table[i] = Opcode.valueOf(op);
            } catch (IllegalArgumentException e) {
                throw in.malformed("unknown opcode '" + DumpInput.shortened(op) + "'");
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
                throw in.malformed("symbol '" + DumpInput.shortened(s) + "' has kind " + k);
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
}
