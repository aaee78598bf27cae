package org.fdrsim.cpu.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OneLineTest {
    @Test
    void everyCharacterThatCanBreakALineIsEscaped() {
        // LF, CR, VT, FF, NEL (a C1 control), DEL, the Unicode line and paragraph separators
        assertThat(OneLine.escape("a\nb\rc\u000bd\fe\u0085f\u007fg\u2028h\u2029i"))
                .isEqualTo("a\\u000ab\\u000dc\\u000bd\\u000ce\\u0085f\\u007fg\\u2028h\\u2029i");
    }

    @Test
    void otherTextIsKeptAsItIs() {
        String text = "fdr.s:3:7: unknown register 'r3é€𝄞', expected r0..r31 \\n";
        assertThat(OneLine.escape(text)).isSameAs(text);
        assertThat(OneLine.escape("")).isEmpty();
    }

    @Test
    void escapedTextHasNothingLeftToEscape() {
        String once = OneLine.escape("x\n\u2028y");
        assertThat(OneLine.escape(once)).isSameAs(once);
    }

    @Test
    void aNameIsShownAsItsTextEscaped() {
        assertThat(OneLine.of(java.nio.file.Path.of("runs", "a\u001b[2Jb.fdr"))).isEqualTo("runs/a\\u001b[2Jb.fdr");
        assertThat(OneLine.of(null)).isEqualTo("null");
    }

    @Test
    void aLineOfTypedWordsMayHoldTabsButNoOtherControlCharacter() {
        assertThat(OneLine.isOneLineOrTabs("stepi\t3")).isTrue();
        assertThat(OneLine.isOneLine("stepi\t3")).isFalse();
        assertThat(OneLine.isOneLineOrTabs("stepi\u001c3")).isFalse();
        assertThat(OneLine.isOneLineOrTabs("a\tb\nc")).isFalse();
        assertThat(OneLine.isOneLineOrTabs("a\u2028b")).isFalse();
    }
}
