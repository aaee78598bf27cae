package org.fdrsim.cpu.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BlanksTest {
    @Test
    void spacesTabsAndSpaceSeparatorsAroundAValueGo() {
        assertThat(Blanks.strip(" \t2\u3000 ")).isEqualTo("2");
        assertThat(Blanks.strip("a b")).isEqualTo("a b");
        assertThat(Blanks.strip(" \t ")).isEmpty();
        assertThat(Blanks.strip("")).isEmpty();
    }

    @Test
    void controlCharactersStayEvenWhereJavaCountsThemAsWhiteSpace() {
        // String.strip() drops every one of these; a parser after Blanks sees and refuses them
        for (char c : new char[] {'\u001c', '\u001d', '\u001e', '\u001f', '\n', '\r', '\u000b', '\f', '\u0001', '\u0085'}) {
            assertThat(Blanks.strip(c + "2" + c)).as("U+%04X", (int) c).isEqualTo(c + "2" + c);
        }
        assertThat("\u001c2".strip()).as("the JDK's strip, which Blanks replaces").isEqualTo("2");
    }

    @Test
    void aNoBreakSpaceIsNotABlank() {
        assertThat(Blanks.strip("\u00a02\u202f")).isEqualTo("\u00a02\u202f");
    }
}
