package org.fdrsim.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.fdrsim.cpu.text.OneLine;
import picocli.CommandLine;

/**
 * picocli's argument files: an argument {@code @FILE} naming a file that exists is replaced by
 * the arguments written in it (docs/cli.md, "Argument files"); one naming nothing stays as it
 * is, and {@code @@x} is the argument {@code @x}. A directory makes picocli print its own stack
 * trace before any handler of ours runs, so it is refused here first, in one line (also when an
 * argument file names it); so is a file that cannot be read, which picocli would silently take
 * as a plain argument.
 */
final class ArgumentFiles {
    /** How picocli's message starts; the file's name follows. */
    private static final String PICOCLI = "Could not read argument file @";

    private ArgumentFiles() {}

    /**
     * The one-line refusal of the first argument file of {@code args} that picocli cannot read,
     * or null. A directory, on the command line or named inside an argument file (picocli expands
     * them within each other), is found by letting picocli parse {@code args}: options are reset
     * at each parse, so the command's own parse is unaffected. A file that cannot be read, which
     * picocli takes as a plain argument, is looked for on the command line.
     */
    static String refusal(CommandLine cmd, String[] args) {
        try {
            cmd.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            // the command's own parse reports it
        } catch (CommandLine.InitializationException e) {
            Throwable failed = e; // the file that names the unreadable one wraps its exception
            while (failed.getCause() instanceof CommandLine.InitializationException inner && isUnreadable(inner)) {
                failed = inner;
            }
            if (!isUnreadable(failed)) {
                throw e;
            }
            String name = failed.getMessage().substring(PICOCLI.length());
            String reason = reason(name);
            return refusal(name, reason != null ? reason : "cannot be read");
        }
        for (String arg : args) {
            if (arg.length() < 2 || arg.charAt(0) != '@' || arg.charAt(1) == '@') {
                continue; // "@" alone is an argument, "@@x" picocli's escape for the argument "@x"
            }
            String name = arg.substring(1);
            String reason = reason(name);
            if (reason != null) {
                return refusal(name, reason);
            }
        }
        return null;
    }

    private static String refusal(String name, String reason) {
        return "fdr: cannot read the argument file '" + OneLine.escape(name) + "': " + reason
                + " (an argument starting with @ names a file of arguments; see docs/cli.md)";
    }

    private static boolean isUnreadable(Throwable e) {
        return e.getMessage() != null && e.getMessage().startsWith(PICOCLI);
    }

    /** Why picocli could not read {@code name}, or null when it can (or it names nothing: a plain argument then). */
    private static String reason(String name) {
        Path file;
        try {
            file = Path.of(name);
        } catch (InvalidPathException e) {
            return null; // no such file can exist: picocli keeps the argument as it is
        }
        if (Files.isDirectory(file)) {
            return "it is a directory";
        }
        if (Files.exists(file) && !Files.isReadable(file)) {
            return "permission denied";
        }
        return null;
    }
}
