package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.fdrsim.cli.CliTest.example;
import static org.fdrsim.cli.CliTest.fdr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every output path is checked before anything is simulated: a path that cannot be written
 * is refused with one line and exit 2, and nothing runs (no console output, no summary).
 */
class OutputPathsTest {
    @TempDir
    Path dir;

    private static void refused(CliTest.Outcome o, String flag, String why) {
        assertThat(o.status()).as(o.err()).isEqualTo(2);
        assertThat(o.out()).as("nothing ran").isEmpty();
        assertThat(o.err().strip()).doesNotContain("\n").contains(flag + ": cannot write").contains(why)
                .doesNotContain("internal error");
    }

    @Test
    void recordRefusesADirectoryAsItsDump() {
        refused(fdr("record", example("racy-counter.s"), "-o", dir.toString()), "--output", "is a directory");
    }

    @Test
    void recordRefusesADumpInsideARegularFile() throws IOException {
        Path file = Files.writeString(dir.resolve("notes.txt"), "x");
        refused(fdr("record", example("racy-counter.s"), "-o", file.resolve("run.fdr").toString()), "--output",
                "is not a directory");
    }

    @Test
    void recordRefusesAFileSystemThatTakesNoFiles() {
        // /proc refuses new files even to root, which passes every permission check.
        refused(fdr("record", example("racy-counter.s"), "-o", "/proc/fdrsim-test/run.fdr"), "--output",
                "cannot create files in '/proc'");
    }

    @Test
    void runRefusesItsStatsJsonAndConsoleOutputBeforeRunning() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "x");
        refused(fdr("run", example("racy-counter.s"), "--stats-json", file.resolve("s.json").toString()),
                "--stats-json", "is not a directory");
        refused(fdr("run", example("racy-counter.s"), "--console-output", dir.toString()), "--console-output",
                "is a directory");
    }

    @Test
    void experimentAndSweepRefuseAnOutputThatIsAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "x");
        refused(fdr("experiment", "paper", "--scale", "tiny", "--runs", "1", "--workload", "oltp", "-o",
                file.toString()), "--output", "not a directory");
        refused(fdr("sweep", "--workload", "random-tester", "--scale", "tiny", "--runs", "1", "--param",
                "cpus=2", "-o", "/proc/fdrsim-sweep"), "--output", "cannot create files");
        refused(fdr("sweep", "--workload", "random-tester", "--scale", "tiny", "--param", "cpus=2",
                "--emit-slurm", file.toString()), "--emit-slurm", "not a directory");
    }

    /** An empty name (an unset shell variable, {@code -o "$OUT"}) once read as the working directory. */
    @Test
    void anEmptyNameIsRefusedAsEmpty() {
        String[][] asks = {
            {"record", example("racy-counter.s"), "-o", ""},
            {"run", example("racy-counter.s"), "--stats-json", ""},
            {"sweep", "--workload", "random-tester", "--scale", "tiny", "--param", "cpus=2", "-o", ""},
        };
        for (String[] ask : asks) {
            CliTest.Outcome o = fdr(ask);
            assertThat(o.status()).as(o.err()).isEqualTo(2);
            assertThat(o.out()).as("nothing ran").isEmpty();
            assertThat(o.err()).matches("fdr [a-z]+: --[a-z-]+: expected a (file|directory) name, got an empty one\\n");
        }
    }

    /**
     * An output named like a file the command reads once replaced it at the run's end: {@code fdr
     * record prog.s -o prog.s} left a dump where the source had been. However the name is spelt
     * (another path, a link), the output is refused and the input is left as it was.
     */
    @Test
    void anOutputIsRefusedWhenItIsAFileTheCommandReads() throws IOException {
        Path program = Files.copy(Path.of(example("message-passing.s")), dir.resolve("mp.s"));
        String source = Files.readString(program);
        Path link = Files.createSymbolicLink(dir.resolve("link.s"), program);
        Path hard = Files.createLink(dir.resolve("hard.s"), program);
        Path config = Files.writeString(dir.resolve("c.yaml"), "cpus: 2\n");
        Path input = Files.writeString(dir.resolve("in.txt"), "typed\n");
        Object[][] asks = {
            {new String[] {"record", program.toString(), "--cpus", "2", "-o", program.toString()}, "--output",
                "it is the program this command reads (expected another file name)"},
            {new String[] {"record", program.toString(), "--cpus", "2", "-o", link.toString()}, "--output",
                "it is the program this command reads"},
            {new String[] {"record", program.toString(), "--cpus", "2", "-o", hard.toString()}, "--output",
                "it is the program this command reads"},
            {new String[] {"record", program.toString(), "-c", config.toString(), "-o",
                dir.resolve(".").resolve("c.yaml").toString()}, "--output", "it is the configuration this command reads"},
            {new String[] {"record", program.toString(), "--cpus", "2", "--set", "devices.consoleInput=" + input, "-o",
                input.toString()}, "--output", "it is the console input this command reads"},
            {new String[] {"view", program.toString(), "--cpus", "2", "-o", program.toString()}, "--output",
                "it is the program this command reads"},
            {new String[] {"run", program.toString(), "--cpus", "2", "--console-output", program.toString()},
                "--console-output", "it is the program this command reads"},
            {new String[] {"run", program.toString(), "--cpus", "2", "--input", input.toString(), "--console-output",
                input.toString()}, "--console-output", "it is the console input this command reads"},
            {new String[] {"run", program.toString(), "--cpus", "2", "--console-output", dir.resolve("o.txt").toString(),
                "--stats-json", dir.resolve("o.txt").toString()}, "--stats-json",
                "it is the file --console-output writes (expected another file name)"},
        };
        for (Object[] ask : asks) {
            refused(fdr((String[]) ask[0]), (String) ask[1], (String) ask[2]);
        }
        assertThat(program).hasContent(source);
        assertThat(config).hasContent("cpus: 2\n");
        assertThat(input).hasContent("typed\n");
        assertThat(dir.resolve("o.txt")).doesNotExist();

        // a dump drawn over itself is refused too; another name is written
        Path dump = dir.resolve("mp.fdr");
        assertThat(fdr("record", program.toString(), "--cpus", "2", "-o", dump.toString()).status()).isZero();
        byte[] recorded = Files.readAllBytes(dump);
        refused(fdr("view", dump.toString(), "-o", dump.toString()), "--output", "it is the dump this command reads");
        assertThat(dump).hasBinaryContent(recorded);
        assertThat(fdr("view", dump.toString(), "-o", dir.resolve("mp.html").toString()).status()).isZero();
    }

    @Test
    void protocolRefusesADirectory() {
        refused(fdr("protocol", "-o", dir.toString()), "--output", "is a directory");
    }

    @Test
    void aReadOnlyDirectoryIsRefusedForOrdinaryUsers() throws IOException {
        assumeThat(System.getProperty("user.name")).as("root ignores permission bits").isNotEqualTo("root");
        Path ro = Files.createDirectory(dir.resolve("ro"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            refused(fdr("experiment", "paper", "--scale", "tiny", "--runs", "1", "--workload", "oltp", "-o",
                    ro.toString()), "--output", "permission denied");
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }
}
