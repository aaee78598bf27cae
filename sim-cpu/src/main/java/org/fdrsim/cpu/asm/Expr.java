package org.fdrsim.cpu.asm;

import org.fdrsim.cpu.program.SourceLocation;

/**
 * A parsed expression over numbers, labels and {@code .equ} names. Expressions are kept as
 * trees until pass 2 because they may name labels defined further down.
 */
sealed interface Expr {

    /** Where the expression starts, for messages about the whole expression. */
    SourceLocation start();

    /** A number or character literal. */
    record Num(long value, SourceLocation start) implements Expr {}

    /** A label or constant name. */
    record Name(String name, SourceLocation start) implements Expr {}

    /** Unary minus. */
    record Negate(Expr operand, SourceLocation start) implements Expr {}

    /** {@code left op right} with op one of + - * /; {@code where} is the operator's location. */
    record Binary(char op, Expr left, Expr right, SourceLocation where) implements Expr {
        @Override
        public SourceLocation start() {
            return left.start();
        }
    }
}
