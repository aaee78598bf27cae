package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Long runs show progress on a terminal and nothing when output goes to a file or pipe.
 * The terminal is a real pseudo-terminal from util-linux {@code script}.
 */
class ProgressTest {
    /** About a second or two of simulation: a loop of 60 million instructions. */
    private static final String LOOP = """
            _start:
                li r3, 20000000
            loop:
                addi r4, r4, 1
                blt r4, r3, loop
                halt
            """;

    @TempDir
    Path dir;

    private List<String> command(String... args) throws IOException {
        Path program = Files.writeString(dir.resolve("loop.s"), LOOP);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        cmd.replaceAll(s -> s.equals("PROGRAM") ? program.toString() : s);
        return cmd;
    }

    private static String run(List<String> cmd, boolean stderrOnly) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        if (stderrOnly) {
            pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        } else {
            pb.redirectErrorStream(true);
        }
        Process p = pb.start();
        String text = new String((stderrOnly ? p.getErrorStream() : p.getInputStream()).readAllBytes(),
                StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(text).isZero();
        return text;
    }

    /** Runs {@code cmd} on a pseudo-terminal; returns everything the terminal showed. */
    private static String onTerminal(List<String> cmd) throws IOException, InterruptedException {
        assumeThat(Files.isExecutable(Path.of("/usr/bin/script"))).as("util-linux script").isTrue();
        StringBuilder line = new StringBuilder();
        for (String s : cmd) {
            line.append('\'').append(s.replace("'", "'\\''")).append("' ");
        }
        return run(List.of("/usr/bin/script", "-qec", line.toString(), "/dev/null"), false);
    }

    @Test
    void recordAndRunShowProgressOnATerminal() throws Exception {
        for (String command : List.of("record", "run")) {
            List<String> args = command.equals("record")
                    ? command("record", "PROGRAM", "--cpus", "1", "-o", dir.resolve("loop.fdr").toString())
                    : command("run", "PROGRAM", "--cpus", "1");
            String screen = onTerminal(args);
            assertThat(screen).as(command).contains(command).contains("M instructions").contains("simulated ");
        }
    }

    @Test
    void replayShowsProgressOnATerminal() throws Exception {
        Path dump = dir.resolve("replayed.fdr");
        run(command("record", "PROGRAM", "--cpus", "2", "-o", dump.toString()), true);
        String screen = onTerminal(command("replay", dump.toString()));
        // 80 M instructions logged, replayed under the default two schedules.
        assertThat(screen).contains("replay").contains("/160 M instructions").contains("BIT-EXACT");
        String quiet = run(command("replay", dump.toString()), true);
        assertThat(quiet).doesNotContain("M instructions").doesNotContain("\r");
    }

    /** view re-executes a dump, whose summary gives the bar its end (40 M instructions here). */
    @Test
    void viewOfADumpShowsProgressThatEnds() throws Exception {
        Path dump = dir.resolve("viewed.fdr");
        run(command("record", "PROGRAM", "--cpus", "1", "-o", dump.toString()), true);
        String screen = onTerminal(command("view", dump.toString(), "--window", "0:1-10", "-o",
                dir.resolve("v.html").toString()));
        assertThat(screen).contains("view").contains("/40 M instructions").contains("replay bit-exact");
    }

    @Test
    void nothingButTheResultWhenNotOnATerminal() throws Exception {
        String err = run(command("run", "PROGRAM", "--cpus", "1"), true);
        assertThat(err).doesNotContain("M instructions").doesNotContain("\r").startsWith("host: ");
    }

    @Test
    void simulatedTimeReadsInAFittingUnit() {
        assertThat(SimulationProgress.simulatedTime(400, 4.0)).isEqualTo("100 ns");
        assertThat(SimulationProgress.simulatedTime(4_000_000, 4.0)).isEqualTo("1.0 ms");
        assertThat(SimulationProgress.simulatedTime(6_000_000_000L, 4.0)).isEqualTo("1.50 s");
    }
}
