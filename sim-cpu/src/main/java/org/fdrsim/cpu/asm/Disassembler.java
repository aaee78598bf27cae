package org.fdrsim.cpu.asm;

import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.Symbol;
import org.fdrsim.cpu.program.SymbolTable;

/**
 * Prints instructions as assembly that the {@link Assembler} turns back into the same
 * {@link Instruction}, and whole programs as listings ({@code fdr asm FILE --list}).
 */
public final class Disassembler {
    /** Immediates below this magnitude print in decimal, others in hex. */
    private static final long DECIMAL_LIMIT = 65536;

    private Disassembler() {}

    /**
     * One instruction in assembly syntax. Branch and jump targets print as a code label when
     * {@code symbols} has one at the target, else as the index; {@code la} prints a data
     * label, else a code label, else the value in hex. {@code symbols} may be null.
     */
    public static String format(Instruction in, SymbolTable symbols) {
        String m = in.op().mnemonic();
        String rd = Registers.name(in.rd());
        String rs1 = Registers.name(in.rs1());
        String rs2 = Registers.name(in.rs2());
        String rs3 = Registers.name(in.rs3());
        String mem = immediate(in.imm()) + "(" + rs1 + ")";
        return switch (in.op().format()) {
            case NONE -> m;
            case RD_IMM -> m + " " + rd + ", " + immediate(in.imm());
            case RD_LABEL -> m + " " + rd + ", " + address(in.imm(), symbols);
            case RD_RS, RD_RS_JUMP -> m + " " + rd + ", " + rs1;
            case RD_RS_RS -> m + " " + rd + ", " + rs1 + ", " + rs2;
            case RD_RS_IMM -> m + " " + rd + ", " + rs1 + ", " + immediate(in.imm());
            case RD_MEM -> m + " " + rd + ", " + mem;
            case RS_MEM -> m + " " + rs2 + ", " + mem;
            case RD_RS_MEM -> m + " " + rd + ", " + rs2 + ", " + mem;
            case RD_RS_RS_MEM -> m + " " + rd + ", " + rs2 + ", " + rs3 + ", " + mem;
            case BRANCH -> m + " " + rs1 + ", " + rs2 + ", " + target(in.imm(), symbols);
            case JUMP -> m + " " + target(in.imm(), symbols);
            case RD_CSR -> m + " " + rd + ", " + csr(in.imm());
            case CSR_RS -> m + " " + csr(in.imm()) + ", " + rs1;
            case IMM -> m + " " + immediate(in.imm());
            case RS_IMM -> m + " " + rs1 + ", " + immediate(in.imm());
            case RD -> m + " " + rd;
        };
    }

    /** A readable listing of a whole program: code, data and symbols. See {@link Listing}. */
    public static String listing(ProgramImage image) {
        return Listing.of(image);
    }

    /**
     * Small values in decimal, larger ones in hex; negative large ones as {@code -0x...}, which
     * the assembler reads back to the same 64-bit value (even for Long.MIN_VALUE, by wrapping).
     */
    static String immediate(long v) {
        if (v > -DECIMAL_LIMIT && v < DECIMAL_LIMIT) {
            return Long.toString(v);
        }
        return v < 0 ? "-0x" + Long.toHexString(-v) : "0x" + Long.toHexString(v);
    }

    private static String target(long index, SymbolTable symbols) {
        String label = symbols == null ? null : symbols.textLabelAt(index);
        return label != null ? label : Long.toString(index);
    }

    private static String address(long value, SymbolTable symbols) {
        if (symbols != null) {
            String data = dataLabelAt(value, symbols);
            if (data != null) {
                return data;
            }
            String text = symbols.textLabelAt(value);
            if (text != null) {
                return text;
            }
        }
        return "0x" + Long.toHexString(value);
    }

    /** The first data label (by name) at this address, or null. */
    static String dataLabelAt(long address, SymbolTable symbols) {
        for (Symbol s : symbols.all()) {
            if (s.kind() == Symbol.Kind.DATA && s.value() == address) {
                return s.name();
            }
        }
        return null;
    }

    /** A CSR name, or the raw number for a value no CSR has (such code does not reassemble). */
    private static String csr(long number) {
        return number >= 0 && number < Csr.count() ? Csr.byNumber((int) number).asmName() : Long.toString(number);
    }
}
