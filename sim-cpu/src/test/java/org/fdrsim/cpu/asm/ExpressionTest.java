package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;

import org.fdrsim.cpu.program.ProgramImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpressionTest {

    private static long value(String expr) throws AssemblyException {
        return Asm.one("li r1, " + expr).imm();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "1 + 2 * 3          | 7",
        "(1 + 2) * 3        | 9",
        "10 - 4 - 3         | 3",
        "100 / 10 / 5       | 2",
        "7 / 2              | 3",
        "-7 / 2             | -3",
        "2 * -3             | -6",
        "-(2 + 3)           | -5",
        "--5                | 5",
        "+5                 | 5",
        "- - -1             | -1",
        "0x10 + 0x0f        | 31",
        "'a' + 1            | 98",
        "'\\n'              | 10",
        "((((1))))          | 1",
        "1-1                | 0",
        "-0x8000000000000000 | -9223372036854775808",
        "0x7FFFFFFFFFFFFFFF + 1 | -9223372036854775808",
        "0x100000000 * 0x100000000 | 0",
        "-9223372036854775807 - 1 - 1 | 9223372036854775807",
        "-0x8000000000000000 / -1 | -9223372036854775808",
    })
    void arithmeticWithPrecedenceAndWrapping(String expr, long expected) throws AssemblyException {
        assertThat(value(expr)).isEqualTo(expected);
    }

    @Test
    void labelsAndConstantsInExpressions() throws AssemblyException {
        ProgramImage p = Asm.lines(
                ".equ N, 4",
                ".equ SIZE, N * 8",
                "_start: li r1, SIZE + 1",
                "        la r2, table + 2 * 8",
                "        li r3, end - _start",
                "end:    halt",
                ".data",
                "table: .space SIZE");
        assertThat(p.code().get(0).imm()).isEqualTo(33);
        assertThat(p.code().get(1).imm()).isEqualTo(0x10000 + 16);
        assertThat(p.code().get(2).imm()).isEqualTo(3);
    }

    @Test
    void equMayReferToLaterConstantsAndLabels() throws AssemblyException {
        ProgramImage p = Asm.lines(
                ".equ A, B + 1",
                ".equ END_ADDR, buf + LEN",
                "_start: li r1, A",
                "        li r2, END_ADDR",
                "        li r3, LOOP_AT",
                ".equ B, C * 2",
                ".equ C, 5",
                ".equ LOOP_AT, loop",
                "loop: j loop",
                ".data",
                "buf: .space LEN",
                ".equ LEN, 24");
        assertThat(p.code().get(0).imm()).isEqualTo(11);
        assertThat(p.code().get(1).imm()).isEqualTo(0x10000 + 24);
        assertThat(p.code().get(2).imm()).isEqualTo(3);
    }

    @Test
    void namesAreCaseSensitive() throws AssemblyException {
        ProgramImage p = Asm.lines(
                ".equ n, 1",
                ".equ N, 2",
                "_start: li r1, n",
                "        li r2, N");
        assertThat(p.code().get(0).imm()).isEqualTo(1);
        assertThat(p.code().get(1).imm()).isEqualTo(2);
        assertThat(Asm.error(".equ n, 1\n_start: li r1, NN\n"))
                .isEqualTo("t.s:2:16: undefined label 'NN', expected a label or .equ name defined in the program");
    }

    @Test
    void divisionByZeroPointsAtTheOperator() {
        assertThat(Asm.error("_start: li r1, 4 / (2 - 2)\n"))
                .isEqualTo("t.s:1:18: division by zero in expression, expected a non-zero divisor");
    }

    @Test
    void divisionByZeroInAnUnusedConstantIsStillAnError() {
        assertThat(Asm.error("_start: halt\n.equ BAD, 1 / 0\n"))
                .isEqualTo("t.s:2:13: division by zero in expression, expected a non-zero divisor");
    }

    @Test
    void constantCycleIsAnError() {
        assertThat(Asm.error(".equ A, B + 1\n.equ B, C\n.equ C, A\n_start: halt\n"))
                .isEqualTo("t.s:3:9: circular .equ definition A -> B -> C -> A, expected constants that do not depend on themselves");
        assertThat(Asm.error(".equ SELF, SELF\n_start: halt\n"))
                .isEqualTo("t.s:1:12: circular .equ definition SELF -> SELF, expected constants that do not depend on themselves");
    }

    @Test
    void layoutDirectivesCannotUseLaterLabels() {
        assertThat(Asm.error("_start: halt\n.data\n.space end - 0x10000\nend: .byte 0\n"))
                .isEqualTo("t.s:3:8: label 'end' is used before it is placed, expected a constant or a label defined"
                        + " earlier (the layout cannot depend on later labels)");
    }

    @Test
    void layoutDirectivesMayUseEarlierLabels() throws AssemblyException {
        ProgramImage p = Asm.lines("_start: halt", ".data", "a: .byte 1", ".org a + 0x100", "b: .byte 2");
        assertThat(p.symbols().get("b").value()).isEqualTo(0x10100);
    }

    @Test
    void malformedExpressions() {
        assertThat(Asm.error("_start: li r1, (1 + 2\n"))
                .isEqualTo("t.s:1:22: expected ')' to close the '(' at column 16 after '2' but found end of line");
        assertThat(Asm.error("_start: li r1, 1 + \n"))
                .isEqualTo("t.s:1:19: expected a number or name after '+' but found end of line");
        assertThat(Asm.error("_start: li r1, 1 + *\n"))
                .isEqualTo("t.s:1:20: expected a number or name after '+' but found '*'");
        assertThat(Asm.error("_start: li r1, 2 + r3\n"))
                .isEqualTo("t.s:1:20: expected a number or name after '+' but found register 'r3'");
        assertThat(Asm.error("_start: li r1, r3\n"))
                .isEqualTo("t.s:1:16: expected an immediate value after ',' but found register 'r3'");
    }
}
