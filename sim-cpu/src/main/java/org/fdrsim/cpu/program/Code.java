package org.fdrsim.cpu.program;

import java.util.List;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.isa.Opcode;

/**
 * Instruction memory, decoded into parallel primitive arrays so the interpreter reads
 * fields without following object references. Immutable after construction.
 *
 * <p>One extra sentinel slot past the end holds {@link #FALL_OFF}: running off the end of
 * the program faults without a bounds check per instruction. In the decoded destination
 * array a write to {@code r0} is redirected to {@link #DISCARD_REGISTER}, so {@code r0} stays
 * 0 without a check per instruction; {@link #get} still returns the instruction as written.
 */
public final class Code {
    /** Opcode value of the sentinel after the last instruction. */
    public static final int FALL_OFF = Opcode.values().length;
    /**
     * Opcode value of a breakpoint patched into a processor's own copy of the opcodes
     * ({@code Processor.setBreakpoints}): the run stops before the instruction. Not an instruction.
     */
    public static final int BREAK = FALL_OFF + 1;
    /** Register-file slot that absorbs writes to r0; register files have 33 slots. */
    public static final int DISCARD_REGISTER = 32;

    private final Instruction[] instructions;
    private final int[] op;
    private final int[] rd;
    private final int[] rs1;
    private final int[] rs2;
    private final int[] rs3;
    private final long[] imm;
    /** op | rd << 8 | rs1 << 16 | rs2 << 24 per instruction: one array read instead of four. */
    private final int[] packed;

    public Code(List<Instruction> list) {
        int n = list.size();
        instructions = list.toArray(new Instruction[0]);
        op = new int[n + 1];
        rd = new int[n + 1];
        rs1 = new int[n + 1];
        rs2 = new int[n + 1];
        rs3 = new int[n + 1];
        imm = new long[n + 1];
        packed = new int[n + 1];
        for (int i = 0; i < n; i++) {
            Instruction in = instructions[i];
            op[i] = in.op().ordinal();
            rd[i] = in.rd() == 0 ? DISCARD_REGISTER : in.rd();
            rs1[i] = in.rs1();
            rs2[i] = in.rs2();
            rs3[i] = in.rs3();
            imm[i] = in.imm();
            packed[i] = pack(op[i], rd[i], rs1[i], rs2[i]);
        }
        op[n] = FALL_OFF;
        packed[n] = FALL_OFF;
    }

    /** Number of instructions (the sentinel is not counted). */
    public int length() {
        return instructions.length;
    }

    public Instruction get(int index) {
        return instructions[index];
    }

    /** Opcode ordinals, with the sentinel at {@code length()}. Do not modify. */
    public int[] opcodes() {
        return op;
    }

    /** Destination register fields, with r0 mapped to {@link #DISCARD_REGISTER}. Do not modify. */
    public int[] rd() {
        return rd;
    }

    /** First source register fields. Do not modify. */
    public int[] rs1() {
        return rs1;
    }

    /** Second source register fields. Do not modify. */
    public int[] rs2() {
        return rs2;
    }

    /** Third source register fields. Do not modify. */
    public int[] rs3() {
        return rs3;
    }

    /**
     * Opcode, destination and the first two source registers of every instruction in one int
     * ({@link #pack}), with the sentinel at {@code length()}. Do not modify.
     */
    public int[] packed() {
        return packed;
    }

    /** One {@link #packed} entry: the opcode in bits 0-7, rd in 8-15, rs1 in 16-23, rs2 in 24-31. */
    private static int pack(int op, int rd, int rs1, int rs2) {
        return op | rd << 8 | rs1 << 16 | rs2 << 24;
    }

    /** Immediates. Do not modify. */
    public long[] imm() {
        return imm;
    }
}
