package org.fdrsim.cpu.core;

/**
 * A fatal fault: processor {@code cpu} could not execute the instruction at {@code pc},
 * which would have committed as instruction count {@code ic}. {@code value} is the
 * offending address or jump target (0 for division by zero).
 */
public record Fault(FaultKind kind, int cpu, int pc, long ic, long value) {
    public String describe() {
        String v = kind == FaultKind.DIVISION_BY_ZERO ? "" : String.format(" 0x%x", value);
        return kind.description() + v + " on cpu " + cpu + " at pc " + pc + " (instruction " + ic + ")";
    }
}
