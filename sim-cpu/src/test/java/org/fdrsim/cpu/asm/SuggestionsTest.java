package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SuggestionsTest {

    @Test
    void suggestionsPreferPrefixThenDistanceThenLength() {
        assertThat(Suggestions.mnemonicsLike("ad")).containsExactly("add", "addi", "ld");
        assertThat(Suggestions.mnemonicsLike("HLT")).containsExactly("slt", "blt", "halt");
        assertThat(Suggestions.mnemonicsLike("cs")).containsExactly("csrr", "csrw", "cas");
        assertThat(Suggestions.mnemonicsLike("bqe")).hasSize(3).contains("beq");
        assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Suggestions.distance("", "abc")).isEqualTo(3);
        assertThat(Suggestions.distance("same", "same")).isZero();
    }
}
