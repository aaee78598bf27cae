package org.fdrsim.cpu.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.fdrsim.cpu.run.StopCause;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each instruction's effect on registers and memory, one row per case: the snippet runs
 * on one processor and r3 is compared with the expected value.
 */
class InstructionSemanticsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        li 64-bit                | li r3, 0x123456789ABCDEF0                          | 0x123456789ABCDEF0
        li negative              | li r3, -5                                          | -5
        mov                      | li r1, 9; mov r3, r1                               | 9
        nop changes nothing      | li r3, 4; nop                                      | 4
        add                      | li r1, 7; li r2, 3; add r3, r1, r2                 | 10
        add wraps                | li r1, 0x7FFFFFFFFFFFFFFF; li r2, 1; add r3, r1, r2 | 0x8000000000000000
        sub                      | li r1, 7; li r2, 10; sub r3, r1, r2                | -3
        mul                      | li r1, -6; li r2, 7; mul r3, r1, r2                | -42
        div truncates to zero    | li r1, -7; li r2, 2; div r3, r1, r2                | -3
        rem takes dividend sign  | li r1, -7; li r2, 2; rem r3, r1, r2                | -1
        and                      | li r1, 0xF0F0; li r2, 0xFF00; and r3, r1, r2       | 0xF000
        or                       | li r1, 0xF0F0; li r2, 0xFF00; or r3, r1, r2        | 0xFFF0
        xor                      | li r1, 0xF0F0; li r2, 0xFF00; xor r3, r1, r2       | 0x0FF0
        shl                      | li r1, 3; li r2, 4; shl r3, r1, r2                 | 48
        shl uses low 6 bits      | li r1, 3; li r2, 68; shl r3, r1, r2                | 48
        shr is logical           | li r1, -16; li r2, 60; shr r3, r1, r2              | 15
        sar is arithmetic        | li r1, -16; li r2, 2; sar r3, r1, r2               | -4
        slt true                 | li r1, -1; li r2, 1; slt r3, r1, r2                | 1
        slt false                | li r1, 1; li r2, -1; slt r3, r1, r2                | 0
        sltu treats as unsigned  | li r1, -1; li r2, 1; sltu r3, r1, r2               | 0
        sltu true                | li r1, 1; li r2, -1; sltu r3, r1, r2               | 1
        addi                     | li r1, 5; addi r3, r1, -8                          | -3
        andi                     | li r1, 0xFF; andi r3, r1, 0x0F                     | 15
        ori                      | li r1, 0xF0; ori r3, r1, 0x0F                      | 255
        xori                     | li r1, 0xFF; xori r3, r1, 0x0F                     | 240
        shli                     | li r1, 1; shli r3, r1, 63                          | 0x8000000000000000
        shri                     | li r1, -1; shri r3, r1, 60                         | 15
        sari                     | li r1, -256; sari r3, r1, 4                        | -16
        slti                     | li r1, 4; slti r3, r1, 5                           | 1
        r0 reads zero            | li r0, 99; mov r3, r0                              | 0
        r0 as source of add      | li r1, 5; add r0, r1, r1; add r3, r0, r1           | 5
        st then ld               | la r1, buf; li r2, -77; st r2, 8(r1); ld r3, 8(r1) | -77
        ld negative offset       | la r1, buf; li r2, 11; st r2, 0(r1); addi r1, r1, 16; ld r3, -16(r1) | 11
        sb then lb zero-extends  | la r1, buf; li r2, 0x1FF; sb r2, 3(r1); lb r3, 3(r1) | 255
        sb writes one byte       | la r1, buf; li r2, -1; st r2, 0(r1); sb r0, 1(r1); ld r3, 0(r1) | 0xFFFFFFFFFFFF00FF
        bytes are little-endian  | la r1, buf; li r2, 0x0102030405060708; st r2, 0(r1); lb r3, 0(r1) | 8
        cas succeeds             | la r1, buf; li r2, 5; st r2, 0(r1); li r4, 5; li r5, 9; cas r6, r4, r5, 0(r1); ld r3, 0(r1) | 9
        cas fails                | la r1, buf; li r2, 5; st r2, 0(r1); li r4, 6; li r5, 9; cas r6, r4, r5, 0(r1); ld r3, 0(r1) | 5
        cas returns old          | la r1, buf; li r2, 5; st r2, 0(r1); li r4, 6; li r5, 9; cas r3, r4, r5, 0(r1) | 5
        swap returns old         | la r1, buf; li r2, 5; st r2, 0(r1); li r4, 8; swap r3, r4, 0(r1) | 5
        swap stores new          | la r1, buf; li r2, 5; st r2, 0(r1); li r4, 8; swap r6, r4, 0(r1); ld r3, 0(r1) | 8
        fadd returns old         | la r1, buf; li r2, 5; st r2, 0(r1); li r4, 8; fadd r3, r4, 0(r1) | 5
        fadd adds                | la r1, buf; li r2, 5; st r2, 0(r1); li r4, 8; fadd r6, r4, 0(r1); ld r3, 0(r1) | 13
        beq taken                | li r1, 2; li r2, 2; li r3, 1; beq r1, r2, L; li r3, 0; L: nop | 1
        beq not taken            | li r1, 2; li r2, 3; li r3, 1; beq r1, r2, L; li r3, 0; L: nop | 0
        bne taken                | li r1, 2; li r2, 3; li r3, 1; bne r1, r2, L; li r3, 0; L: nop | 1
        blt signed               | li r1, -2; li r2, 3; li r3, 1; blt r1, r2, L; li r3, 0; L: nop | 1
        bge signed               | li r1, -2; li r2, 3; li r3, 1; bge r1, r2, L; li r3, 0; L: nop | 0
        bge equal                | li r1, 3; li r2, 3; li r3, 1; bge r1, r2, L; li r3, 0; L: nop | 1
        bltu unsigned            | li r1, -2; li r2, 3; li r3, 1; bltu r1, r2, L; li r3, 0; L: nop | 0
        bgeu unsigned            | li r1, -2; li r2, 3; li r3, 1; bgeu r1, r2, L; li r3, 0; L: nop | 1
        j                        | li r3, 1; j L; li r3, 0; L: nop                    | 1
        jal sets ra and returns  | li r3, 0; jal F; addi r3, r3, 10; j E; F: addi r3, r3, 1; ret; E: nop | 11
        jalr links rd            | la r1, F; jalr r5, r1; j E; F: mov r3, r5; jalr r0, r5; E: nop | 2
        csrr cpuid               | li r3, 7; csrr r3, cpuid                           | 0
        csrw csrr scratch        | li r1, 1234; csrw scratch, r1; csrr r3, scratch    | 1234
        ei sets status           | ei; csrr r3, status                                | 1
        di clears status         | ei; di; csrr r3, status                            | 0
        fence is a no-op         | li r3, 6; fence                                    | 6
        rdcycle counts cycles    | rdcycle r1; nop; nop; rdcycle r2; sub r3, r2, r1   | 3
        la text label is index   | la r3, L; L: nop                                   | 1
        """)
    void instructionSetsR3(String name, String body, String expected) {
        Exec e = Exec.program("""
                .data
                .align 64
            buf: .space 64
                .text
            _start:
            """ + body.replace("; ", "\n") + "\nhalt\n", 1, "");
        assertThat(e.result.cause()).as(e.result.describeStop()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(e.reg(3)).isEqualTo(parse(expected));
    }

    private static long parse(String s) {
        s = s.trim();
        return s.startsWith("0x") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
    }
}
