package org.fdrsim.cpu.isa;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Every instruction of the fdrsim ISA (DESIGN.md 2.1). The interpreter switches on
 * {@link #ordinal()}; the order here is therefore part of the decoded program format and
 * new opcodes go at the end.
 */
public enum Opcode {
    LI(Format.RD_IMM),
    LA(Format.RD_LABEL),
    MOV(Format.RD_RS),
    NOP(Format.NONE),

    ADD(Format.RD_RS_RS),
    SUB(Format.RD_RS_RS),
    MUL(Format.RD_RS_RS),
    DIV(Format.RD_RS_RS),
    REM(Format.RD_RS_RS),
    AND(Format.RD_RS_RS),
    OR(Format.RD_RS_RS),
    XOR(Format.RD_RS_RS),
    SHL(Format.RD_RS_RS),
    SHR(Format.RD_RS_RS),
    SAR(Format.RD_RS_RS),
    SLT(Format.RD_RS_RS),
    SLTU(Format.RD_RS_RS),

    ADDI(Format.RD_RS_IMM),
    ANDI(Format.RD_RS_IMM),
    ORI(Format.RD_RS_IMM),
    XORI(Format.RD_RS_IMM),
    SHLI(Format.RD_RS_IMM),
    SHRI(Format.RD_RS_IMM),
    SARI(Format.RD_RS_IMM),
    SLTI(Format.RD_RS_IMM),

    LD(Format.RD_MEM),
    ST(Format.RS_MEM),
    LB(Format.RD_MEM),
    SB(Format.RS_MEM),

    CAS(Format.RD_RS_RS_MEM),
    SWAP(Format.RD_RS_MEM),
    FADD(Format.RD_RS_MEM),

    BEQ(Format.BRANCH),
    BNE(Format.BRANCH),
    BLT(Format.BRANCH),
    BGE(Format.BRANCH),
    BLTU(Format.BRANCH),
    BGEU(Format.BRANCH),
    J(Format.JUMP),
    JAL(Format.JUMP),
    JALR(Format.RD_RS_JUMP),
    RET(Format.NONE),

    CSRR(Format.RD_CSR),
    CSRW(Format.CSR_RS),
    EI(Format.NONE),
    DI(Format.NONE),
    IRET(Format.NONE),
    TRAP(Format.IMM),
    WFI(Format.NONE),
    FENCE(Format.NONE),
    HALT(Format.NONE),

    RDCYCLE(Format.RD),
    TRIGGER(Format.IMM),
    ASSERT(Format.RS_IMM);

    private static final Opcode[] VALUES = values();
    private static final Map<String, Opcode> BY_MNEMONIC = new HashMap<>();

    static {
        for (Opcode op : VALUES) {
            BY_MNEMONIC.put(op.mnemonic(), op);
        }
    }

    private final Format format;

    Opcode(Format format) {
        this.format = format;
    }

    public Format format() {
        return format;
    }

    /** The lower-case name used in assembly. */
    public String mnemonic() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The opcode for a mnemonic (case-insensitive), or null if there is none. */
    public static Opcode byMnemonic(String mnemonic) {
        return BY_MNEMONIC.get(mnemonic.toLowerCase(Locale.ROOT));
    }

    public static Opcode byOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    /** True for instructions that read or write cacheable memory or device registers. */
    public boolean isMemoryAccess() {
        return format == Format.RD_MEM || format == Format.RS_MEM
                || format == Format.RD_RS_MEM || format == Format.RD_RS_RS_MEM;
    }

    /** True for loads, stores and atomics that need write permission. */
    public boolean writesMemory() {
        return this == ST || this == SB || this == CAS || this == SWAP || this == FADD;
    }
}
