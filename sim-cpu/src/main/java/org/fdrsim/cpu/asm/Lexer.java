package org.fdrsim.cpu.asm;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.program.SourceLocation;

/**
 * Splits one source line into {@link Token}s, ending with an {@link Token.Kind#EOL} token.
 * Comments run from {@code #} or {@code ;} (outside string and character literals) to the
 * end of the line. Columns count characters from 1; a tab counts as one column.
 */
final class Lexer {
    private final String file;
    private final int lineNumber;
    private final String line;
    private int pos;

    private Lexer(String file, int lineNumber, String line) {
        this.file = file;
        this.lineNumber = lineNumber;
        this.line = line;
    }

    /** The tokens of {@code line}, which is line {@code lineNumber} of {@code file}. */
    static List<Token> lex(String file, int lineNumber, String line) throws AssemblyException {
        return new Lexer(file, lineNumber, line).run();
    }

    private List<Token> run() throws AssemblyException {
        List<Token> tokens = new ArrayList<>();
        int end = 0; // index just past the last token, for the EOL column
        while (true) {
            skipSpace();
            if (pos >= line.length() || line.charAt(pos) == '#' || line.charAt(pos) == ';') {
                break;
            }
            tokens.add(next());
            end = pos;
        }
        tokens.add(Token.of(Token.Kind.EOL, "", end + 1));
        return tokens;
    }

    private void skipSpace() {
        while (pos < line.length() && Character.isWhitespace(line.charAt(pos))) {
            pos++;
        }
    }

    private Token next() throws AssemblyException {
        int start = pos;
        char c = line.charAt(pos);
        if (isIdentStart(c)) {
            while (pos < line.length() && isIdentPart(line.charAt(pos))) {
                pos++;
            }
            return Token.of(Token.Kind.IDENT, line.substring(start, pos), start + 1);
        }
        if (c >= '0' && c <= '9') {
            return number(start);
        }
        if (c == '\'') {
            return character(start);
        }
        if (c == '"') {
            return string(start);
        }
        Token.Kind kind = switch (c) {
            case ',' -> Token.Kind.COMMA;
            case ':' -> Token.Kind.COLON;
            case '(' -> Token.Kind.LPAREN;
            case ')' -> Token.Kind.RPAREN;
            case '+' -> Token.Kind.PLUS;
            case '-' -> Token.Kind.MINUS;
            case '*' -> Token.Kind.STAR;
            case '/' -> Token.Kind.SLASH;
            default -> null;
        };
        if (kind == null) {
            throw error(start, "unexpected character '" + c + "', expected a name, number, string or one of , : ( ) + - * /");
        }
        pos++;
        return Token.of(kind, String.valueOf(c), start + 1);
    }

    static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.';
    }

    static boolean isIdentPart(char c) {
        return isIdentStart(c) || (c >= '0' && c <= '9');
    }

    /** Decimal or 0x hex, unsigned up to 2^64-1 (so 0xFFFFFFFFFFFFFFFF is -1). */
    private Token number(int start) throws AssemblyException {
        // Take the whole alphanumeric run so "12ab" is reported as one malformed number.
        while (pos < line.length() && isIdentPart(line.charAt(pos))) {
            pos++;
        }
        String text = line.substring(start, pos);
        boolean hex = text.length() > 1 && (text.charAt(1) == 'x' || text.charAt(1) == 'X') && text.charAt(0) == '0';
        String digits = hex ? text.substring(2) : text;
        int radix = hex ? 16 : 10;
        if (digits.isEmpty() || !allDigits(digits, radix)) {
            throw error(start, "malformed number '" + text + "', expected decimal digits or 0x followed by hex digits");
        }
        try {
            return Token.number(text, Long.parseUnsignedLong(digits, radix), start + 1);
        } catch (NumberFormatException e) {
            throw error(start, "number '" + text + "' is too large, expected a value that fits in 64 bits");
        }
    }

    private static boolean allDigits(String s, int radix) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.digit(s.charAt(i), radix) < 0) {
                return false;
            }
        }
        return true;
    }

    /** A character literal such as 'a' or '\n': a NUMBER token with the character's code. */
    private Token character(int start) throws AssemblyException {
        pos++; // opening quote
        if (pos >= line.length()) {
            throw error(start, "unterminated character literal, expected a character and a closing '");
        }
        if (line.charAt(pos) == '\'') {
            throw error(start, "empty character literal, expected one character such as 'a' or '\\n'");
        }
        int value;
        if (line.charAt(pos) == '\\') {
            value = escape();
        } else {
            char c = line.charAt(pos++);
            if (c > 0x7F) {
                throw error(pos - 1, "non-ASCII character '" + c + "' in character literal, expected an ASCII character or an escape such as '\\xE9'");
            }
            value = c;
        }
        if (pos >= line.length() || line.charAt(pos) != '\'') {
            throw error(start, "unterminated character literal, expected a closing ' after one character");
        }
        pos++;
        return Token.number(line.substring(start, pos), value, start + 1);
    }

    /** A string literal; characters outside ASCII are encoded as UTF-8. */
    private Token string(int start) throws AssemblyException {
        pos++; // opening quote
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        while (true) {
            if (pos >= line.length()) {
                throw error(start, "unterminated string, expected a closing '\"' on the same line");
            }
            char c = line.charAt(pos);
            if (c == '"') {
                pos++;
                break;
            }
            if (c == '\\') {
                bytes.write(escape());
            } else {
                int cp = line.codePointAt(pos);
                byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                bytes.write(utf8, 0, utf8.length);
                pos += Character.charCount(cp);
            }
        }
        return Token.string(line.substring(start, pos), bytes.toByteArray(), start + 1);
    }

    /** Reads an escape sequence at pos (the backslash) and returns its byte value. */
    private int escape() throws AssemblyException {
        int start = pos;
        pos++; // backslash
        if (pos >= line.length()) {
            throw error(start, "unfinished escape '\\', expected one of \\n \\t \\r \\0 \\\\ \\\" \\' \\xHH");
        }
        char c = line.charAt(pos++);
        switch (c) {
            case 'n':
                return '\n';
            case 't':
                return '\t';
            case 'r':
                return '\r';
            case '0':
                return 0;
            case '\\':
                return '\\';
            case '"':
                return '"';
            case '\'':
                return '\'';
            case 'x':
                if (pos + 2 <= line.length()
                        && Character.digit(line.charAt(pos), 16) >= 0
                        && Character.digit(line.charAt(pos + 1), 16) >= 0) {
                    int value = Integer.parseInt(line.substring(pos, pos + 2), 16);
                    pos += 2;
                    return value;
                }
                throw error(start, "malformed escape '\\x', expected two hex digits as in \\x41");
            default:
                throw error(start, "unknown escape '\\" + c + "', expected one of \\n \\t \\r \\0 \\\\ \\\" \\' \\xHH");
        }
    }

    private AssemblyException error(int index, String problem) {
        return new AssemblyException(new SourceLocation(file, lineNumber, index + 1), problem);
    }
}
