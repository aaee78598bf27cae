package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.Symbol;
import org.fdrsim.cpu.program.SymbolTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DisassemblerTest {

    /** Uses every opcode, with labels, data, constants and awkward immediates. */
    static final String EVERY_OPCODE = String.join("\n",
            ".equ CONSOLE, 0xFFFF00000000",
            "_start: li r1, 42",
            "        li r2, -1",
            "        li r3, 0xFFFF000000000000",
            "        li r4, -0x8000000000000000",
            "        la r5, buf",
            "        la r6, loop",
            "        la r7, 0x123456",
            "        mov r8, sp",
            "        nop",
            "loop:   add r1, r2, r3",
            "        sub r1, r2, r3",
            "        mul r1, r2, r3",
            "        div r1, r2, r3",
            "        rem r1, r2, r3",
            "        and r1, r2, r3",
            "        or r1, r2, r3",
            "        xor r1, r2, r3",
            "        shl r1, r2, r3",
            "        shr r1, r2, r3",
            "        sar r1, r2, r3",
            "        slt r1, r2, r3",
            "        sltu r1, r2, r3",
            "        addi r1, r2, -7",
            "        andi r1, r2, 0xff",
            "        ori r1, r2, 100000",
            "        xori r1, r2, -100000",
            "        shli r1, r2, 3",
            "        shri r1, r2, 4",
            "        sari r1, r2, 5",
            "        slti r1, r2, 6",
            "        ld r1, 8(sp)",
            "        st r2, -8(sp)",
            "        lb r3, (r4)",
            "        sb r5, buf(zero)",
            "        st r1, CONSOLE(zero)",
            "        cas r1, r2, r3, 16(r4)",
            "        swap r1, r2, (r3)",
            "        fadd r1, r2, 8(r3)",
            "        beq r1, r2, loop",
            "        bne r1, r2, done",
            "        blt r1, r2, loop + 1",
            "        bge r1, r2, 0",
            "        bltu r1, r2, done",
            "        bgeu r1, r2, loop",
            "        j loop",
            "        jal func",
            "        jalr ra, r9",
            "        csrr r1, cpuid",
            "        csrw ivec, r2",
            "        csrw status, zero",
            "        ei",
            "        di",
            "        trap 3",
            "        wfi",
            "        fence",
            "        rdcycle r10",
            "        trigger 1",
            "        assert r11, 2",
            "        halt",
            "func:   iret",
            "        ret",
            "done:",
            ".data",
            "buf: .word 1, 2",
            "msg: .ascii \"hello, world\\n\"",
            "");

    @Test
    void formatsEachShape() throws AssemblyException {
        ProgramImage p = Asm.assemble(EVERY_OPCODE);
        SymbolTable s = p.symbols();
        List<String> text = new ArrayList<>();
        for (int i = 0; i < p.code().length(); i++) {
            text.add(Disassembler.format(p.code().get(i), s));
        }
        assertThat(text).startsWith(
                "li r1, 42",
                "li r2, -1",
                "li r3, -0x1000000000000",
                "li r4, -0x8000000000000000",
                "la r5, buf",
                "la r6, loop",
                "la r7, 0x123456",
                "mov r8, sp",
                "nop",
                "add r1, r2, r3");
        assertThat(text).contains(
                "addi r1, r2, -7",
                "andi r1, r2, 255",
                "ori r1, r2, 0x186a0",
                "xori r1, r2, -0x186a0",
                "ld r1, 8(sp)",
                "st r2, -8(sp)",
                "lb r3, 0(r4)",
                "sb r5, 0x10000(r0)",
                "st r1, 0xffff00000000(r0)",
                "cas r1, r2, r3, 16(r4)",
                "swap r1, r2, 0(r3)",
                "fadd r1, r2, 8(r3)",
                "beq r1, r2, loop",
                "bne r1, r2, done",
                "blt r1, r2, 10",
                "bge r1, r2, _start",
                "j loop",
                "jal func",
                "jalr ra, r9",
                "csrr r1, cpuid",
                "csrw ivec, r2",
                "csrw status, r0",
                "trap 3",
                "rdcycle r10",
                "trigger 1",
                "assert r11, 2",
                "iret",
                "ret");
    }

    @Test
    void withoutSymbolsTargetsAreNumbersAndAddressesHex() {
        assertThat(Disassembler.format(new Instruction(Opcode.BEQ, 0, 1, 2, 0, 7), null)).isEqualTo("beq r1, r2, 7");
        assertThat(Disassembler.format(new Instruction(Opcode.LA, 3, 0, 0, 0, 0x10000), null)).isEqualTo("la r3, 0x10000");
        assertThat(Disassembler.format(new Instruction(Opcode.LA, 3, 0, 0, 0, -1), null)).isEqualTo("la r3, 0xffffffffffffffff");
        SymbolTable empty = new SymbolTable(List.of());
        assertThat(Disassembler.format(new Instruction(Opcode.JAL, 31, 0, 0, 0, 4), empty)).isEqualTo("jal 4");
    }

    @Test
    void laPrefersADataLabel() {
        SymbolTable s = new SymbolTable(List.of(
                new Symbol("code", Symbol.Kind.TEXT, 5),
                new Symbol("data", Symbol.Kind.DATA, 5),
                new Symbol("FIVE", Symbol.Kind.CONSTANT, 5)));
        assertThat(Disassembler.format(new Instruction(Opcode.LA, 1, 0, 0, 0, 5), s)).isEqualTo("la r1, data");
        assertThat(Disassembler.format(new Instruction(Opcode.J, 0, 0, 0, 0, 5), s)).isEqualTo("j code");
    }

    /**
     * Rebuilds a program from the disassembly: each instruction's text, code labels where
     * they were, data labels as constants (disassembly never names constants).
     */
    private static String reassemblable(ProgramImage p, boolean useSymbols) {
        StringBuilder sb = new StringBuilder();
        SymbolTable symbols = useSymbols ? p.symbols() : null;
        if (useSymbols) {
            for (Symbol s : p.symbols().all()) {
                if (s.kind() == Symbol.Kind.DATA) {
                    sb.append(".equ ").append(s.name()).append(", ").append(s.value()).append('\n');
                }
            }
        }
        for (int i = 0; i <= p.code().length(); i++) {
            for (Symbol s : p.symbols().all()) {
                if (s.kind() == Symbol.Kind.TEXT && s.value() == i && (useSymbols || s.name().equals("_start"))) {
                    sb.append(s.name()).append(":\n");
                }
            }
            if (i < p.code().length()) {
                sb.append("    ").append(Disassembler.format(p.code().get(i), symbols)).append('\n');
            }
        }
        return sb.toString();
    }

    private static List<Instruction> instructions(ProgramImage p) {
        List<Instruction> out = new ArrayList<>();
        for (int i = 0; i < p.code().length(); i++) {
            out.add(p.code().get(i));
        }
        return out;
    }

    @ParameterizedTest(name = "with symbols: {0}")
    @ValueSource(booleans = {true, false})
    void roundTripOfEveryOpcode(boolean useSymbols) throws AssemblyException {
        ProgramImage original = Asm.assemble(EVERY_OPCODE);
        assertThat(instructions(original)).extracting(Instruction::op).contains(Opcode.values());
        ProgramImage again = Asm.assemble(reassemblable(original, useSymbols));
        assertThat(instructions(again)).isEqualTo(instructions(original));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 42, 20261122})
    void roundTripOfRandomInstructions(long seed) throws AssemblyException {
        Random rnd = new Random(seed);
        int n = 400;
        List<Instruction> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(randomInstruction(rnd, n));
        }
        StringBuilder src = new StringBuilder("_start:\n");
        for (Instruction in : list) {
            src.append(Disassembler.format(in, null)).append('\n');
        }
        ProgramImage p = Asm.assemble(src.toString());
        assertThat(instructions(p)).as("seed %d", seed).isEqualTo(list);
    }

    private static Instruction randomInstruction(Random rnd, int codeLength) {
        Opcode op = Opcode.values()[rnd.nextInt(Opcode.values().length)];
        int rd = rnd.nextInt(Registers.COUNT);
        int rs1 = rnd.nextInt(Registers.COUNT);
        int rs2 = rnd.nextInt(Registers.COUNT);
        int rs3 = rnd.nextInt(Registers.COUNT);
        long imm = switch (rnd.nextInt(4)) {
            case 0 -> rnd.nextInt(200) - 100;
            case 1 -> rnd.nextLong();
            case 2 -> rnd.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
            default -> rnd.nextInt(1 << 20) - (1 << 19);
        };
        long target = rnd.nextInt(codeLength + 1);
        return switch (op.format()) {
            case NONE -> Instruction.of(op);
            case RD_IMM, RD_LABEL -> new Instruction(op, rd, 0, 0, 0, imm);
            case RD_RS, RD_RS_JUMP -> new Instruction(op, rd, rs1, 0, 0, 0);
            case RD_RS_RS -> new Instruction(op, rd, rs1, rs2, 0, 0);
            case RD_RS_IMM -> new Instruction(op, rd, rs1, 0, 0, imm);
            case RD_MEM -> new Instruction(op, rd, rs1, 0, 0, imm);
            case RS_MEM -> new Instruction(op, 0, rs1, rs2, 0, imm);
            case RD_RS_MEM -> new Instruction(op, rd, rs1, rs2, 0, imm);
            case RD_RS_RS_MEM -> new Instruction(op, rd, rs1, rs2, rs3, imm);
            case BRANCH -> new Instruction(op, 0, rs1, rs2, 0, target);
            case JUMP -> new Instruction(op, op == Opcode.JAL ? Registers.RA : 0, 0, 0, 0, target);
            case RD_CSR -> new Instruction(op, rd, 0, 0, 0, rnd.nextInt(Csr.count()));
            case CSR_RS -> new Instruction(op, 0, rs1, 0, 0, 1 + rnd.nextInt(Csr.count() - 1));
            case IMM -> new Instruction(op, 0, 0, 0, 0, imm);
            case RS_IMM -> new Instruction(op, 0, rs1, 0, 0, imm);
            case RD -> new Instruction(op, rd, 0, 0, 0, 0);
        };
    }

    @Test
    void listingShowsCodeDataAndSymbols() throws AssemblyException {
        ProgramImage p = Asm.lines(
                ".equ N, 3",
                "_start: la r1, msg",
                "loop:   addi r1, r1, N",
                "        bne r1, r0, loop",
                "        halt",
                "end:",
                ".data",
                "msg: .ascii \"0123456789abcdefXYZ\"",
                ".org 0x20000",
                "w: .word 0x1122");
        String listing = Disassembler.listing(p);
        assertThat(listing).isEqualTo(String.join("\n",
                "; t.s: 4 instructions, 27 bytes of data in 2 segments, 6 symbols, entry 0 (_start)",
                "",
                "; code",
                "      _start:",
                "   0  la r1, msg                          ; t.s:2:9",
                "      loop:",
                "   1  addi r1, r1, 3                      ; t.s:3:9",
                "   2  bne r1, r0, loop                    ; t.s:4:9",
                "   3  halt                                ; t.s:5:9",
                "      end:",
                "",
                "; data",
                "  0x10000  19 bytes  30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66 ...",
                "  0x20000  8 bytes  22 11 00 00 00 00 00 00",
                "",
                "; symbols",
                "  N       constant  3",
                "  _start  text      0",
                "  end     text      4",
                "  loop    text      1",
                "  msg     data      0x10000",
                "  w       data      0x20000",
                ""));
    }

    @Test
    void listingSingularsAndLargeConstants() throws AssemblyException {
        String listing = Disassembler.listing(Asm.lines(".equ IO, 0xFFFF00000000", ".equ M, -1", "_start: halt",
                ".data", ".byte 1"));
        assertThat(listing).startsWith("; t.s: 1 instruction, 1 byte of data in 1 segment, 3 symbols, entry 0 (_start)\n");
        assertThat(listing).contains("  IO      constant  281470681743360 (0xffff00000000)\n");
        assertThat(listing).contains("  M       constant  -1 (0xffffffffffffffff)\n");
    }

    @Test
    void listingIsDeterministic() throws AssemblyException {
        assertThat(Disassembler.listing(Asm.assemble(EVERY_OPCODE)))
                .isEqualTo(Disassembler.listing(Asm.assemble(EVERY_OPCODE)));
    }
}
