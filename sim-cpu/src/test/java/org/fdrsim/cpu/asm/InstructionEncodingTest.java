package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every opcode, in every operand shape, lands in the Instruction fields its Format names. */
class InstructionEncodingTest {

    private static Instruction in(Opcode op, int rd, int rs1, int rs2, int rs3, long imm) {
        return new Instruction(op, rd, rs1, rs2, rs3, imm);
    }

    /**
     * Each line is assembled as the only instruction at index 0 of a program whose labels
     * are: {@code _start} = 0, {@code next} = 1 (end of code), data label {@code buf} = 0x10000.
     */
    static Map<String, Instruction> cases() {
        Map<String, Instruction> m = new LinkedHashMap<>();
        m.put("li r1, 42", in(Opcode.LI, 1, 0, 0, 0, 42));
        m.put("li r2, -1", in(Opcode.LI, 2, 0, 0, 0, -1));
        m.put("li r3, 0xFFFF000000000000", in(Opcode.LI, 3, 0, 0, 0, 0xFFFF000000000000L));
        m.put("la r4, buf", in(Opcode.LA, 4, 0, 0, 0, 0x10000));
        m.put("la r4, next", in(Opcode.LA, 4, 0, 0, 0, 1));
        m.put("la r4, buf + 8", in(Opcode.LA, 4, 0, 0, 0, 0x10008));
        m.put("mov r5, sp", in(Opcode.MOV, 5, 30, 0, 0, 0));
        m.put("nop", Instruction.of(Opcode.NOP));
        m.put("add r1, r2, r3", in(Opcode.ADD, 1, 2, 3, 0, 0));
        m.put("sub r4, r5, r6", in(Opcode.SUB, 4, 5, 6, 0, 0));
        m.put("mul r7, r8, r9", in(Opcode.MUL, 7, 8, 9, 0, 0));
        m.put("div r10, r11, r12", in(Opcode.DIV, 10, 11, 12, 0, 0));
        m.put("rem r13, r14, r15", in(Opcode.REM, 13, 14, 15, 0, 0));
        m.put("and r16, r17, r18", in(Opcode.AND, 16, 17, 18, 0, 0));
        m.put("or r19, r20, r21", in(Opcode.OR, 19, 20, 21, 0, 0));
        m.put("xor r22, r23, r24", in(Opcode.XOR, 22, 23, 24, 0, 0));
        m.put("shl r25, r26, r27", in(Opcode.SHL, 25, 26, 27, 0, 0));
        m.put("shr r28, r29, sp", in(Opcode.SHR, 28, 29, 30, 0, 0));
        m.put("sar ra, zero, r1", in(Opcode.SAR, 31, 0, 1, 0, 0));
        m.put("slt r1, r2, r3", in(Opcode.SLT, 1, 2, 3, 0, 0));
        m.put("sltu r3, r2, r1", in(Opcode.SLTU, 3, 2, 1, 0, 0));
        m.put("addi r1, r2, -5", in(Opcode.ADDI, 1, 2, 0, 0, -5));
        m.put("andi r1, r2, 0xff", in(Opcode.ANDI, 1, 2, 0, 0, 0xff));
        m.put("ori r1, r2, 1", in(Opcode.ORI, 1, 2, 0, 0, 1));
        m.put("xori r1, r2, -1", in(Opcode.XORI, 1, 2, 0, 0, -1));
        m.put("shli r1, r2, 3", in(Opcode.SHLI, 1, 2, 0, 0, 3));
        m.put("shri r1, r2, 63", in(Opcode.SHRI, 1, 2, 0, 0, 63));
        m.put("sari r1, r2, 1", in(Opcode.SARI, 1, 2, 0, 0, 1));
        m.put("slti r1, r2, 10", in(Opcode.SLTI, 1, 2, 0, 0, 10));
        m.put("ld r1, 8(r2)", in(Opcode.LD, 1, 2, 0, 0, 8));
        m.put("ld r1, (r2)", in(Opcode.LD, 1, 2, 0, 0, 0));
        m.put("ld r1, -16(sp)", in(Opcode.LD, 1, 30, 0, 0, -16));
        m.put("ld r1, buf(zero)", in(Opcode.LD, 1, 0, 0, 0, 0x10000));
        m.put("ld r1, (buf + 8)(r0)", in(Opcode.LD, 1, 0, 0, 0, 0x10008));
        m.put("st r3, 16(r4)", in(Opcode.ST, 0, 4, 3, 0, 16));
        m.put("st r3, 0xFFFF00000008(zero)", in(Opcode.ST, 0, 0, 3, 0, 0xFFFF00000008L));
        m.put("lb r1, 3(r2)", in(Opcode.LB, 1, 2, 0, 0, 3));
        m.put("sb r5, (r6)", in(Opcode.SB, 0, 6, 5, 0, 0));
        m.put("cas r1, r2, r3, 8(r4)", in(Opcode.CAS, 1, 4, 2, 3, 8));
        m.put("swap r1, r2, (r3)", in(Opcode.SWAP, 1, 3, 2, 0, 0));
        m.put("fadd r1, r2, -8(r3)", in(Opcode.FADD, 1, 3, 2, 0, -8));
        m.put("beq r1, r2, _start", in(Opcode.BEQ, 0, 1, 2, 0, 0));
        m.put("bne r1, r2, next", in(Opcode.BNE, 0, 1, 2, 0, 1));
        m.put("blt r3, r4, 0", in(Opcode.BLT, 0, 3, 4, 0, 0));
        m.put("bge r3, r4, _start + 1", in(Opcode.BGE, 0, 3, 4, 0, 1));
        m.put("bltu r5, r6, next", in(Opcode.BLTU, 0, 5, 6, 0, 1));
        m.put("bgeu r5, r6, _start", in(Opcode.BGEU, 0, 5, 6, 0, 0));
        m.put("j next", in(Opcode.J, 0, 0, 0, 0, 1));
        m.put("jal _start", in(Opcode.JAL, 31, 0, 0, 0, 0));
        m.put("jalr ra, r5", in(Opcode.JALR, 31, 5, 0, 0, 0));
        m.put("ret", Instruction.of(Opcode.RET));
        m.put("csrr r1, cpuid", in(Opcode.CSRR, 1, 0, 0, 0, Csr.CPUID.ordinal()));
        m.put("csrr r1, SCRATCH", in(Opcode.CSRR, 1, 0, 0, 0, Csr.SCRATCH.ordinal()));
        m.put("csrw ivec, r2", in(Opcode.CSRW, 0, 2, 0, 0, Csr.IVEC.ordinal()));
        m.put("csrw epc, r2", in(Opcode.CSRW, 0, 2, 0, 0, Csr.EPC.ordinal()));
        m.put("csrw cause, r2", in(Opcode.CSRW, 0, 2, 0, 0, Csr.CAUSE.ordinal()));
        m.put("csrw status, r2", in(Opcode.CSRW, 0, 2, 0, 0, Csr.STATUS.ordinal()));
        m.put("ei", Instruction.of(Opcode.EI));
        m.put("di", Instruction.of(Opcode.DI));
        m.put("iret", Instruction.of(Opcode.IRET));
        m.put("trap 7", in(Opcode.TRAP, 0, 0, 0, 0, 7));
        m.put("wfi", Instruction.of(Opcode.WFI));
        m.put("fence", Instruction.of(Opcode.FENCE));
        m.put("halt", Instruction.of(Opcode.HALT));
        m.put("rdcycle r9", in(Opcode.RDCYCLE, 9, 0, 0, 0, 0));
        m.put("trigger 3", in(Opcode.TRIGGER, 0, 0, 0, 0, 3));
        m.put("assert r4, 99", in(Opcode.ASSERT, 0, 4, 0, 0, 99));
        m.put("ADD R1, R2, R3", in(Opcode.ADD, 1, 2, 3, 0, 0));
        m.put("Ld Ra, 8(SP)", in(Opcode.LD, 31, 30, 0, 0, 8));
        m.put("li r1,2", in(Opcode.LI, 1, 0, 0, 0, 2));
        m.put("\tadd\tr1 ,r2 , r3\t", in(Opcode.ADD, 1, 2, 3, 0, 0));
        return m;
    }

    static Stream<Arguments> caseArguments() {
        return cases().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    private static Instruction assembleAlone(String line) throws AssemblyException {
        ProgramImage p = Asm.lines("_start: " + line, "next:", ".data", "buf: .word 0");
        assertThat(p.code().length()).isEqualTo(1);
        return p.code().get(0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("caseArguments")
    void encodes(String line, Instruction expected) throws AssemblyException {
        assertThat(assembleAlone(line)).isEqualTo(expected);
    }

    @Test
    void theCasesCoverEveryOpcode() {
        Set<Opcode> covered = EnumSet.noneOf(Opcode.class);
        cases().values().forEach(i -> covered.add(i.op()));
        assertThat(covered).containsExactlyInAnyOrder(Opcode.values());
    }

    @Test
    void codeIndicesLocationsAndEntry() throws AssemblyException {
        ProgramImage p = Asm.lines(
                "helper: ret",
                "",
                "# the entry point need not be first",
                "_start:",
                "  a: b: jal helper",
                "        halt");
        assertThat(p.entry()).isEqualTo(1);
        assertThat(p.symbols().get("a").value()).isEqualTo(1);
        assertThat(p.symbols().get("b").value()).isEqualTo(1);
        assertThat(p.sourceLines()).containsExactly(
                new SourceLocation("t.s", 1, 9),
                new SourceLocation("t.s", 5, 9),
                new SourceLocation("t.s", 6, 9));
        assertThat(p.name()).isEqualTo("t.s");
        assertThat(List.of(p.code().get(1).op(), p.code().get(1).imm())).containsExactly(Opcode.JAL, 0L);
    }

    @Test
    void aLabelAtTheEndOfCodeIsAValidTarget() throws AssemblyException {
        ProgramImage p = Asm.lines("_start: j done", "nop", "done:");
        assertThat(p.code().get(0).imm()).isEqualTo(2);
    }
}
