package org.fdrsim.cpu.core;

/** Why an instruction could not execute. A fault stops the machine like a crash trigger. */
public enum FaultKind {
    MISALIGNED_ACCESS("misaligned access"),
    ADDRESS_OUT_OF_RANGE("address outside memory"),
    UNMAPPED_DEVICE("no device register at address"),
    BAD_DEVICE_ACCESS("device registers take 8-byte loads and stores only"),
    DIVISION_BY_ZERO("division by zero"),
    JUMP_OUTSIDE_CODE("jump outside code");

    private final String description;

    FaultKind(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
