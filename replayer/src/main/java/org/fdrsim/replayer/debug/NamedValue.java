package org.fdrsim.replayer.debug;

/** A named 64-bit value: a register, a CSR or the word at a data label (DAP variables, {@code info registers}). */
public record NamedValue(String name, long value) {
    /** {@code name = DECIMAL (0xHEX)}, the form of {@code print}. */
    public String describe() {
        return name + " = " + value + " (0x" + Long.toHexString(value) + ")";
    }
}
