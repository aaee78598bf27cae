package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.Symbol;
import org.junit.jupiter.api.Test;

class DirectiveTest {

    private static ProgramImage data(String... dataLines) throws AssemblyException {
        String[] all = new String[dataLines.length + 2];
        all[0] = "_start: halt";
        all[1] = ".data";
        System.arraycopy(dataLines, 0, all, 2, dataLines.length);
        return Asm.lines(all);
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    private static long value(ProgramImage p, String name) {
        return p.symbols().get(name).value();
    }

    @Test
    void dataStartsAtTheDefaultBase() throws AssemblyException {
        ProgramImage p = data("x: .byte 1");
        assertThat(p.data()).hasSize(1);
        assertThat(p.data().get(0).address()).isEqualTo(0x10000);
        assertThat(value(p, "x")).isEqualTo(0x10000);
        assertThat(p.symbols().get("x").kind()).isEqualTo(Symbol.Kind.DATA);
    }

    @Test
    void wordIsEightBytesLittleEndian() throws AssemblyException {
        ProgramImage p = data("w: .word 0x0102030405060708, -1, 'A'");
        assertThat(p.data().get(0).bytes()).isEqualTo(bytes(
                8, 7, 6, 5, 4, 3, 2, 1,
                0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                65, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void wordAutoAlignsAndPendingLabelsBindToTheAlignedAddress() throws AssemblyException {
        ProgramImage p = data(
                "b: .byte 1, 2, 3",
                "w:",
                "w2: .word 7",
                "after: .byte 9");
        assertThat(value(p, "b")).isEqualTo(0x10000);
        assertThat(value(p, "w")).isEqualTo(0x10008);
        assertThat(value(p, "w2")).isEqualTo(0x10008);
        assertThat(value(p, "after")).isEqualTo(0x10010);
        // padding is not written: two runs, one from .byte, one from .word + .byte
        assertThat(p.data()).extracting(DataSegment::address).containsExactly(0x10000L, 0x10008L);
        assertThat(p.data().get(0).bytes()).isEqualTo(bytes(1, 2, 3));
        assertThat(p.data().get(1).bytes()).isEqualTo(bytes(7, 0, 0, 0, 0, 0, 0, 0, 9));
    }

    @Test
    void byteAcceptsSignedAndUnsignedRange() throws AssemblyException {
        ProgramImage p = data(".byte -128, -1, 0, 127, 255, 'z'");
        assertThat(p.data().get(0).bytes()).isEqualTo(bytes(0x80, 0xff, 0, 127, 255, 'z'));
    }

    @Test
    void spaceEmitsZeroBytes() throws AssemblyException {
        ProgramImage p = data(".byte 1", "s: .space 3", ".byte 2", "empty: .space 0", "z: .byte 3");
        assertThat(p.data()).hasSize(1);
        assertThat(p.data().get(0).bytes()).isEqualTo(bytes(1, 0, 0, 0, 2, 3));
        assertThat(value(p, "s")).isEqualTo(0x10001);
        assertThat(value(p, "empty")).isEqualTo(0x10005);
        assertThat(value(p, "z")).isEqualTo(0x10005);
    }

    @Test
    void asciiHasNoTerminatorAndAcceptsSeveralStrings() throws AssemblyException {
        ProgramImage p = data("msg: .ascii \"hi\\n\", \"ok\"", ".byte 0", "next: .byte 1");
        assertThat(p.data().get(0).bytes()).isEqualTo(bytes('h', 'i', '\n', 'o', 'k', 0, 1));
        assertThat(value(p, "next")).isEqualTo(0x10006);
    }

    @Test
    void orgSetsTheLocationCounterAndSegmentsAreSorted() throws AssemblyException {
        ProgramImage p = data(
                ".org 0x20000",
                "hi: .word 2",
                ".org 0x18000",
                "lo: .word 1",
                ".org 0x20008",
                "hi2: .byte 3");
        assertThat(p.data()).extracting(DataSegment::address).containsExactly(0x18000L, 0x20000L);
        assertThat(p.data().get(1).bytes()).hasSize(9); // contiguous runs merge
        assertThat(value(p, "hi")).isEqualTo(0x20000);
        assertThat(value(p, "lo")).isEqualTo(0x18000);
        assertThat(value(p, "hi2")).isEqualTo(0x20008);
    }

    @Test
    void alignMovesTheDataCounterToAPowerOfTwo() throws AssemblyException {
        ProgramImage p = data(".byte 1", "a: .align 64", ".byte 2", ".align 1", "b: .byte 3", ".align 8", "c: .byte 4");
        assertThat(value(p, "a")).isEqualTo(0x10040);
        assertThat(value(p, "b")).isEqualTo(0x10041);
        assertThat(value(p, "c")).isEqualTo(0x10048);
    }

    @Test
    void alignInTextIsANoOp() throws AssemblyException {
        ProgramImage p = Asm.lines("_start: nop", ".align 16", "x: halt");
        assertThat(value(p, "x")).isEqualTo(1);
    }

    @Test
    void equDefinesConstantsInTheSymbolTable() throws AssemblyException {
        ProgramImage p = Asm.lines(".equ COUNT, 3", ".EQU Neg, -COUNT", "_start: halt");
        assertThat(p.symbols().get("COUNT")).isEqualTo(new Symbol("COUNT", Symbol.Kind.CONSTANT, 3));
        assertThat(p.symbols().get("Neg")).isEqualTo(new Symbol("Neg", Symbol.Kind.CONSTANT, -3));
    }

    @Test
    void sectionsCanAlternateAndCountersContinue() throws AssemblyException {
        ProgramImage p = Asm.lines(
                ".data", "a: .byte 1",
                ".text", "_start: la r1, b",
                ".data", "b: .byte 2",
                ".text", "t: halt");
        assertThat(value(p, "a")).isEqualTo(0x10000);
        assertThat(value(p, "b")).isEqualTo(0x10001);
        assertThat(value(p, "t")).isEqualTo(1);
        assertThat(p.code().get(0).imm()).isEqualTo(0x10001);
    }

    @Test
    void labelsBeforeASectionSwitchStayInTheirSection() throws AssemblyException {
        ProgramImage p = Asm.lines("_start: halt", ".data", ".byte 1", "dangling:", ".text", "code_end:");
        assertThat(p.symbols().get("dangling")).isEqualTo(new Symbol("dangling", Symbol.Kind.DATA, 0x10001));
        assertThat(p.symbols().get("code_end")).isEqualTo(new Symbol("code_end", Symbol.Kind.TEXT, 1));
    }

    @Test
    void labelAtTheEndOfDataBindsToTheFinalCounter() throws AssemblyException {
        ProgramImage p = data("start_buf: .space 16", "end_buf:");
        assertThat(value(p, "end_buf") - value(p, "start_buf")).isEqualTo(16);
    }

    @Test
    void directivesAreCaseInsensitive() throws AssemblyException {
        ProgramImage p = Asm.lines(".TEXT", "_start: HALT", ".Data", ".WORD 1", ".Byte 2", ".ASCII \"x\"", ".SPACE 1",
                ".ALIGN 8", ".ORG 0x30000", ".word 3");
        assertThat(p.data()).hasSize(2);
    }

    @Test
    void programWithoutDataHasNoSegments() throws AssemblyException {
        ProgramImage p = Asm.lines("_start: halt");
        assertThat(p.data()).isEmpty();
        assertThat(p.symbols().all()).extracting(Symbol::name).containsExactly("_start");
    }

    @Test
    void labelsOnlyLineAndMultipleLabels() throws AssemblyException {
        ProgramImage p = Asm.lines("_start:", "one: two:", "  three: halt");
        assertThat(List.of(value(p, "one"), value(p, "two"), value(p, "three"))).containsExactly(0L, 0L, 0L);
    }
}
