package org.fdrsim.cpu.program;

/** A place in assembly source: file name as given, 1-based line and column. */
public record SourceLocation(String file, int line, int column) {
    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
