package org.fdrsim.cpu.isa;

/**
 * One decoded instruction. Field use per {@link Format}: see there. Unused fields are 0.
 */
public record Instruction(Opcode op, int rd, int rs1, int rs2, int rs3, long imm) {

    public static Instruction of(Opcode op) {
        return new Instruction(op, 0, 0, 0, 0, 0);
    }
}
