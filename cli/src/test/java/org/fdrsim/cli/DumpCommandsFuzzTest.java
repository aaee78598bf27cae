package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.recorder.dump.DumpFormatException;
import org.fdrsim.replayer.DumpBudget;
import org.fdrsim.replayer.DumpEdits;
import org.fdrsim.replayer.SectionSeals;
import org.fdrsim.replayer.SoundDumps;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzz target for every command that reads a core dump, as a user runs it: any
 * bytes, with every section's CRC recomputed ({@link SectionSeals}) so that mutations reach the
 * parsers, written to a file and given to {@code fdr inspect}, {@code fdr replay} (from the
 * oldest and from the second checkpoint), {@code fdr view -o} and {@code fdr debug} with a few
 * commands that step, go to the end, go back and read. {@code DumpReplayFuzzTest} holds the
 * reader and the replayer to their property; this one holds what the commands build on a dump the
 * reader accepts (the description, the page, the debugger's session and its views): each run has
 * {@link CommandOutcome}'s property (a documented status, never an internal error, no stack trace
 * or Java words, one-line refusals). A dump the reader refuses is refused by {@code inspect}
 * and {@code replay} alike, status 2, naming the file.
 *
 * <p>Dumps that declare more than 2,000,000 instructions are read but only inspected: replaying a
 * long (real or forged) recording is slow, not wrong. Seeds (dumps recorded with this build) and
 * findings: {@code src/test/resources/org/fdrsim/cli/DumpCommandsFuzzTestInputs/commands/}; the
 * inputs of {@link #edit} in {@code .../edit/}.
 */
class DumpCommandsFuzzTest {
    private static final Path DIR = directory();
    private static final Path DUMP = DIR.resolve("fuzz.fdr");
    private static final Path PAGE = DIR.resolve("fuzz.html");
    /** The sound dumps among the inputs of {@link #commands}. */
    private static final SoundDumps SOUND = new SoundDumps(DumpCommandsFuzzTest.class,
            "DumpCommandsFuzzTestInputs/commands");
    private static final String[] DEBUGGER = {"info cpus", "stepi 3", "info arcs", "x/4 0", "backtrace", "list",
        "goto end", "info logs", "reverse-stepi 2", "info registers"};

    @FuzzTest(maxDuration = "10m")
    @Timeout(60)
    void commands(byte[] input) throws IOException {
        commandsOn(SectionSeals.reseal(input));
    }

    /**
     * The same property over dumps that stay dumps ({@link DumpEdits} of a sound one): logs that
     * decompress and say something else, checkpoints rearranged, states and counts changed, which
     * the raw bytes of {@link #commands} seldom reach past the LZ4 blocks.
     */
    @FuzzTest(maxDuration = "10m")
    @Timeout(60)
    void edit(FuzzedDataProvider data) throws IOException {
        commandsOn(CoreDumpWriter.toBytes(DumpEdits.apply(SOUND.pick(data), data).dump()));
    }

    /** Every command on the dump {@code sealed}. */
    private static void commandsOn(byte[] sealed) throws IOException {
        Files.write(DUMP, sealed);
        Files.deleteIfExists(PAGE);
        String given = new String(sealed, StandardCharsets.ISO_8859_1); // a message may quote the dump's strings
        CoreDump dump;
        try {
            dump = CoreDumpReader.read(sealed, DUMP.toString());
        } catch (DumpFormatException e) {
            for (String command : new String[] {"inspect", "replay"}) {
                CommandOutcome o = run(given, command, DUMP.toString());
                assertThat(o.status()).as("fdr %s of a dump the reader refuses; stderr: %s", command, o.err())
                        .isEqualTo(ExitCodes.USER_ERROR);
                assertThat(o.err()).as("fdr %s's refusal", command).contains(DUMP.getFileName().toString());
            }
            return;
        }
        run(given, "inspect", DUMP.toString());
        if (DumpBudget.declaredInstructions(dump) > DumpBudget.REPLAY_LIMIT) {
            return;
        }
        run(given, "replay", DUMP.toString());
        run(given, "replay", DUMP.toString(), "--from-checkpoint", "1", "--schedules", "1");
        run(given, "view", DUMP.toString(), "-o", PAGE.toString());
        String[] debug = new String[2 + 2 * DEBUGGER.length];
        debug[0] = "debug";
        debug[1] = DUMP.toString();
        for (int i = 0; i < DEBUGGER.length; i++) {
            debug[2 + 2 * i] = "-ex";
            debug[3 + 2 * i] = DEBUGGER[i];
        }
        run(given, debug);
    }

    /** {@code fdr args...}, held to {@link CommandOutcome}'s property. */
    private static CommandOutcome run(String given, String... args) {
        CommandOutcome o = CommandOutcome.of(args);
        o.check(List.of(args), "fdr " + args[0], given);
        return o;
    }

    private static Path directory() {
        try {
            Path dir = Files.createTempDirectory("fdr-dump-fuzz");
            dir.toFile().deleteOnExit();
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
