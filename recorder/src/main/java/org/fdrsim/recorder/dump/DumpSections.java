package org.fdrsim.recorder.dump;

import java.nio.charset.StandardCharsets;

/** Section tags and names of the dump format (docs/dump-format.md). */
final class DumpSections {
    static final byte[] MAGIC = "FDRDUMP\0".getBytes(StandardCharsets.US_ASCII);
    static final String META = "META";
    static final String CONFIG = "CONF";
    static final String PROGRAM = "PROG";
    static final String MEMORY = "MEMO";
    static final String CHECKPOINT = "CKPT";
    static final String FINAL = "FINL";
    static final String TRIGGER = "TRIG";
    static final String SUMMARY = "SUMM";
    /** Optional, between SUMM and END: the validation trace of {@code fdr record --validate}. */
    static final String VALIDATION = "VALD";
    /** Optional, after VALD (if any) and before END: the console input the run was given. */
    static final String CONSOLE_INPUT = "CINP";
    static final String END = "END ";
    /** Section header: 4-byte tag, 8-byte payload length, 4-byte CRC32. */
    static final int HEADER_BYTES = 16;

    private DumpSections() {}

    /** The name an error message uses for a section. */
    static String name(String tag, int checkpointIndex) {
        return switch (tag) {
            case META -> "meta";
            case CONFIG -> "config";
            case PROGRAM -> "program";
            case MEMORY -> "memory";
            case CHECKPOINT -> "checkpoint " + checkpointIndex;
            case FINAL -> "final";
            case TRIGGER -> "trigger";
            case SUMMARY -> "summary";
            case VALIDATION -> "validation";
            case CONSOLE_INPUT -> "console input";
            case END -> "end";
            default -> tag;
        };
    }
}
