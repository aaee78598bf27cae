package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.example;
import static org.fdrsim.cli.CliTest.fdr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fdr record} and {@code fdr inspect} as a user meets them. */
class RecordInspectTest {

    @Test
    void recordWritesADumpThatInspectDescribes(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("run.fdr");
        CliTest.Outcome r = fdr("record", example("random-tester.s"), "-o", dump.toString(), "--cpus", "4", "--seed",
                "3", "--checkpoint-interval", "100000");
        assertThat(r.status()).as(r.err()).isZero();
        // the bare number is the old form: one note naming the flag as typed
        assertThat(r.err()).isEqualTo("note: --checkpoint-interval 100000: a bare number counts processor cycles;"
                + " read as '100000 cycles' (FDR1's times are '1/3 s', '10 us', '1 s')\n");
        assertThat(r.out()).contains("stopped: all processors halted").containsPattern("checkpoints: \\d+ taken, 4 retained")
                .contains("dump: " + dump);
        assertThat(dump).exists();

        CliTest.Outcome i = fdr("inspect", dump.toString());
        assertThat(i.status()).as(i.err()).isZero();
        assertThat(i.out()).contains("program random-tester.s, 4 cpus").contains("trigger: ALL_HALTED")
                .containsPattern("replay interval: \\d+ cycles")
                .containsPattern("#0 checkpoint \\d+ at cycle \\d+ = [0-9.]+ [mun]?s \\(quiesce \\d+\\): interval ICs \\[\\d+ \\d+ \\d+ \\d+\\]")
                .containsPattern("memoryRace +\\d+ +[1-9]\\d* +[1-9]\\d*")
                .containsPattern("cacheCheckpoint +[1-9]\\d* +[1-9]\\d* +[1-9]\\d*")
                .contains("memoryCheckpoint").contains("input").contains("interrupt").contains("dmaRace")
                .contains("dmaData").containsPattern("reserved memory: \\d+ of \\d+ bytes");
        // same seed, same bytes
        Path again = dir.resolve("again.fdr");
        assertThat(fdr("record", example("random-tester.s"), "-o", again.toString(), "--cpus", "4", "--seed", "3",
                "--checkpoint-interval", "100000").status()).isZero();
        assertThat(Files.readAllBytes(again)).isEqualTo(Files.readAllBytes(dump));
        // the same interval with its unit: no note, the same dump
        Path unit = dir.resolve("unit.fdr");
        CliTest.Outcome u = fdr("record", example("random-tester.s"), "-o", unit.toString(), "--cpus", "4", "--seed", "3",
                "--checkpoint-interval", "100000 cycles");
        assertThat(u.err()).isEmpty();
        assertThat(Files.readAllBytes(unit)).isEqualTo(Files.readAllBytes(dump));
    }

    @Test
    void aTriggerIsReportedWithItsLocation(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("t.s");
        Files.writeString(src, ".text\n_start:\n  li r1, 5\n  addi r1, r1, -5\n  assert r1, 7\n  halt\n");
        Path dump = dir.resolve("t.fdr");
        CliTest.Outcome r = fdr("record", src.toString(), "-o", dump.toString(), "--cpus", "1");
        assertThat(r.status()).as(r.err()).isZero();
        CliTest.Outcome i = fdr("inspect", dump.toString());
        assertThat(i.out()).contains("trigger: TRIGGER on cpu 0 at pc 2, ic 3, code 7 (0x7)");
    }

    @Test
    void cycleAndInstructionLimitsStopTheRecording(@TempDir Path dir) {
        Path dump = dir.resolve("l.fdr");
        assertThat(fdr("record", example("random-tester.s"), "-o", dump.toString(), "--max-cycles", "50000").status())
                .isZero();
        assertThat(fdr("inspect", dump.toString()).out()).contains("trigger: CYCLE_LIMIT");
        assertThat(fdr("record", example("random-tester.s"), "-o", dump.toString(), "--max-instructions", "3000")
                .status()).isZero();
        assertThat(fdr("inspect", dump.toString()).out()).contains("trigger: INSTRUCTION_LIMIT");
    }

    @Test
    void damagedOrForeignFilesAreRefusedWithOneLineAndStatus2(@TempDir Path dir) throws Exception {
        Path cut = halfADump(dir, "cut.fdr");
        CliTest.Outcome o = fdr("inspect", cut.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).startsWith("fdr inspect: " + cut + ": section '").contains("truncated");
        assertThat(o.err().strip()).doesNotContain("\n");
        assertThat(o.err()).doesNotContain("Exception");

        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "not a dump");
        o = fdr("inspect", text.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err().strip()).isEqualTo("fdr inspect: " + text + ": not a core dump (no FDRDUMP magic at the start)");

        o = fdr("inspect", dir.resolve("missing.fdr").toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("no such file");

        o = fdr("inspect", dir.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("fdr inspect: " + dir + ": it is a directory, expected a core dump file"
                + " (e.g. one 'fdr record -o' wrote)\n");
    }

    @Test
    void aLineBreakInAFileNameOrAFlagValueStaysOnTheErrorsOneLine(@TempDir Path dir) throws Exception {
        // A damaged dump whose name holds a line break: the reader's message quotes the name.
        Path cut = halfADump(dir, "cut\nrun\u2028.fdr");
        CliTest.Outcome o = fdr("inspect", cut.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).startsWith("fdr inspect: " + dir + "/cut\\u000arun\\u2028.fdr: section '").endsWith("\n");
        assertOneLine(o.err());

        o = fdr("run", dir.resolve("no\rsuch.s").toString()); // the command's own message
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("no\\u000dsuch.s").contains("no such file");
        assertOneLine(o.err());

        o = fdr("run", example("hello.s"), "--cpus", "4\n5"); // picocli's message
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).contains("'4\\u000a5' is not a whole number");
        assertOneLine(o.err());
    }

    /** The first half of a recorded hello run's dump, written to {@code name} in {@code dir}: a truncated dump. */
    private static Path halfADump(Path dir, String name) throws IOException {
        Path dump = dir.resolve("run.fdr");
        assertThat(fdr("record", example("hello.s"), "-o", dump.toString(), "--cpus", "1").status()).isZero();
        byte[] b = Files.readAllBytes(dump);
        return Files.write(dir.resolve(name), Arrays.copyOf(b, b.length / 2));
    }

    private static void assertOneLine(String err) {
        assertThat(err.substring(0, err.length() - 1)).doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}]");
    }
}
