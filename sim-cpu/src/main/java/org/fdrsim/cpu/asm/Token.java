package org.fdrsim.cpu.asm;

/**
 * One lexical token of a source line.
 *
 * @param kind what the token is
 * @param text the token as written (used in messages)
 * @param value the value of a {@link Kind#NUMBER} (numbers and character literals)
 * @param bytes the decoded bytes of a {@link Kind#STRING}, else empty
 * @param column 1-based column of the token's first character; for {@link Kind#EOL} the
 *     column just after the last token
 */
record Token(Kind kind, String text, long value, byte[] bytes, int column) {

    private static final byte[] NO_BYTES = new byte[0];

    /** Token kinds. Identifiers cover mnemonics, registers, labels, directives and CSR names. */
    enum Kind {
        IDENT, NUMBER, STRING, COMMA, COLON, LPAREN, RPAREN, PLUS, MINUS, STAR, SLASH, EOL
    }

    static Token of(Kind kind, String text, int column) {
        return new Token(kind, text, 0, NO_BYTES, column);
    }

    static Token number(String text, long value, int column) {
        return new Token(Kind.NUMBER, text, value, NO_BYTES, column);
    }

    static Token string(String text, byte[] bytes, int column) {
        return new Token(Kind.STRING, text, 0, bytes, column);
    }

    boolean is(Kind k) {
        return kind == k;
    }

    /** How the token is shown in a message: quoted text, or "end of line". */
    String describe() {
        return kind == Kind.EOL ? "end of line" : "'" + text + "'";
    }
}
