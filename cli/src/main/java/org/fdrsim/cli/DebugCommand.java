package org.fdrsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fdrsim.cpu.text.Blanks;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.replayer.debug.DebugCommands;
import org.fdrsim.replayer.debug.DebugSession;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.completer.StringsCompleter;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr debug run.fdr}: the replay debugger (docs/debugger.md). Interactive with line
 * editing, history and completion (JLine), or non-interactive with {@code --batch FILE} and
 * {@code -ex CMD}, whose exit status is the last command's.
 */
@Command(name = "debug", footerHeading = "%nExamples:%n", footer = {"  fdr debug run.fdr",
        "  fdr debug run.fdr -ex 'watch counter' -ex 'goto end' -ex reverse-continue -ex 'info arcs'"},
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Debug a replay: step, break, watch, print, trace and run backwards over the recorded execution.",
                "With --batch or -ex: exit status of the last command (0 ok, 2 bad command, 3 the replay diverged)."})
final class DebugCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Mixin
    ReplayStart start = new ReplayStart();

    @Option(names = "--batch", paramLabel = "FILE", description = "Run the commands of FILE (one a line), then exit.")
    Path batch;

    @Option(names = "-ex", paramLabel = "CMD", description = "Run CMD (repeatable; after --batch), then exit.")
    List<String> commands = new ArrayList<>();

    @Mixin
    DapOptions dap = new DapOptions();

    @Override
    public Integer call() {
        List<String> lines = batchLines(); // a bad --batch file is refused before the dump is opened
        CoreDump dump = DumpLoader.load(start.file);
        DebugSession session;
        try {
            session = DebugSession.open(dump, start.from);
        } catch (IllegalArgumentException e) {
            throw new UserError("--from-checkpoint: " + e.getMessage(), e);
        }
        DebugCommands cmds = new DebugCommands(session, main.out, this::sourceLines);
        if (dap.requested()) {
            // Before anything is printed: with --dap, stdout carries only the protocol.
            if (batch != null || !commands.isEmpty()) {
                throw new UserError("--dap/--dap-port and --batch/-ex: choose one");
            }
            return dap.serve(session, System.in, main.out, main.err, main.debug);
        }
        main.out.println(session.where(session.focus()).line());
        if (batch == null && commands.isEmpty()) {
            return interactive(cmds);
        }
        lines.addAll(commands);
        int status = ExitCodes.OK;
        for (String line : lines) {
            // spaces and tabs only: a line of U+001C (which strip() takes for space) is a command, refused
            String command = Blanks.strip(line);
            if (command.isEmpty() || command.startsWith("#")) {
                continue;
            }
            main.out.println("(fdr) " + OneLine.escape(command));
            status = cmds.execute(line);
        }
        return status;
    }

    /** The lines of the --batch file (none without one). */
    private List<String> batchLines() {
        if (batch == null) {
            return new ArrayList<>();
        }
        byte[] text = InputFiles.bytes(batch, "--batch: cannot read ", "a file of debugger commands");
        return new ArrayList<>(new String(text, StandardCharsets.UTF_8).lines().toList());
    }

    private int interactive(DebugCommands cmds) {
        List<String> words = new ArrayList<>(DebugCommands.names());
        words.add("quit");
        // dumb(true) lets JLine fall back to a plain terminal without its logged warning when
        // commands come from a pipe (it still uses the system terminal when there is one).
        try (Terminal terminal = TerminalBuilder.builder().dumb(true).build()) {
            LineReader reader = LineReaderBuilder.builder().appName("fdr debug").terminal(terminal)
                    .completer(new StringsCompleter(words)).build();
            while (true) {
                String line;
                try {
                    line = reader.readLine("(fdr) ");
                } catch (UserInterruptException e) {
                    continue;
                } catch (EndOfFileException e) {
                    return ExitCodes.OK;
                }
                String l = Blanks.strip(line); // as --batch: a control character at an end is refused, not dropped
                if (l.equals("quit") || l.equals("q")) {
                    return ExitCodes.OK;
                }
                cmds.execute(l);
                main.out.flush();
            }
        } catch (IOException e) {
            throw new UserError("the interactive debugger's terminal failed: " + e.getMessage()
                    + " (expected a terminal or piped commands; --batch FILE reads commands from a file)", e);
        }
    }

    /** A source file of the line table: as named, or beside the dump; null if neither is readable. */
    private List<String> sourceLines(String name) {
        for (Path p : new Path[] {Path.of(name), start.file.toAbsolutePath().resolveSibling(Path.of(name).getFileName())}) {
            try {
                if (Files.isRegularFile(p)) {
                    return Files.readAllLines(p);
                }
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
        return null;
    }
}
