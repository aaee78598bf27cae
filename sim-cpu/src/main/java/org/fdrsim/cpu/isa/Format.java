package org.fdrsim.cpu.isa;

/**
 * The operand shape of an instruction, as written in assembly. The assembler parses by
 * format and the disassembler prints by format, so each shape is described once.
 *
 * <p>Field conventions in {@link Instruction}: {@code rd} is the destination, {@code rs1}
 * the first source (the base register for memory operands), {@code rs2} the second source
 * (the stored value or the atomic operand), {@code rs3} the third ({@code cas} new value),
 * {@code imm} the immediate, offset, code target or CSR number.
 */
public enum Format {
    /** {@code nop}, {@code halt}, {@code ei}, ... */
    NONE,
    /** {@code li rd, imm} */
    RD_IMM,
    /** {@code la rd, label}: imm is a code index or a data address */
    RD_LABEL,
    /** {@code mov rd, rs}: rs in rs1 */
    RD_RS,
    /** {@code add rd, rs1, rs2} */
    RD_RS_RS,
    /** {@code addi rd, rs1, imm} */
    RD_RS_IMM,
    /** {@code ld rd, off(rb)}: base in rs1, offset in imm */
    RD_MEM,
    /** {@code st rs, off(rb)}: base in rs1, value register in rs2 */
    RS_MEM,
    /** {@code swap rd, rs, off(rb)}: base in rs1, operand in rs2 */
    RD_RS_MEM,
    /** {@code cas rd, rexp, rnew, off(rb)}: base in rs1, rexp in rs2, rnew in rs3 */
    RD_RS_RS_MEM,
    /** {@code beq rs1, rs2, label}: target code index in imm */
    BRANCH,
    /** {@code j label}: target code index in imm */
    JUMP,
    /** {@code jalr rd, rs}: rs in rs1 */
    RD_RS_JUMP,
    /** {@code csrr rd, csr}: CSR number in imm */
    RD_CSR,
    /** {@code csrw csr, rs}: CSR number in imm, rs in rs1 */
    CSR_RS,
    /** {@code trap imm} */
    IMM,
    /** {@code assert rs, imm}: rs in rs1 */
    RS_IMM,
    /** {@code rdcycle rd} */
    RD
}
