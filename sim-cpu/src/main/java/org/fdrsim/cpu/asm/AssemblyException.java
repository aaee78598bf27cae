package org.fdrsim.cpu.asm;

import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.cpu.text.OneLine;

/**
 * A program that cannot be assembled: where the problem is and what was expected.
 *
 * <p>{@link #getMessage()} is one line, {@code file:line:column: problem}, ready to show a
 * user without a stack trace. A location with line 0 stands for the whole file (for example
 * a file that cannot be read) and prints as {@code file: problem}. Whatever the program's text
 * or file name holds, it stays one line: {@link OneLine} escapes line breaks in both.
 */
public final class AssemblyException extends Exception {
    private static final long serialVersionUID = 1L;

    private final SourceLocation location;
    private final String problem;

    public AssemblyException(SourceLocation location, String problem) {
        super(format(location, problem));
        this.location = location;
        this.problem = OneLine.escape(problem);
    }

    public AssemblyException(SourceLocation location, String problem, Throwable cause) {
        super(format(location, problem), cause);
        this.location = location;
        this.problem = OneLine.escape(problem);
    }

    /** Where the problem is; column points at the offending token. */
    public SourceLocation location() {
        return location;
    }

    /** The message without its location prefix. */
    public String problem() {
        return problem;
    }

    private static String format(SourceLocation where, String problem) {
        String prefix = where.line() <= 0 ? where.file() : where.toString();
        return OneLine.escape(prefix + ": " + problem);
    }
}
