package org.fdrsim.cpu.isa;

import java.util.Locale;

/** Register names: {@code r0}..{@code r31} and the aliases {@code zero}, {@code sp}, {@code ra}. */
public final class Registers {
    public static final int COUNT = 32;
    public static final int ZERO = 0;
    public static final int SP = 30;
    public static final int RA = 31;

    private Registers() {}

    /** The register number for a name, or -1 if the name is not a register. */
    public static int parse(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        switch (n) {
            case "zero":
                return ZERO;
            case "sp":
                return SP;
            case "ra":
                return RA;
            default:
                break;
        }
        if (n.length() < 2 || n.length() > 3 || n.charAt(0) != 'r') {
            return -1;
        }
        int value = 0;
        for (int i = 1; i < n.length(); i++) {
            char c = n.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        if (n.length() == 3 && n.charAt(1) == '0') {
            return -1; // "r05" is not a register name
        }
        return value < COUNT ? value : -1;
    }

    /** The canonical name used by the disassembler. */
    public static String name(int reg) {
        switch (reg) {
            case SP:
                return "sp";
            case RA:
                return "ra";
            default:
                return "r" + reg;
        }
    }
}
