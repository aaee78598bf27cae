package org.fdrsim.cpu.asm;

import org.fdrsim.cpu.isa.Registers;

/**
 * Parses an expression from a {@link TokenCursor}: {@code + -} below {@code * /}, both left
 * associative, unary minus (and plus), parentheses, numbers and names. Stops at the first
 * token that cannot continue the expression, so {@code 8(r2)} leaves {@code (r2)} unread.
 */
final class ExpressionParser {
    private final TokenCursor in;
    private final String what;

    private ExpressionParser(TokenCursor in, String what) {
        this.in = in;
        this.what = what;
    }

    /**
     * Parses one expression.
     *
     * @param what what the operand is, for messages ("an expression", "a code label")
     * @param usage the statement's operand syntax for "missing operand" messages, or null
     */
    static Expr parse(TokenCursor in, String what, String usage) throws AssemblyException {
        return new ExpressionParser(in, what).operand(usage);
    }

    private Expr operand(String usage) throws AssemblyException {
        if (!startsOperand(in.peek())) {
            Token t = in.peek();
            if (isRegister(t)) {
                throw in.error(t, "expected " + what + " after " + in.previous().describe() + " but found register " + t.describe());
            }
            throw in.expected(what, usage);
        }
        return sum();
    }

    private static boolean startsOperand(Token t) {
        return switch (t.kind()) {
            case NUMBER, LPAREN, MINUS, PLUS -> true;
            case IDENT -> !isRegister(t);
            default -> false;
        };
    }

    private static boolean isRegister(Token t) {
        return t.is(Token.Kind.IDENT) && Registers.parse(t.text()) >= 0;
    }

    private Expr sum() throws AssemblyException {
        Expr left = product();
        while (in.at(Token.Kind.PLUS) || in.at(Token.Kind.MINUS)) {
            Token op = in.next();
            left = new Expr.Binary(op.text().charAt(0), left, product(), in.locationOf(op));
        }
        return left;
    }

    private Expr product() throws AssemblyException {
        Expr left = unary();
        while (in.at(Token.Kind.STAR) || in.at(Token.Kind.SLASH)) {
            Token op = in.next();
            left = new Expr.Binary(op.text().charAt(0), left, unary(), in.locationOf(op));
        }
        return left;
    }

    private Expr unary() throws AssemblyException {
        if (in.at(Token.Kind.MINUS)) {
            Token minus = in.next();
            return new Expr.Negate(unary(), in.locationOf(minus));
        }
        if (in.accept(Token.Kind.PLUS)) {
            return unary();
        }
        return primary();
    }

    private Expr primary() throws AssemblyException {
        Token t = in.peek();
        switch (t.kind()) {
            case NUMBER:
                in.next();
                return new Expr.Num(t.value(), in.locationOf(t));
            case IDENT:
                if (isRegister(t)) {
                    throw in.error(t, "expected a number or name after " + in.previous().describe() + " but found register " + t.describe());
                }
                in.next();
                return new Expr.Name(t.text(), in.locationOf(t));
            case LPAREN:
                in.next();
                Expr inner = sum();
                if (!in.at(Token.Kind.RPAREN)) {
                    throw in.expected("')' to close the '(' at column " + t.column(), null);
                }
                in.next();
                return inner;
            default:
                throw in.expected("a number or name", null);
        }
    }
}
