package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fdr command as a user meets it: output, determinism, errors and exit codes. */
class CliTest {
    private static final Path EXAMPLES = Path.of("..", "examples");

    record Outcome(int status, String out, String err) {}

    static Outcome fdr(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static String example(String name) {
        return EXAMPLES.resolve(name).toString();
    }

    @Test
    void runPrintsConsoleOutputThenTheSummary() {
        Outcome o = fdr("run", example("hello.s"), "--cpus", "1");
        assertThat(o.status()).isZero();
        assertThat(o.out()).startsWith("Hello from fdrsim!\n---\nstopped: all processors halted\n");
        assertThat(o.out()).containsPattern("instructions: \\d+ \\(cpu0 \\d+\\)");
        assertThat(o.out()).containsPattern("cycles: \\d+ \\(timed memory\\)");
        assertThat(o.err()).containsPattern("host: [0-9.]+ s, [0-9.]+ MIPS");
    }

    /** log-stall.s's comment gives both runs' cycles: the recorded one waits on its input log, the other never. */
    @Test
    void logStallWaitsOnlyWhenRecorded() {
        String file = example("log-stall.s");
        Outcome plain = fdr("run", file, "--cpus", "4", "--set", "recorder.enabled=false");
        Outcome recorded = fdr("run", file, "--cpus", "4", "--set", "recorder.enabled=true");
        assertThat(plain.out()).contains("instructions: 3200012 ").contains("cycles: 800003 (timed memory)");
        assertThat(recorded.out()).contains("instructions: 3200012 ").contains("cycles: 636723206 (timed memory)");
    }

    @Test
    void racyCounterOutputDependsOnlyOnTheSeed() {
        String file = example("racy-counter.s");
        Set<String> outputs = new HashSet<>();
        for (int seed = 1; seed <= 6; seed++) {
            Outcome a = fdr("run", file, "--cpus", "4", "--memory", "ideal", "--seed", "" + seed);
            Outcome b = fdr("run", file, "--cpus", "4", "--memory", "ideal", "--seed", "" + seed);
            assertThat(a.status()).isZero();
            assertThat(a.out()).isEqualTo(b.out());
            outputs.add(a.out());
        }
        assertThat(outputs).hasSizeGreaterThan(2);
    }

    @Test
    void racyCounterVariesWithTheSeedOnTheTimedMachineToo() {
        Set<String> outputs = new HashSet<>();
        for (int seed = 1; seed <= 5; seed++) {
            Outcome a = fdr("run", example("racy-counter.s"), "--seed", "" + seed, "-q");
            assertThat(a.out()).isEqualTo(fdr("run", example("racy-counter.s"), "--seed", "" + seed, "-q").out());
            outputs.add(a.out());
        }
        assertThat(outputs).hasSizeGreaterThan(2);
    }

    @Test
    void statsAreWrittenAsJson(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("stats.json");
        Outcome o = fdr("run", example("spin-lock.s"), "--stats", "--stats-json", json.toString());
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("caches:").contains("directories:").contains("network:");
        String text = Files.readString(json);
        assertThat(text).startsWith("{").contains("\"instructions\"").contains("\"links\"");
    }

    @Test
    void configPrintsTheEffectiveSettings() {
        Outcome o = fdr("config", "--cpus", "8", "--set", "caches.l2.ways=8");
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("cpus: 8").contains("ways: 8").contains("sizeKB: 4096");
    }

    @Test
    void protocolPrintsTheTransitionTables() {
        Outcome o = fdr("protocol");
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("IS_D").contains("IM_AD").contains("| ");
    }

    @Test
    void testProtocolRunsSeedsAndReportsZeroFailures() {
        Outcome o = fdr("test-protocol", "--seeds", "3", "--ops", "20000");
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("seed 1: 20000 ops").contains("3 seeds, 60000 operations").contains(": 0 failed");
    }

    /**
     * The tester's shape flags are refused in their own names with their ranges (stop 52): a
     * --blocks or --l2-frames past what the host keeps in an int was "internal error: tester
     * crashed on seed 1" (a NegativeArraySizeException), and the others named the tester's fields.
     */
    @Test
    void testProtocolRefusesAShapePastItsRangeInTheFlagsNames() {
        String[][] asks = {
            {"--blocks", "2147483647"}, {"--l2-frames", "2147483646"}, {"--l2-frames", "3"}, {"--l1-frames", "5"},
            {"--words", "0"},
        };
        String[] said = {
            "--blocks must be 1..1048576, got 2147483647", "--l2-frames must be 2..1048576, got 2147483646",
            "--l2-frames (3) must be a multiple of --l2-ways (2)", "--l1-frames must be 1..4, got 5", "--words must be 1..8, got 0",
        };
        for (int k = 0; k < asks.length; k++) {
            Outcome o = fdr("test-protocol", "--seeds", "1", "--ops", "100", asks[k][0], asks[k][1]);
            assertThat(o.status()).as(asks[k][0]).isEqualTo(2);
            assertThat(o.err()).isEqualTo("fdr test-protocol: " + said[k] + "\n");
        }
        Outcome big = fdr("test-protocol", "--seeds", "1", "--ops", "1000", "--blocks", "1048576");
        assertThat(big.status()).isZero();
        assertThat(big.out()).contains(": 0 failed");
    }

    @Test
    void asmReportsSizeAndListsTheProgram() {
        Outcome summary = fdr("asm", example("spin-lock.s"));
        assertThat(summary.status()).isZero();
        assertThat(summary.out()).containsPattern("spin-lock.s: \\d+ instructions, \\d+ bytes of data");

        Outcome listing = fdr("asm", "--list", example("spin-lock.s"));
        assertThat(listing.status()).isZero();
        assertThat(listing.out()).contains("swap").contains("_start").contains("acquire");
    }

    @Test
    void consoleInputComesFromAFile(@TempDir Path dir) throws IOException {
        Path prog = dir.resolve("echo.s");
        Files.writeString(prog, """
                .text
            _start: li r1, 0xFFFF00000000
            next: ld r2, 16(r1)
                blt r2, zero, end
                st r2, 0(r1)
                j next
            end: halt
            """);
        Path input = dir.resolve("in.txt");
        Files.writeString(input, "typed\n");
        Outcome o = fdr("run", prog.toString(), "--cpus", "1", "--input", input.toString(), "--quiet");
        assertThat(o.status()).isZero();
        assertThat(o.out()).isEqualTo("typed\n");
    }

    @Test
    void consoleInputThatCannotBeReadIsOneLineNamingTheFileAndWhy(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.txt");
        String expected = " (expected a file of input bytes, from --input or devices.consoleInput)\n";
        Outcome run = fdr("run", example("hello.s"), "--input", missing.toString());
        assertThat(run.status()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(run.err()).isEqualTo("fdr run: cannot read console input '" + missing + "': no such file or directory" + expected);
        Outcome record = fdr("record", example("hello.s"), "-o", dir.resolve("h.fdr").toString(),
                "--set", "devices.consoleInput=" + dir);
        assertThat(record.status()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(record.err()).isEqualTo("fdr record: cannot read console input '" + dir + "': it is a directory" + expected);
        assertThat(dir.resolve("h.fdr")).doesNotExist();
    }

    @Test
    void aDumpGivenWhereAProgramIsExpectedIsNamedAsADump(@TempDir Path dir) {
        Path dump = dir.resolve("h.fdr");
        assertThat(fdr("record", example("hello.s"), "-o", dump.toString()).status()).isZero();
        for (String command : new String[] {"run", "arcs", "asm"}) {
            Outcome o = fdr(command, dump.toString());
            assertThat(o.status()).as(command).isEqualTo(ExitCodes.USER_ERROR);
            assertThat(o.err()).isEqualTo("fdr " + command + ": '" + dump + "' is a core dump, expected an assembly program"
                    + " (e.g. examples/hello.s); fdr replay, inspect, debug and view read dumps\n");
        }
    }

    @Test
    void consoleOutputCanGoToAFile(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("console.txt");
        Outcome o = fdr("run", example("hello.s"), "--console-output", out.toString());
        assertThat(o.status()).isZero();
        assertThat(o.out()).startsWith("---\nstopped: all processors halted");
        assertThat(Files.readString(out)).isEqualTo("Hello from fdrsim!\n");
    }

    @Test
    void aFaultingProgramExitsOneAndSaysWhere(@TempDir Path dir) throws IOException {
        Path prog = dir.resolve("bad.s");
        Files.writeString(prog, ".text\n_start: li r1, 3\nld r2, 0(r1)\nhalt\n");
        Outcome o = fdr("run", prog.toString());
        assertThat(o.status()).isEqualTo(1);
        assertThat(o.out()).contains("stopped: misaligned access 0x3 on cpu 0 at pc 1");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        ".text\n_start: ad r1, r2, r3\n",          // unknown mnemonic
        ".text\n_start: add r1, r2\n",              // missing operand
        ".text\nmain: halt\n",                      // no _start
        ".text\n_start: li r1, 0x\n",               // bad number
        ".data\nx: .ascii \"open\n.text\n_start: halt\n", // unterminated string
    })
    void assemblyErrorsAreOneLineWithFileLineColumn(String source, @TempDir Path dir) throws IOException {
        Path prog = dir.resolve("p.s");
        Files.writeString(prog, source);
        Outcome o = fdr("run", prog.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).containsPattern("p\\.s:\\d+:\\d+: ");
        assertThat(o.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void debugShowsTheStackTrace(@TempDir Path dir) throws IOException {
        Path prog = dir.resolve("p.s");
        Files.writeString(prog, ".text\n_start: ad r1\n");
        Outcome o = fdr("run", "--debug", prog.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("\tat ");
        // the trace first, the error's line last, for an error of the run and of the command line alike
        assertThat(o.err().strip().lines().reduce((a, b) -> b).orElseThrow()).startsWith("fdr run: " + prog);
        Outcome flag = fdr("run", "--debug", "--cpus=x", prog.toString());
        assertThat(flag.status()).isEqualTo(2);
        assertThat(flag.err()).contains("\tat ");
        assertThat(flag.err().strip().lines().reduce((a, b) -> b).orElseThrow()).startsWith("fdr run: ")
                .endsWith("(see 'fdr run --help')");
    }

    /** A whole-number flag is refused in the configuration's words, not Java's type names ("is not an int"; stop 51). */
    @Test
    void aWholeNumberFlagIsRefusedInTheConfigurationsWords() {
        Outcome o = fdr("run", "--cpus", "four", "x.s");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("fdr run: Invalid value for option '--cpus': 'four' is not a whole number"
                + " (see 'fdr run --help')\n");
        o = fdr("run", "--seed", "99999999999999999999", "x.s");
        assertThat(o.err()).isEqualTo("fdr run: Invalid value for option '--seed': '99999999999999999999' is out of range"
                + " (expected a whole number from -9223372036854775808 to 9223372036854775807) (see 'fdr run --help')\n");
        o = fdr("verify", "--runs", "2147483648");
        assertThat(o.err()).contains("'2147483648' is out of range (expected a whole number from -2147483648 to 2147483647)");
        o = fdr("test-protocol", "--ops", "1e6");
        assertThat(o.err()).contains("'1e6' is not a whole number").doesNotContain(" long");
    }

    /** A mistyped option or command names the closest real one, on the same line (stop 51). */
    @Test
    void aMistypedOptionOrCommandSuggestsTheClosestName() {
        assertThat(fdr("run", "x.s", "--cpu", "4").err())
                .isEqualTo("fdr run: Unknown options: '--cpu', '4'; did you mean --cpus? (see 'fdr run --help')\n");
        // picocli ranks --dap first (letter pairs); --dap-port is one edit closer
        assertThat(fdr("debug", "x.fdr", "--dap-prot", "3").err()).contains("; did you mean --dap-port? (see 'fdr debug --help')");
        Outcome o = fdr("inspekt", "x.fdr");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("fdr: Unmatched arguments from index 0: 'inspekt', 'x.fdr'; did you mean inspect?"
                + " (see 'fdr --help')\n");
        assertThat(fdr("run", "x.s", "--zzzzzz").err()).isEqualTo("fdr run: Unknown option: '--zzzzzz' (see 'fdr run --help')\n");
    }

    /** The trace repeats picocli's message, which quotes the flag's value: escaped there too. */
    @Test
    void debugEscapesTheTracesLines() {
        Outcome o = fdr("--debug", "run", "--cpus", "4\u001b[31m\r", "x.s");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("\tat picocli.").contains("'4\\u001b[31m\\u000d' is not a whole number")
                .doesNotContain("\u001b").doesNotContain("\r");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--cpus=x", "--bogus", "--cpus=0", "--memory=magic", "--set=memory.idealMaxSlice=0", "--set=caches.l3=1", "--config=/no/such.yaml"})
    void badFlagsAreOneLineErrors(String flag) {
        Outcome o = fdr("run", example("hello.s"), flag);
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().strip().lines()).hasSize(1);
        assertThat(o.err()).startsWith("fdr run: ").doesNotContain("\tat ");
    }

    /** A NUL in devices.consoleInput was "internal error: java.nio.file.InvalidPathException", exit 70 (stop 53). */
    @Test
    void aConsoleInputNameWithANulIsAOneLineError(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("nul.json"), "{\"devices\": {\"consoleInput\": \"a\\u0000b\"}}");
        Outcome run = fdr("run", example("hello.s"), "--config", config.toString());
        Outcome record = fdr("record", example("hello.s"), "--config", config.toString(), "-o", dir.resolve("x.fdr").toString());
        for (Outcome o : new Outcome[] {run, record}) {
            assertThat(o.status()).as(o.err()).isEqualTo(2);
            assertThat(o.err().strip().lines()).hasSize(1);
            assertThat(o.err()).contains("devices.consoleInput must name a file").contains("got 'a\\u0000b'")
                    .doesNotContain("internal error");
        }
        assertThat(dir.resolve("x.fdr")).doesNotExist();
    }

    @Test
    void aMissingFileIsAOneLineError() {
        Outcome o = fdr("asm", "no/such/file.s");
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo(
                "fdr asm: cannot read 'no/such/file.s': no such file (expected an assembly program, e.g. examples/hello.s)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"asm", "run", "help", "config", "protocol", "test-protocol"})
    void everySubcommandHasHelp(String sub) {
        Outcome o = fdr(sub, "--help");
        assertThat(o.status()).isZero();
        assertThat(o.out()).contains("Usage: fdr " + sub);
    }
}
