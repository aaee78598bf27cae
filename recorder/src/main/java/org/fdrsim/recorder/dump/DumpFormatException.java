package org.fdrsim.recorder.dump;

import org.fdrsim.cpu.text.OneLine;

/**
 * A file that is not a readable core dump: not one at all, another format version, truncated,
 * or damaged. The message is one line naming the file and the section, e.g.
 * {@code run.fdr: section 'memory' checksum mismatch (expected 0x1234abcd, got 0x0badf00d)},
 * and stays one line whatever the dump's strings or the file's name hold ({@link OneLine}).
 */
public final class DumpFormatException extends Exception {
    private final String section;

    public DumpFormatException(String message, String section) {
        super(OneLine.escape(message));
        this.section = section;
    }

    /** The section the problem is in ("header" for the file header), or null. */
    public String section() {
        return section;
    }
}
