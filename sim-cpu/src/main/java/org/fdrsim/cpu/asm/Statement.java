package org.fdrsim.cpu.asm;

import java.util.List;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.program.SourceLocation;

/**
 * The parsed form of the source, one element per label, instruction or directive, in
 * source order with includes already expanded. Operands are syntax only: expressions are
 * evaluated after layout, when every label has a value.
 */
sealed interface Statement {

    /** Where the statement (its first token) is. */
    SourceLocation where();

    /** {@code name:}. */
    record Label(String name, SourceLocation where) implements Statement {}

    /**
     * An instruction with its registers decoded; {@code imm} is null when the instruction has
     * no immediate. {@code codeTarget} marks branch and jump targets, which must be code indices.
     */
    record Instr(Opcode op, int rd, int rs1, int rs2, int rs3, Expr imm, boolean codeTarget, SourceLocation where)
            implements Statement {}

    /** {@code .text} or {@code .data}. */
    record Section(boolean data, SourceLocation where) implements Statement {}

    /** {@code .org addr}. */
    record Org(Expr address, SourceLocation where) implements Statement {}

    /** {@code .align n}. */
    record Align(Expr boundary, SourceLocation where) implements Statement {}

    /** {@code .word v, ...}: 8-byte little-endian values, aligned to 8. */
    record Words(List<Expr> values, SourceLocation where) implements Statement {}

    /** {@code .byte v, ...}. */
    record Bytes(List<Expr> values, SourceLocation where) implements Statement {}

    /** {@code .space n}. */
    record Space(Expr size, SourceLocation where) implements Statement {}

    /** {@code .ascii "...", ...}, already decoded. */
    record Ascii(byte[] text, SourceLocation where) implements Statement {}

    /** {@code .equ NAME, expr}; {@code where} is the name's location. */
    record Equ(String name, Expr value, SourceLocation where) implements Statement {}

    /** {@code .include "file"}: replaced by the file's statements while reading. */
    record Include(String file, SourceLocation where) implements Statement {}
}
