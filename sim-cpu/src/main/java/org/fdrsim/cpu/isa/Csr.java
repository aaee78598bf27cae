package org.fdrsim.cpu.isa;

import java.util.Locale;

/** Control and status registers, read with {@code csrr} and written with {@code csrw}. */
public enum Csr {
    /** This processor's number, 0..P-1. Read-only. */
    CPUID(true),
    /** Code index of the interrupt and trap handler. */
    IVEC(false),
    /** Code index to resume at after an interrupt or trap. */
    EPC(false),
    /** Interrupt number, or 0x100 + imm for {@code trap imm}. */
    CAUSE(false),
    /** Bit 0: interrupts enabled. */
    STATUS(false),
    /** Free for the kernel, typically a per-processor pointer. */
    SCRATCH(false);

    /** Bit of {@link #STATUS} that enables interrupts. */
    public static final long STATUS_IE = 1L;
    /** Added to a {@code trap} immediate to form its cause. */
    public static final long TRAP_CAUSE_BASE = 0x100;

    private static final Csr[] VALUES = values();

    private final boolean readOnly;

    Csr(boolean readOnly) {
        this.readOnly = readOnly;
    }

    public boolean readOnly() {
        return readOnly;
    }

    public String asmName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The CSR with this assembly name (case-insensitive), or null. */
    public static Csr byName(String name) {
        for (Csr csr : VALUES) {
            if (csr.asmName().equalsIgnoreCase(name)) {
                return csr;
            }
        }
        return null;
    }

    public static Csr byNumber(int number) {
        return VALUES[number];
    }

    public static int count() {
        return VALUES.length;
    }
}
