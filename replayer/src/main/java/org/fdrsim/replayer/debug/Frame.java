package org.fdrsim.replayer.debug;

/**
 * One call frame of a processor, innermost first: its level, where it is (the innermost: pc;
 * a caller: its call instruction; an interrupted frame: {@code epc}) and how the frame below
 * it was entered from it ({@code CALL}, {@code TRAP}, {@code INTERRUPT}; {@code OUTERMOST} for the last).
 */
public record Frame(int level, CodePoint point, Kind kind) {
    /** How the frame was entered. */
    public enum Kind { CALL, TRAP, INTERRUPT, OUTERMOST }
}
