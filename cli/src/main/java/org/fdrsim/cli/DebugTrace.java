package org.fdrsim.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.fdrsim.cpu.text.OneLine;

/**
 * The stack trace {@code --debug} shows, with the characters of each of its lines that could
 * move or restyle a terminal escaped: a trace repeats its exception's message, and picocli's
 * messages quote the flag's value as the user typed it (an escape sequence included).
 */
final class DebugTrace {
    private DebugTrace() {
    }

    /** Prints {@code thrown}'s stack trace to {@code err}, line by line, each escaped but for a frame's leading tab. */
    static void print(Throwable thrown, PrintStream err) {
        StringWriter trace = new StringWriter();
        thrown.printStackTrace(new PrintWriter(trace));
        for (String line : trace.toString().split(System.lineSeparator())) {
            int tab = line.startsWith("\t") ? 1 : 0;
            err.println(line.substring(0, tab) + OneLine.escape(line.substring(tab)));
        }
    }
}
