package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.fdrsim.results.Outputs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C as a user presses it: a real {@code fdr} process sent SIGINT. Recording stops like
 * a trigger and writes the dump of what ran; a second Ctrl-C abandons it; experiments and
 * sweeps keep their finished runs; nothing is left half-written, and the exit status is 130.
 */
class CtrlCTest {
    /** Prints a count every 200,000 iterations, forever. */
    private static final String FOREVER = """
            _start:
                li r1, 0xFFFF00000008
                li r3, 200000
            outer:
                li r4, 0
            inner:
                addi r4, r4, 1
                blt r4, r3, inner
                addi r2, r2, 1
                st r2, 0(r1)
                j outer
            """;

    /**
     * Fills 48 MB of memory first, so that the dump takes a while to build and write, then prints
     * forever; the other processors halt, so nothing is printed before the fill is done (when they
     * printed at once, a first Ctrl-C came with little memory written and the dump was written in
     * about 60 ms, and a loaded host's second Ctrl-C could come after it: 9 MB and about 200 ms now).
     */
    private static final String BIG_THEN_FOREVER = """
            _start:
                csrr r5, cpuid
                bne r5, zero, idle
                li r6, 0x100000
                li r7, 0x3100000
            fill:
                st r7, 0(r6)
                addi r6, r6, 64
                blt r6, r7, fill
            """ + FOREVER.replace("_start:", "main:") + """
            idle:
                halt
            """;

    @TempDir
    Path dir;

    /** A running fdr process whose standard output and error are collected in the background. */
    private static final class Fdr {
        final Process process;
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();

        Fdr(String... args) throws IOException {
            List<String> cmd = new ArrayList<>();
            // A build started in the background (nohup, 'cmd &' in a script) passes SIGINT on as
            // ignored, and a JVM that starts with it ignored never sees Ctrl-C. Python puts the
            // default back before starting the JVM, as an interactive shell would have it.
            Path python = Path.of("/usr/bin/python3");
            if (Files.isExecutable(python)) {
                cmd.addAll(List.of(python.toString(), "-c", "import os, signal, sys; "
                        + "signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])"));
            }
            cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), Main.class.getName()));
            cmd.addAll(List.of(args));
            process = new ProcessBuilder(cmd).start();
            pump(process.getInputStream(), out);
            pump(process.getErrorStream(), err);
        }

        private static void pump(InputStream in, ByteArrayOutputStream to) {
            Thread t = new Thread(() -> {
                byte[] buf = new byte[8192];
                try {
                    for (int n; (n = in.read(buf)) > 0; ) {
                        synchronized (to) {
                            to.write(buf, 0, n);
                        }
                    }
                } catch (IOException e) {
                    // the process ended
                }
            });
            t.setDaemon(true);
            t.start();
        }

        String out() {
            synchronized (out) {
                return out.toString(StandardCharsets.UTF_8);
            }
        }

        String err() {
            synchronized (err) {
                return err.toString(StandardCharsets.UTF_8);
            }
        }

        /** Waits until standard output contains {@code text} (the simulation is running). */
        void awaitOutput(String text) throws IOException, InterruptedException {
            await(text, false);
        }

        /** Waits until standard error contains {@code text}. */
        void awaitError(String text) throws IOException, InterruptedException {
            await(text, true);
        }

        private void await(String text, boolean stderr) throws IOException, InterruptedException {
            await("'" + text + "'", () -> (stderr ? err() : out()).contains(text));
        }

        /** Waits until {@code where} holds at least {@code count} files named {@code *suffix}. */
        void awaitFiles(Path where, String suffix, int count) throws IOException, InterruptedException {
            await(count + " files in " + where, () -> filesEndingIn(where, suffix) >= count);
        }

        /** A condition that may read files. */
        private interface Condition {
            boolean holds() throws IOException;
        }

        /** Polls {@code done} for up to 60 s while the process runs; a timeout kills it and fails. */
        private void await(String what, Condition done) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!done.holds()) {
                if (System.nanoTime() > deadline) {
                    process.destroyForcibly();
                }
                assertThat(System.nanoTime()).as("waiting for %s; stderr: %s", what, err()).isLessThan(deadline);
                assertThat(process.isAlive()).as("exited early; stderr: %s", err()).isTrue();
                Thread.sleep(20);
            }
        }

        private static long filesEndingIn(Path where, String suffix) throws IOException {
            if (!Files.isDirectory(where)) {
                return 0;
            }
            try (Stream<Path> s = Files.list(where)) {
                return s.filter(p -> p.getFileName().toString().endsWith(suffix)).count();
            }
        }

        /** Sends SIGINT {@code times} times in a row, as fast as the shell can. */
        void ctrlC(int times) throws IOException, InterruptedException {
            String pid = Long.toString(process.pid());
            StringBuilder script = new StringBuilder();
            for (int i = 0; i < times; i++) {
                script.append("kill -INT ").append(pid).append(';');
            }
            assertThat(new ProcessBuilder("sh", "-c", script.toString()).start().waitFor()).isZero();
        }

        int exit() throws InterruptedException {
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly(); // leave nothing running behind a failed test
                assertThat(false).as("still running after 120 s; stderr: %s", err()).isTrue();
            }
            Thread.sleep(100); // let the pumps drain
            return process.exitValue();
        }
    }

    private Path program() throws IOException {
        return Files.writeString(dir.resolve("forever.s"), FOREVER);
    }

    private List<String> temporaryFiles(Path where) throws IOException {
        try (Stream<Path> s = Files.walk(where)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
        }
    }

    @Test
    void recordWritesTheDumpOfWhatRanAndExits130() throws Exception {
        Path dump = dir.resolve("run.fdr");
        Fdr fdr = new Fdr("record", program().toString(), "--cpus", "2", "-o", dump.toString());
        fdr.awaitOutput("3\n");
        fdr.ctrlC(1);
        assertThat(fdr.exit()).as(fdr.err()).isEqualTo(130);
        assertThat(fdr.err()).contains("interrupted: stopping and writing the dump of what ran")
                .contains(dump + " holds the recording up to Ctrl-C");
        assertThat(fdr.out()).contains("stopped: interrupted (Ctrl-C)").contains("dump: " + dump);
        assertThat(temporaryFiles(dir)).isEmpty();
        // The dump is a recording like any other: it replays bit-exactly.
        CliTest.Outcome replay = CliTest.fdr("replay", dump.toString());
        assertThat(replay.status()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("INTERRUPTED").contains("BIT-EXACT");
    }

    @Test
    void aSecondCtrlCAbandonsTheDumpAndKeepsTheOldFile() throws Exception {
        Path dump = Files.writeString(dir.resolve("run.fdr"), "an older dump");
        Path program = Files.writeString(dir.resolve("big.s"), BIG_THEN_FOREVER);
        Fdr fdr = new Fdr("record", program.toString(), "--cpus", "2", "-o", dump.toString());
        fdr.awaitOutput("3\n");
        fdr.ctrlC(1);
        fdr.awaitError("writing the dump of what ran");
        fdr.ctrlC(1); // while the dump of 48 MB of memory is being built and written
        assertThat(fdr.exit()).isEqualTo(130);
        assertThat(Files.readString(dump)).isEqualTo("an older dump");
        assertThat(temporaryFiles(dir)).isEmpty();
    }

    @Test
    void runKeepsWhatWasPrintedInItsConsoleOutputFile() throws Exception {
        Path console = dir.resolve("console.txt");
        Fdr fdr = new Fdr("run", program().toString(), "--cpus", "1", "--console-output", console.toString());
        Thread.sleep(8000); // nothing on stdout until the end: give the JVM time to start and the loop to print
        fdr.ctrlC(1);
        assertThat(fdr.exit()).as(fdr.err()).isEqualTo(130);
        assertThat(fdr.out()).contains("stopped: interrupted (Ctrl-C)");
        assertThat(Files.readString(console)).startsWith("1\n2\n3\n");
    }

    @Test
    void experimentKeepsItsFinishedRunsAndItsOldReport() throws Exception {
        Path out = Files.createDirectory(dir.resolve("exp"));
        Files.writeString(out.resolve("report.md"), "the last report");
        // more runs than any host finishes before the Ctrl-C (a fast one ran 80 tiny runs in 6 s)
        Fdr fdr = new Fdr("experiment", "paper", "--scale", "tiny", "--runs", "400", "--workload", "oltp", "-j", "1",
                "-o", out.toString());
        fdr.awaitError("Ctrl-C keeps the finished ones");
        fdr.awaitFiles(out.resolve("runs"), ".json", 6); // three finished runs: each writes its JSON and a .host.json
        fdr.ctrlC(1);
        assertThat(fdr.exit()).as(fdr.err()).isEqualTo(130);
        assertThat(Files.readString(out.resolve("report.md"))).isEqualTo("the last report");
        JsonNode runs = Outputs.JSON.readTree(out.resolve(FinishedRuns.FILE).toFile());
        assertThat(runs.size()).as(fdr.err()).isPositive();
        assertThat(runs.get(0).path("measurement").path("instructions").asLong()).isPositive();
        assertThat(fdr.err()).contains("interrupted: " + runs.size() + " finished runs kept in");
        assertThat(temporaryFiles(dir)).isEmpty();
    }

    @Test
    void sweepKeepsItsOldReportAndLeavesNoTemporaryFile() throws Exception {
        Path out = Files.createDirectory(dir.resolve("sweep"));
        Files.writeString(out.resolve("report.md"), "the last sweep");
        Fdr fdr = new Fdr("sweep", "--workload", "oltp", "--scale", "tiny", "--runs", "20", "--param",
                "cpus=2,4", "-j", "1", "-o", out.toString());
        fdr.awaitError("fdr sweep: 80 runs; Ctrl-C keeps the finished ones in");
        fdr.ctrlC(1);
        assertThat(fdr.exit()).as(fdr.err()).isEqualTo(130);
        assertThat(Files.readString(out.resolve("report.md"))).isEqualTo("the last sweep");
        assertThat(out.resolve(FinishedRuns.FILE)).exists();
        assertThat(temporaryFiles(dir)).isEmpty();
    }
}
