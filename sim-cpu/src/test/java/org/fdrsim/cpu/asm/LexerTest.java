package org.fdrsim.cpu.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LexerTest {

    private static List<Token> lex(String line) throws AssemblyException {
        return Lexer.lex("t.s", 1, line);
    }

    private static String kinds(String line) throws AssemblyException {
        StringBuilder sb = new StringBuilder();
        for (Token t : lex(line)) {
            sb.append(t.kind()).append(' ');
        }
        return sb.toString().trim();
    }

    @Test
    void splitsAnInstructionWithLabelAndComment() throws AssemblyException {
        List<Token> tokens = lex("loop: ld r1, -8(sp)  # comment, (with) punctuation");
        assertThat(tokens).extracting(Token::text)
                .containsExactly("loop", ":", "ld", "r1", ",", "-", "8", "(", "sp", ")", "");
        assertThat(tokens).extracting(Token::column).containsExactly(1, 5, 7, 10, 12, 14, 15, 16, 17, 19, 20);
    }

    @Test
    void semicolonAlsoStartsAComment() throws AssemblyException {
        assertThat(kinds("nop ; halt")).isEqualTo("IDENT EOL");
        assertThat(kinds("; only a comment")).isEqualTo("EOL");
        assertThat(kinds("   ")).isEqualTo("EOL");
    }

    @Test
    void commentCharactersInsideStringsAndCharsAreText() throws AssemblyException {
        List<Token> tokens = lex(".ascii \"a#b;c\" # real comment");
        assertThat(tokens.get(1).bytes()).isEqualTo("a#b;c".getBytes(StandardCharsets.US_ASCII));
        assertThat(lex("li r1, '#'").get(3).value()).isEqualTo('#');
        assertThat(lex("li r1, ';'").get(3).value()).isEqualTo(';');
    }

    @Test
    void eolColumnIsJustAfterTheLastToken() throws AssemblyException {
        List<Token> tokens = lex("add r1, r2,   # trailing");
        assertThat(tokens.get(tokens.size() - 1).column()).isEqualTo(12);
    }

    @ParameterizedTest
    @CsvSource({
        "0, 0",
        "42, 42",
        "0x2A, 42",
        "0X2a, 42",
        "0xFFFFFFFFFFFFFFFF, -1",
        "18446744073709551615, -1",
        "9223372036854775808, -9223372036854775808",
        "0xFFFF000000000000, -281474976710656",
    })
    void numbers(String text, long value) throws AssemblyException {
        Token t = lex(text).get(0);
        assertThat(t.kind()).isEqualTo(Token.Kind.NUMBER);
        assertThat(t.value()).isEqualTo(value);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "'a'    | 97",
        "'\\n'  | 10",
        "'\\t'  | 9",
        "'\\r'  | 13",
        "'\\0'  | 0",
        "'\\\\' | 92",
        "'\\''  | 39",
        "'\"'   | 34",
        "'\\x41'| 65",
        "' '    | 32",
    })
    void characterLiterals(String text, long value) throws AssemblyException {
        Token t = lex(text).get(0);
        assertThat(t.kind()).isEqualTo(Token.Kind.NUMBER);
        assertThat(t.value()).isEqualTo(value);
        assertThat(t.text()).isEqualTo(text);
    }

    @Test
    void stringEscapesAndUtf8() throws AssemblyException {
        Token t = lex("\"a\\n\\t\\r\\0\\\\\\\"\\xff\\'é\"").get(0);
        assertThat(t.kind()).isEqualTo(Token.Kind.STRING);
        assertThat(t.bytes()).containsExactly('a', '\n', '\t', '\r', 0, '\\', '"', 0xff, '\'', 0xC3, 0xA9);
    }

    @Test
    void identifiersMayContainDotsAndUnderscores() throws AssemblyException {
        assertThat(lex(".L1_x.y: _start").get(0).text()).isEqualTo(".L1_x.y");
        assertThat(lex(".L1_x.y: _start").get(2).text()).isEqualTo("_start");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "li r1, 12ab      | t.s:1:8: malformed number '12ab', expected decimal digits or 0x followed by hex digits",
        "li r1, 0x        | t.s:1:8: malformed number '0x', expected decimal digits or 0x followed by hex digits",
        "li r1, 0xG1      | t.s:1:8: malformed number '0xG1', expected decimal digits or 0x followed by hex digits",
        "li r1, 1.5       | t.s:1:8: malformed number '1.5', expected decimal digits or 0x followed by hex digits",
        "li r1, 0x10000000000000000 | t.s:1:8: number '0x10000000000000000' is too large, expected a value that fits in 64 bits",
        "li r1, 18446744073709551616 | t.s:1:8: number '18446744073709551616' is too large, expected a value that fits in 64 bits",
        ".ascii \"abc     | t.s:1:8: unterminated string, expected a closing '\"' on the same line",
        ".ascii \"a\\qb\" | t.s:1:10: unknown escape '\\q', expected one of \\n \\t \\r \\0 \\\\ \\\" \\' \\xHH",
        ".ascii \"\\x4\"  | t.s:1:9: malformed escape '\\x', expected two hex digits as in \\x41",
        "li r1, 'a        | t.s:1:8: unterminated character literal, expected a closing ' after one character",
        "li r1, 'ab'      | t.s:1:8: unterminated character literal, expected a closing ' after one character",
        "li r1, ''        | t.s:1:8: empty character literal, expected one character such as 'a' or '\\n'",
        "li r1, @         | t.s:1:8: unexpected character '@', expected a name, number, string or one of , : ( ) + - * /",
    })
    void lexicalErrorsPointAtTheToken(String line, String message) {
        assertThatThrownBy(() -> lex(line)).isInstanceOf(AssemblyException.class).hasMessage(message);
    }
}
