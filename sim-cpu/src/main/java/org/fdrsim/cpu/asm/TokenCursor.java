package org.fdrsim.cpu.asm;

import java.util.List;
import org.fdrsim.cpu.program.SourceLocation;

/**
 * Reads the tokens of one source line front to back and builds error messages that point
 * at a token. The last token is always {@link Token.Kind#EOL}, so peeking never runs off
 * the end.
 */
final class TokenCursor {
    private final String file;
    private final int line;
    private final List<Token> tokens;
    private int pos;

    TokenCursor(String file, int line, List<Token> tokens) {
        this.file = file;
        this.line = line;
        this.tokens = tokens;
    }

    Token peek() {
        return peek(0);
    }

    /** The token {@code ahead} positions on, or EOL past the end. */
    Token peek(int ahead) {
        return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
    }

    Token next() {
        Token t = peek();
        if (pos < tokens.size() - 1) {
            pos++;
        }
        return t;
    }

    /** The last token consumed; used to say "after ','" in messages. */
    Token previous() {
        return tokens.get(Math.max(pos - 1, 0));
    }

    boolean at(Token.Kind kind) {
        return peek().is(kind);
    }

    /** Consumes the next token if it has this kind. */
    boolean accept(Token.Kind kind) {
        if (at(kind)) {
            next();
            return true;
        }
        return false;
    }

    SourceLocation locationOf(Token t) {
        return new SourceLocation(file, line, t.column());
    }

    AssemblyException error(Token at, String problem) {
        return new AssemblyException(locationOf(at), problem);
    }

    /**
     * The standard complaint about the next token: "missing operand, expected X after 'p'"
     * at the end of the line of a statement with operand syntax {@code usage}, else
     * "expected X after 'p' but found 't'".
     */
    AssemblyException expected(String what, String usage) {
        Token found = peek();
        String after = " after " + previous().describe();
        if (found.is(Token.Kind.EOL) && usage != null) {
            return error(found, "missing operand, expected " + what + after + hint(usage));
        }
        return error(found, "expected " + what + after + " but found " + found.describe());
    }

    /** Checks that the statement is complete; anything left is an extra operand. */
    void expectEnd(String usage) throws AssemblyException {
        Token t = peek();
        if (t.is(Token.Kind.EOL)) {
            return;
        }
        if (t.is(Token.Kind.COMMA)) {
            Token extra = peek(1);
            if (extra.is(Token.Kind.EOL)) {
                throw error(t, "unexpected ',' at the end of the line, expected no more operands" + hint(usage));
            }
            throw error(extra, "extra operand " + extra.describe() + ", expected end of line" + hint(usage));
        }
        throw error(t, "unexpected " + t.describe() + " after " + previous().describe() + ", expected end of line" + hint(usage));
    }

    /** Checks that a statement that takes no operands has none. */
    void expectNoOperands(String usage) throws AssemblyException {
        Token t = peek();
        if (!t.is(Token.Kind.EOL)) {
            throw error(t, "extra operand " + t.describe() + ", expected end of line" + hint(usage));
        }
    }

    private static String hint(String usage) {
        return usage == null ? "" : " (" + usage + ")";
    }
}
