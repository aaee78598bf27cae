package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fdrsim.cpu.program.SourceLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each kind of mistake gives one line: file:line:column, what is wrong, what was expected.
 * Sources use '~' for a line break to keep the table readable.
 */
class AssemblyErrorTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        // unknown mnemonic / directive / statement
        "_start: ad r1, r2, r3 | t.s:1:9: unknown instruction 'ad', expected a mnemonic such as add, addi, ld",
        "_start: .wrod 1 | t.s:1:9: unknown directive '.wrod', expected one of .text, .data, .org, .align, .word, .byte, .space, .ascii, .equ, .include",
        "5: halt | t.s:1:1: unexpected '5', expected a label, an instruction or a directive",
        // bad register
        "_start: add r1, r2, 5 | t.s:1:21: expected a register after ',' but found '5'",
        "_start: add r1, r2, r32 | t.s:1:21: unknown register 'r32', expected r0..r31, zero, sp or ra",
        "_start: add r1, r2, r05 | t.s:1:21: unknown register 'r05', expected r0..r31, zero, sp or ra",
        "_start: mov x, r1 | t.s:1:13: expected a register after 'mov' but found 'x'",
        "_start: ld r1, 8(5) | t.s:1:18: expected a register after '(' but found '5'",
        "_start: ld r1, r2 | t.s:1:16: expected a memory operand off(rb) after ',' but found register 'r2'; write (r2) for offset 0",
        "_start: li r1, r3 | t.s:1:16: expected an immediate value after ',' but found register 'r3'",
        "_start: beq r1, r2, r3 | t.s:1:21: expected a code label after ',' but found register 'r3'",
        "r1: halt | t.s:1:1: register name 'r1' used as a label, expected a name that is not a register",
        ".equ sp, 3~_start: halt | t.s:1:6: register name 'sp' used as a constant name, expected a name that is not a register",
        // missing operand
        "_start: add r1, r2 | t.s:1:19: missing operand, expected ',' after 'r2' (usage: add rd, rs1, rs2)",
        "_start: add r1, r2, | t.s:1:20: missing operand, expected a register after ',' (usage: add rd, rs1, rs2)",
        "_start: li | t.s:1:11: missing operand, expected a register after 'li' (usage: li rd, imm)",
        "_start: jal | t.s:1:12: missing operand, expected a code label after 'jal' (usage: jal label)",
        "_start: trap | t.s:1:13: missing operand, expected an immediate value after 'trap' (usage: trap imm)",
        "_start: cas r1, r2, r3 | t.s:1:23: missing operand, expected ',' after 'r3' (usage: cas rd, rexp, rnew, off(rb))",
        "_start: ld r1, 8 | t.s:1:17: missing operand, expected '(' and a base register after '8' (usage: ld rd, off(rb))",
        "_start: ld r1, 8(r2 | t.s:1:20: expected ')' after 'r2' but found end of line",
        "_start: csrr r1 | t.s:1:16: missing operand, expected ',' after 'r1' (usage: csrr rd, csr)",
        "_start: halt~.data~.word | t.s:3:6: missing operand, expected a value after '.word' (usage: .word v, ...)",
        // extra operand
        "_start: add r1, r2, r3, r4 | t.s:1:25: extra operand 'r4', expected end of line (usage: add rd, rs1, rs2)",
        "_start: add r1, r2, r3 r4 | t.s:1:24: unexpected 'r4' after 'r3', expected end of line (usage: add rd, rs1, rs2)",
        "_start: add r1, r2, r3, | t.s:1:23: unexpected ',' at the end of the line, expected no more operands (usage: add rd, rs1, rs2)",
        "_start: nop r1 | t.s:1:13: extra operand 'r1', expected end of line (nop takes no operands)",
        "_start: ret ra | t.s:1:13: extra operand 'ra', expected end of line (ret takes no operands)",
        "_start: .text 5 | t.s:1:15: extra operand '5', expected end of line (.text takes no operands)",
        "_start: ld r1, -8(sp)) | t.s:1:22: unexpected ')' after ')', expected end of line (usage: ld rd, off(rb))",
        // undefined and duplicate labels
        "_start: j nowhere | t.s:1:11: undefined label 'nowhere', expected a label or .equ name defined in the program",
        "_start: halt~.data~.word missing | t.s:3:7: undefined label 'missing', expected a label or .equ name defined in the program",
        "_start: halt~loop: nop~  loop: nop | t.s:3:3: duplicate label 'loop', expected a new name (first defined at t.s:2:1)",
        ".equ N, 1~_start: halt~.equ N, 2 | t.s:3:6: duplicate constant 'N', expected a new name (first defined at t.s:1:6)",
        "x: .equ x, 1~_start: halt | t.s:1:9: duplicate constant 'x', expected a new name (first defined at t.s:1:1)",
        // missing or misplaced _start
        "start: halt | t.s:1:1: no '_start' label, expected the entry point '_start:' in .text",
        "~# nothing | t.s:1:1: no '_start' label, expected the entry point '_start:' in .text",
        ".data~_start: .byte 1 | t.s:2:1: '_start' is a data label, expected the entry point '_start:' in .text",
        ".equ _start, 0 | t.s:1:6: '_start' is a constant, expected the entry point '_start:' in .text",
        // since stop 52: its first fetch faulted, and the dump 'fdr record' wrote was refused by 'fdr replay'
        "_start: | t.s:1:1: '_start' labels the end of the code (0 instructions), expected it on an instruction, e.g. '_start: halt'",
        "nop~_start: | t.s:2:1: '_start' labels the end of the code (1 instruction), expected it on an instruction, e.g. '_start: halt'",
        // branch targets
        "_start: j buf~.data~buf: .byte 0 | t.s:1:11: 'buf' is a data label, expected a code label (a label in .text)",
        "_start: beq r1, r2, buf + 1~.data~buf: .byte 0 | t.s:1:21: 'buf' is a data label, expected a code label (a label in .text)",
        "_start: j 5 | t.s:1:11: branch target 5 is outside the code (0..1), expected a code label",
        "_start: jal -1 | t.s:1:13: branch target -1 is outside the code (0..1), expected a code label",
        // CSRs
        "_start: csrw cpuid, r1 | t.s:1:14: CSR 'cpuid' is read-only, expected a writable CSR (ivec, epc, cause, status, scratch)",
        "_start: csrr r1, foo | t.s:1:18: expected a CSR name (cpuid, ivec, epc, cause, status, scratch) after ',' but found 'foo'",
        // data directives
        "_start: halt~.data~.byte 256 | t.s:3:7: .byte value 256 is out of range, expected -128..255",
        "_start: halt~.data~.byte 1, -129 | t.s:3:10: .byte value -129 is out of range, expected -128..255",
        "_start: halt~.data~.align 3 | t.s:3:8: .align 3 is not a power of two, expected 1, 2, 4, 8, ... up to 268435456",
        "_start: halt~.data~.align 0 | t.s:3:8: .align 0 is not a power of two, expected 1, 2, 4, 8, ... up to 268435456",
        "_start: halt~.data~.space -1 | t.s:3:8: .space size -1 is out of range, expected 0..268435456 bytes",
        "_start: halt~.data~.org -1 | t.s:3:6: .org address 0xffffffffffffffff is outside data memory, expected 0..0xfffeffffffff",
        "_start: halt~.data~.org 0xFFFF00000000 | t.s:3:6: .org address 0xffff00000000 is outside data memory, expected 0..0xfffeffffffff",
        "_start: halt~.data~.org 0xFFFEFFFFFFFE~.byte 1, 2, 3 | t.s:4:1: data at 0xfffefffffffe runs into the device registers at 0xffff00000000, expected data below 0xffff00000000",
        "_start: halt~.data~.org 0x10000~.word 1~.org 0x10004~.byte 1 | t.s:6:1: data at 0x10004 overlaps data already written at t.s:4:1, expected each byte to be written once (check .org addresses)",
        "_start: halt~.data~.org 0x10004~.byte 1~.org 0x10000~.word 1 | t.s:6:1: data at 0x10004 overlaps data already written at t.s:4:1, expected each byte to be written once (check .org addresses)",
        "_start: halt~.data~.ascii foo | t.s:3:8: expected a string in double quotes after '.ascii' but found 'foo'",
        "_start: halt~.data~.ascii \"abc | t.s:3:8: unterminated string, expected a closing '\"' on the same line",
        ".equ 5, 3~_start: halt | t.s:1:6: expected a constant name after '.equ' but found '5'",
        ".equ X 3~_start: halt | t.s:1:8: expected ',' after 'X' but found '3'",
        // sections
        "_start: .org 0x100 | t.s:1:9: .org in the .text section, expected it in .data (code indices are sequential)",
        "_start: .word 1 | t.s:1:9: .word in the .text section, expected instructions here (switch to data with .data)",
        "_start: .byte 1 | t.s:1:9: .byte in the .text section, expected instructions here (switch to data with .data)",
        "_start: .ascii \"x\" | t.s:1:9: .ascii in the .text section, expected instructions here (switch to data with .data)",
        "_start: .space 1 | t.s:1:9: .space in the .text section, expected instructions here (switch to data with .data)",
        "_start: halt~.data~add r1, r2, r3 | t.s:3:1: instruction 'add' in the .data section, expected data directives here (switch back with .text)",
        // numbers and expressions
        "_start: li r1, 0x1G | t.s:1:16: malformed number '0x1G', expected decimal digits or 0x followed by hex digits",
        "_start: li r1, 4 / (2 - 2) | t.s:1:18: division by zero in expression, expected a non-zero divisor",
        "_start: li r1, 1 + | t.s:1:19: expected a number or name after '+' but found end of line",
    })
    void oneLineMessages(String source, String message) {
        assertThat(Asm.error(source.replace('~', '\n') + "\n")).isEqualTo(message);
    }

    @Test
    void exceptionCarriesLocationAndProblem() {
        assertThatThrownBy(() -> Asm.assemble("\n\n_start: add r1, r2, 5\n"))
                .isInstanceOfSatisfying(AssemblyException.class, e -> {
                    assertThat(e.location()).isEqualTo(new SourceLocation("t.s", 3, 21));
                    assertThat(e.problem()).isEqualTo("expected a register after ',' but found '5'");
                    assertThat(e.getMessage()).doesNotContain("\n");
                });
    }

    @Test
    void wholeFileLocationsOmitLineAndColumn() {
        AssemblyException e = new AssemblyException(new SourceLocation("x.s", 0, 0), "cannot read the program");
        assertThat(e.getMessage()).isEqualTo("x.s: cannot read the program");
    }

    @Test
    void aLineBreakTheMessageQuotesIsEscaped() {
        // a line separator in a character literal, quoted by the message that refuses it
        assertThat(Asm.error("_start: li r1, '\u2028'\n")).isEqualTo(
                "t.s:1:17: non-ASCII character '\\u2028' in character literal, expected an ASCII character or an escape such as '\\xE9'");
        AssemblyException e = new AssemblyException(new SourceLocation("two\nlines.s", 0, 0), "cannot read\r it");
        assertThat(e.getMessage()).isEqualTo("two\\u000alines.s: cannot read\\u000d it");
        assertThat(e.problem()).isEqualTo("cannot read\\u000d it");
    }

    @Test
    void windowsLineEndingsAndByteOrderMarkAreAccepted() throws AssemblyException {
        assertThat(Asm.assemble("\uFEFF_start: nop\r\n  halt\r\n").code().length()).isEqualTo(2);
        assertThat(Asm.error("\uFEFF_start: nop\r\n  hlt\r\n")).startsWith("t.s:2:3: unknown instruction 'hlt'");
    }

    @Test
    void firstErrorInSourceOrderWithinAPass() {
        assertThat(Asm.error("_start: add r1, r2, 5\nadd r1, r2, 6\n")).startsWith("t.s:1:");
    }
}
