package org.fdrsim.cpu.program;

import java.util.List;

/**
 * An assembled program: instruction memory, the initial contents of data memory, the
 * symbol table, where each instruction came from, and the entry point ({@code _start}).
 */
public record ProgramImage(
        String name,
        Code code,
        List<DataSegment> data,
        SymbolTable symbols,
        List<SourceLocation> sourceLines,
        int entry) {

    /** Label every processor starts at. */
    public static final String ENTRY_LABEL = "_start";

    /** Where instruction {@code index} was written, or null if unknown. */
    public SourceLocation locationOf(int index) {
        return index >= 0 && index < sourceLines.size() ? sourceLines.get(index) : null;
    }
}
