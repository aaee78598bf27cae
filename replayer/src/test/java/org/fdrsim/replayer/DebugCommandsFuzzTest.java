package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.DumpFormatException;
import org.fdrsim.replayer.debug.DebugCommands;
import org.fdrsim.replayer.debug.DebugSession;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzz target for the replay debugger's command language (what a terminal,
 * {@code --batch} file, {@code -ex} or a DAP REPL sends): any bytes, taken as up to 24 command
 * lines, run against a session on a sound dump (racy-counter on 4 processors). Every command
 * succeeds or is refused with one line, and no output line holds a control character of the
 * command's; none throws, none makes the sound replay diverge; and
 * whatever the commands did (breakpoints patched into the code, motions back and forth,
 * snapshots), deleting every breakpoint and going to the end reaches the same state as a
 * session no one debugged.
 *
 * <p>Seeds (command scripts) and findings:
 * {@code src/test/resources/org/fdrsim/replayer/DebugCommandsFuzzTestInputs/run/}.
 */
class DebugCommandsFuzzTest {
    private static final int MAX_LINES = 24;
    private static final CoreDump DUMP = read("seed-racy");
    /** The end state of the undebugged replay, taken from a session that only went to the end. */
    private static final long END_STATE;

    static {
        DebugSession plain = DebugSession.open(DUMP, 0);
        plain.goToEnd();
        END_STATE = plain.stateHash();
    }

    @FuzzTest(maxDuration = "10m")
    @Timeout(20)
    void run(byte[] input) {
        DebugSession session = DebugSession.open(DUMP, 0);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        DebugCommands commands = new DebugCommands(session, out, name -> null);
        String[] lines = new String(input, StandardCharsets.UTF_8).split("\n", MAX_LINES + 1);
        for (int i = 0; i < Math.min(lines.length, MAX_LINES); i++) {
            bytes.reset();
            int status = commands.execute(lines[i]);
            String printed = bytes.toString(StandardCharsets.UTF_8);
            assertThat(status).as("status of '%s': %s", lines[i], printed).isIn(DebugCommands.OK, DebugCommands.BAD_COMMAND);
            // Whatever the command quotes back, its output's lines hold no control character.
            assertThat(printed.replace(System.lineSeparator(), "")).as("output of '%s'", lines[i])
                    .doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}]");
            if (status == DebugCommands.BAD_COMMAND) {
                assertThat(printed).as("refusal of '%s'", lines[i]).endsWith(System.lineSeparator());
                assertThat(printed.strip()).isNotEmpty().doesNotContain(System.lineSeparator());
            }
        }
        session.deleteAll();
        session.goToEnd();
        assertThat(session.problem()).isNull();
        assertThat(session.stateHash()).as("the end state after the commands").isEqualTo(END_STATE);
    }

    private static CoreDump read(String seed) {
        Path file = Path.of("src", "test", "resources", "org", "fdrsim", "replayer", "DumpReplayFuzzTestInputs",
                "readAndReplay", seed);
        try {
            return CoreDumpReader.read(Files.readAllBytes(file), seed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (DumpFormatException e) {
            throw new IllegalStateException("the seed dump is sound", e);
        }
    }
}
