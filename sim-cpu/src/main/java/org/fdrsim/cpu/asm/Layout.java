package org.fdrsim.cpu.asm;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.cpu.program.Symbol;

/**
 * Pass 1: walks the statements, tracks the current section, gives every instruction its
 * code index and every data item its address, and binds labels.
 *
 * <p>In {@code .text} a label is the index of the next instruction. In {@code .data} labels
 * wait for the next emitted item, so a label before an auto-aligned {@code .word} gets the
 * aligned address; a section switch or the end of the program binds waiting labels to the
 * current location of the section they were written in.
 */
final class Layout {
    /** Largest {@code .space}: the bytes are materialized in the program image. */
    static final long MAX_SPACE = 1L << 28;
    /** Largest total of all data items, checked before any byte is materialized. */
    static final long MAX_DATA = 1L << 28;

    /** A data item and the address it starts at. */
    record Placed(Statement item, long address) {}

    private final SymbolScope scope;
    private final List<Statement.Instr> code = new ArrayList<>();
    private final List<Placed> data = new ArrayList<>();
    private final List<Statement.Label> pending = new ArrayList<>();
    private boolean inData;
    private long dataPc = AddressMap.DEFAULT_DATA_BASE;
    private long dataBytes;

    private Layout(SymbolScope scope) {
        this.scope = scope;
    }

    /** Lays out the program; afterwards every label in {@code scope} has a value. */
    static Layout run(List<Statement> program, SymbolScope scope) throws AssemblyException {
        Layout layout = new Layout(scope);
        for (Statement s : program) {
            layout.place(s);
        }
        layout.bindPending(layout.dataPc);
        return layout;
    }

    /** The instructions in code order. */
    List<Statement.Instr> code() {
        return code;
    }

    /** The data items ({@code .word}, {@code .byte}, {@code .ascii}, {@code .space}) with addresses. */
    List<Placed> data() {
        return data;
    }

    private void place(Statement s) throws AssemblyException {
        if (s instanceof Statement.Label label) {
            if (inData) {
                pending.add(label);
            } else {
                scope.bind(label, Symbol.Kind.TEXT, code.size());
            }
        } else if (s instanceof Statement.Instr instr) {
            if (inData) {
                throw new AssemblyException(instr.where(), "instruction '" + instr.op().mnemonic()
                        + "' in the .data section, expected data directives here (switch back with .text)");
            }
            code.add(instr);
        } else if (s instanceof Statement.Section section) {
            bindPending(dataPc);
            inData = section.data();
        } else if (s instanceof Statement.Org org) {
            org(org);
        } else if (s instanceof Statement.Align align) {
            long boundary = alignment(align);
            if (inData) {
                dataPc = alignUp(dataPc, boundary);
            }
        } else if (s instanceof Statement.Words words) {
            requireData(s, ".word");
            dataPc = alignUp(dataPc, AddressMap.WORD_BYTES);
            emit(s, (long) AddressMap.WORD_BYTES * words.values().size());
        } else if (s instanceof Statement.Bytes bytes) {
            requireData(s, ".byte");
            emit(s, bytes.values().size());
        } else if (s instanceof Statement.Ascii ascii) {
            requireData(s, ".ascii");
            emit(s, ascii.text().length);
        } else if (s instanceof Statement.Space space) {
            requireData(s, ".space");
            long size = scope.evaluate(space.size());
            if (size < 0 || size > MAX_SPACE) {
                throw new AssemblyException(space.size().start(), ".space size " + size + " is out of range, expected 0.."
                        + MAX_SPACE + " bytes");
            }
            emit(s, size);
        }
        // .equ has no place in the layout; .include never reaches here.
    }

    private void org(Statement.Org org) throws AssemblyException {
        if (!inData) {
            throw new AssemblyException(org.where(), ".org in the .text section, expected it in .data"
                    + " (code indices are sequential)");
        }
        long address = scope.evaluate(org.address());
        if (address < 0 || address >= AddressMap.IO_BASE) {
            throw new AssemblyException(org.address().start(), ".org address " + hex(address)
                    + " is outside data memory, expected 0.." + hex(AddressMap.IO_BASE - 1));
        }
        dataPc = address;
    }

    private long alignment(Statement.Align align) throws AssemblyException {
        long n = scope.evaluate(align.boundary());
        if (n <= 0 || Long.bitCount(n) != 1 || n > MAX_SPACE) {
            throw new AssemblyException(align.boundary().start(), ".align " + n + " is not a power of two, expected 1, 2, 4, 8, ..."
                    + " up to " + MAX_SPACE);
        }
        return n;
    }

    private void requireData(Statement s, String directive) throws AssemblyException {
        if (!inData) {
            throw new AssemblyException(s.where(), directive + " in the .text section, expected instructions here"
                    + " (switch to data with .data)");
        }
    }

    private void emit(Statement s, long size) throws AssemblyException {
        bindPending(dataPc);
        if (dataPc + size > AddressMap.IO_BASE) {
            throw new AssemblyException(s.where(), "data at " + hex(dataPc) + " runs into the device registers at "
                    + hex(AddressMap.IO_BASE) + ", expected data below " + hex(AddressMap.IO_BASE));
        }
        dataBytes += size;
        if (dataBytes > MAX_DATA) {
            throw new AssemblyException(s.where(), "program data totals more than " + MAX_DATA
                    + " bytes, expected at most " + MAX_DATA + " bytes in all data directives");
        }
        data.add(new Placed(s, dataPc));
        dataPc += size;
    }

    private void bindPending(long address) {
        for (Statement.Label label : pending) {
            scope.bind(label, Symbol.Kind.DATA, address);
        }
        pending.clear();
    }

    private static long alignUp(long address, long boundary) {
        return (address + boundary - 1) & -boundary;
    }

    static String hex(long value) {
        return "0x" + Long.toHexString(value);
    }
}
