package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Hostile sizes are refused before anything of that size is allocated: huge {@code .space},
 * {@code .org} beyond data memory, data that adds up past the limit, and include chains
 * deeper than the limit. Each is one line naming the place.
 */
class ResourceLimitTest {

    @Test
    void spaceOfTenToTheFifteenBytesIsRefused() {
        assertThat(Asm.error("_start: halt\n.data\n.space 1000000000000000\n"))
                .isEqualTo("t.s:3:8: .space size 1000000000000000 is out of range, expected 0..268435456 bytes");
    }

    @Test
    void orgBeyondDataMemoryIsRefused() {
        assertThat(Asm.error("_start: halt\n.data\n.org 1000000000000000\n.word 1\n"))
                .isEqualTo("t.s:3:6: .org address 0x38d7ea4c68000 is outside data memory, expected 0..0xfffeffffffff");
    }

    @Test
    void dataAddingUpPastTheLimitIsRefusedBeforeItIsMaterialized() {
        String source = "_start: halt\n.data\n" + ".space 0x4000000\n".repeat(4) + ".byte 1\n";
        assertThat(Asm.error(source)).isEqualTo("t.s:7:1: program data totals more than 268435456 bytes, expected at"
                + " most 268435456 bytes in all data directives");
    }

    @Test
    void deepIncludeChainsAreRefused() {
        Map<String, String> files = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            files.put("d" + i + ".s", ".include \"d" + (i + 1) + ".s\"\n");
        }
        String message = Asm.error("_start: halt\n.include \"d0.s\"\n", files);
        assertThat(message).isEqualTo("d62.s:1:10: includes nested more than 64 deep, expected fewer levels of"
                + " .include");
    }

    @Test
    void anIncludeNameWithAControlCharacterIsRefusedOnOneLine() {
        assertThat(Asm.error("_start: halt\n.include \"a\\nb.s\"\n"))
                .isEqualTo("t.s:2:10: include file name has the control character 0x0a, expected a file path");
    }
}
