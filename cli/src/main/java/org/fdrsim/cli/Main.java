package org.fdrsim.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.fdrsim.cpu.text.OneLine;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code fdr} command: entry point and error handling shared by every subcommand. */
@Command(
        name = "fdr",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "fdrsim: a simulator of the Flight Data Recorder multiprocessor (Xu, Bodik, Hill, ISCA 2003).",
        subcommands = {AsmCommand.class, RunCommand.class, ConfigCommand.class, ProtocolCommand.class,
                TestProtocolCommand.class, ArcsCommand.class, ViewCommand.class, RecordCommand.class, InspectCommand.class, ReplayCommand.class, DebugCommand.class, VerifyCommand.class, DemoCommand.class,
                ExperimentCommand.class, SweepCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Show stack traces of errors.")
    boolean debug;

    final PrintStream out;
    final PrintStream err;

    Main(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public void run() {
        // "fdr" alone: show what there is.
        new CommandLine(this).usage(out);
    }

    public static void main(String[] args) {
        System.exit(execute(args, System.out, System.err));
    }

    /** Runs the command line {@code args}, writing to the given streams; returns the exit status. */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        Main main = new Main(out, err);
        CommandLine cmd = new CommandLine(main);
        WholeNumbers.register(cmd); // after the subcommands are added, so that they have them too
        // Wide enough that setting names (caches.l2.sizeKB) are not broken at their dots;
        // wider still on a wider terminal.
        cmd.setUsageHelpWidth(110);
        cmd.setUsageHelpAutoWidth(true);
        cmd.setUsageHelpLongOptionsMaxWidth(28);
        cmd.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cmd.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        // With --debug the stack trace comes first, so that the last line is the error's own, as without.
        cmd.setParameterExceptionHandler((ex, arguments) -> {
            String name = ex.getCommandLine().getCommandSpec().qualifiedName();
            if (main.debug) {
                DebugTrace.print(ex, err);
            }
            // picocli quotes the flag's value, which may hold a line break
            err.println(name + ": " + OneLine.escape(ex.getMessage()) + Suggestions.of(ex) + " (see '" + name + " --help')");
            return ExitCodes.USER_ERROR;
        });
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            String name = commandLine.getCommandSpec().qualifiedName();
            if (main.debug) {
                DebugTrace.print(ex, err);
            }
            if (ex instanceof UserError) {
                err.println(name + ": " + ex.getMessage());
                return ExitCodes.USER_ERROR;
            }
            // A file that cannot be read or written (disk full, permissions): the user's to fix.
            IOException io = ex instanceof IOException e ? e : ex instanceof UncheckedIOException u ? u.getCause() : null;
            if (io != null) {
                err.println(name + ": " + OneLine.escape(OutputPaths.describe(io)));
                return ExitCodes.USER_ERROR;
            }
            err.println(name + ": internal error: " + OneLine.escape(String.valueOf(ex))
                    + (main.debug ? "" : " (run again with --debug for details)"));
            return ExitCodes.INTERNAL_ERROR;
        });
        String unreadable = ArgumentFiles.refusal(cmd, args); // picocli reads @FILE before any handler of ours runs
        if (unreadable != null) {
            err.println(unreadable);
            return ExitCodes.USER_ERROR;
        }
        return cmd.execute(args);
    }
}
