package org.fdrsim.cpu.program;

/** A name defined by a program: a code label, a data label or an {@code .equ} constant. */
public record Symbol(String name, Kind kind, long value) {

    /** What a symbol's value means. */
    public enum Kind {
        /** A code index (labels in {@code .text}). */
        TEXT,
        /** A data address (labels in {@code .data}). */
        DATA,
        /** A number defined with {@code .equ}. */
        CONSTANT
    }
}
