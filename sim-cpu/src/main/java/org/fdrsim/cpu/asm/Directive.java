package org.fdrsim.cpu.asm;

import java.util.Locale;

/** The assembler directives of DESIGN.md 2.1, with their operand syntax for messages. */
enum Directive {
    TEXT(""),
    DATA(""),
    ORG("addr"),
    ALIGN("n"),
    WORD("v, ..."),
    BYTE("v, ..."),
    SPACE("n"),
    ASCII("\"text\""),
    EQU("NAME, expr"),
    INCLUDE("\"file\"");

    private static final Directive[] VALUES = values();

    private final String operands;

    Directive(String operands) {
        this.operands = operands;
    }

    /** The name as written, with its dot: {@code .word}. */
    String asmName() {
        return "." + name().toLowerCase(Locale.ROOT);
    }

    String usage() {
        return operands.isEmpty() ? asmName() + " takes no operands" : "usage: " + asmName() + " " + operands;
    }

    /** The directive with this name (including the dot, case-insensitive), or null. */
    static Directive byName(String name) {
        for (Directive d : VALUES) {
            if (d.asmName().equalsIgnoreCase(name)) {
                return d;
            }
        }
        return null;
    }

    /** ".text, .data, ..." for "expected one of" messages. */
    static String allNames() {
        StringBuilder sb = new StringBuilder();
        for (Directive d : VALUES) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(d.asmName());
        }
        return sb.toString();
    }
}
