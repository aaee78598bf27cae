package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fdrsim.cli.CliTest.Outcome;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code fdr view} and {@code fdr arcs --explain} without a browser: output, dumps, windows, errors. */
class ViewCommandTest {
    private static final String MP = "../examples/message-passing.s";

    @Test
    void explainGivesEveryConflictArcAndItsReason() {
        Outcome x = fdr("arcs", MP, "--cpus", "2", "--explain");
        Outcome c = fdr("arcs", MP, "--cpus", "2", "--compare");
        Outcome logged = fdr("arcs", MP, "--cpus", "2");
        assertThat(x.status()).isZero();
        long lines = x.out().lines().filter(l -> l.contains(" -> ")).count();
        assertThat(c.out()).containsPattern("(?m)^all-arcs +" + lines + " ");
        assertThat(x.out().lines().filter(l -> l.endsWith("  logged")).map(l -> l.substring(0, l.length() - 8)))
                .containsExactlyElementsOf(logged.out().lines().toList());
        Matcher m = Pattern.compile("implied by (\\S+ -> \\S+) via ").matcher(x.out());
        assertThat(m.find()).isTrue();
        assertThat(logged.out().lines()).contains(m.group(1));
    }

    @Test
    void theClassroomGuideQuotesWhatExplainPrints() throws IOException {
        String guide = Files.readString(Path.of("..", "docs", "classroom.md"));
        String command = "$ ./fdr arcs examples/message-passing.s --cpus 2 --explain\n";
        int at = guide.indexOf(command);
        assertThat(at).isPositive();
        String quoted = guide.substring(at + command.length(), guide.indexOf("```", at));
        assertThat(fdr("arcs", MP, "--cpus", "2", "--explain").out()).isEqualTo(quoted);
        assertThat(guide).contains("images/message-passing-view.png");
        assertThat(Path.of("..", "docs", "images", "message-passing-view.png")).isNotEmptyFile();
    }

    @Test
    void thePageIsTheSameForTheSameRunAndADumpGivesTheSameRun(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.html");
        Path b = dir.resolve("b.html");
        Outcome first = fdr("view", MP, "--cpus", "2", "--seed", "3", "-o", a.toString());
        assertThat(first.status()).as(first.err()).isZero();
        assertThat(first.out()).contains("2 lanes, ").contains("3 conflict arcs (2 logged, 1 implied)")
                .contains("replay bit-exact");
        assertThat(fdr("view", MP, "--cpus", "2", "--seed", "3", "-o", b.toString()).status()).isZero();
        assertThat(Files.readString(a)).isEqualTo(Files.readString(b));

        Path dump = dir.resolve("mp.fdr");
        assertThat(fdr("record", MP, "--cpus", "2", "--seed", "3", "-o", dump.toString()).status()).isZero();
        Path fromDump = dir.resolve("d.html");
        Outcome d = fdr("view", dump.toString(), "-o", fromDump.toString());
        assertThat(d.status()).as(d.err()).isZero();
        // Same run, so the same page apart from the file name in the title.
        assertThat(Files.readString(fromDump).replace("mp.fdr", "message-passing.s")).isEqualTo(Files.readString(a));
    }

    @Test
    void interruptsInputReadsAndDmaWritesAreMarked(@TempDir Path dir) throws IOException {
        Path page = dir.resolve("disk.html");
        Outcome o = fdr("view", "../exercises/06-disk-handoff/disk-handoff.s", "--cpus", "2", "--set",
                "devices.enabled=true", "-o", page.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("3 lanes"); // 2 cpus and the disk's engine; the idle NIC engines get none
        String html = Files.readString(page);
        // cpu 0's lane: the handler's first instruction carries the interrupt, its STATUS load the input read.
        assertThat(html).contains("\"interrupt 2\"").contains("\"input log\"").contains("\"name\":\"dma 0\"");
        for (int b = 0; b < 8; b++) {
            assertThat(html).contains("\"DMA write 0x" + Long.toHexString(0x10000 + 64L * b) + "\"");
        }
    }

    @Test
    void aDumpFixesTheMachine(@TempDir Path dir) {
        Path dump = dir.resolve("mp.fdr");
        assertThat(fdr("record", MP, "--cpus", "2", "-o", dump.toString()).status()).isZero();
        Outcome o = fdr("view", dump.toString(), "--seed", "2", "-o", dir.resolve("x.html").toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).startsWith("fdr view: a dump fixes the machine and seed").doesNotContain("\tat ");
    }

    /**
     * A dump whose configuration lost its limit (a forged or damaged one) re-executes a program
     * that never stops: view once ran for ever; now it stops past the end the dump records.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // without the bound it never ends
    void aDumpWhoseProgramNeverStopsIsRefusedPastItsEnd(@TempDir Path dir) throws Exception {
        Path loop = Files.writeString(dir.resolve("loop.s"), "        .text\n_start: addi r1, r1, 1\n"
                + "        beq zero, zero, _start\n");
        Path dump = dir.resolve("loop.fdr");
        assertThat(fdr("record", loop.toString(), "--cpus", "1", "--max-instructions", "1000", "-o",
                dump.toString()).status()).isZero();
        CoreDump d = CoreDumpReader.read(dump);
        assertThat(d.configText()).contains("maxInstructions: 1000");
        CoreDump forged = new CoreDump(d.formatVersion(), d.cpus(), d.dmaEngines(), d.seed(),
                d.configText().replace("maxInstructions: 1000", "maxInstructions: 0"), d.program(), d.memoryImage(),
                d.checkpoints(), d.finalRegisters(), d.finalDmaIcs(), d.trigger(), d.summary(), d.validation(),
                d.consoleInput());
        Path bad = dir.resolve("forged.fdr");
        Files.write(bad, CoreDumpWriter.toBytes(forged));
        Outcome o = fdr("view", bad.toString(), "-o", dir.resolve("x.html").toString());
        assertThat(o.status()).as(o.err()).isEqualTo(2);
        assertThat(o.err()).startsWith("fdr view: re-executing the dump's program and configuration ran past the end of"
                + " its run (1,000 instructions, cycle ").endsWith("view the program instead\n");
        assertThat(dir.resolve("x.html")).doesNotExist();
    }

    /**
     * A dump keeps the console input it was recorded with, so view re-executes it without the
     * input file, changed or gone; a dump without it (an older fdr's) reads the file again.
     */
    @Test
    void aDumpIsViewedWithTheConsoleInputItKept(@TempDir Path dir) throws Exception {
        Path echo = Path.of("..", "examples", "echo-input.s");
        Path input = Files.writeString(dir.resolve("in.txt"), "abc");
        Path dump = dir.resolve("echo.fdr");
        Outcome rec = fdr("record", echo.toString(), "--cpus", "2", "--set", "devices.consoleInput=" + input, "-o",
                dump.toString());
        assertThat(rec.status()).as(rec.err()).isZero();
        assertThat(rec.out()).contains("ABC");
        assertThat(fdr("inspect", dump.toString()).out())
                .contains("console input: 3 bytes, kept so that 'fdr view' can re-execute the run");
        Files.writeString(input, "something else");
        Outcome changed = fdr("view", dump.toString(), "-o", dir.resolve("a.html").toString());
        assertThat(changed.status()).as(changed.err()).isZero();
        assertThat(changed.out()).contains("replay bit-exact");
        Files.delete(input);
        Outcome gone = fdr("view", dump.toString(), "-o", dir.resolve("b.html").toString());
        assertThat(gone.status()).as(gone.err()).isZero();
        assertThat(Files.readString(dir.resolve("b.html"))).isEqualTo(Files.readString(dir.resolve("a.html")));

        Path old = dir.resolve("old.fdr");
        Files.write(old, CoreDumpWriter.toBytes(CoreDumpReader.read(dump).withConsoleInput(null)));
        Outcome missing = fdr("view", old.toString(), "-o", dir.resolve("c.html").toString());
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.err()).startsWith("fdr view: cannot read console input '" + input + "'");
        Files.writeString(input, "xyz");
        Outcome other = fdr("view", old.toString(), "-o", dir.resolve("c.html").toString());
        assertThat(other.status()).isEqualTo(2);
        assertThat(other.err()).contains("gave a different execution (was the console input file changed?)");
        Files.writeString(input, "abc");
        Outcome same = fdr("view", old.toString(), "-o", dir.resolve("c.html").toString());
        assertThat(same.status()).as(same.err()).isZero();
        assertThat(dir.resolve("c.html")).isNotEmptyFile();
    }

    @Test
    void aWindowShowsPartOfTheRunAndSaysSo(@TempDir Path dir) throws IOException {
        Path page = dir.resolve("w.html");
        Outcome o = fdr("view", "../examples/racy-counter.s", "--window", "1:100-400", "-o", page.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("in window 1:100-400");
        String html = Files.readString(page);
        assertThat(html).contains("id=\"window\">a window: rows of cpu 1 ICs 100..400");
        Matcher m = Pattern.compile("([\\d,]+) instructions in window").matcher(o.out());
        assertThat(m.find()).isTrue();
        long shown = Long.parseLong(m.group(1).replace(",", ""));
        assertThat(shown).isGreaterThanOrEqualTo(301).isLessThan(20_051);
    }

    @Test
    void badWindowsAndTooLargeRunsGetOneLineAndNoFile(@TempDir Path dir) {
        Path page = dir.resolve("x.html");
        String[][] cases = {
            {"../examples/racy-counter.s", "--window", "0:1-999999"},
            {"../examples/racy-counter.s", "--window", "7:1-2"},
            {"../examples/racy-counter.s", "--window", "0:5-3"},
            {"../examples/racy-counter.s", "--window", "zero"},
            {"../examples/racy-counter.s", "--window", "1:100-400\u001c"}, // String.strip() took U+001C for a space
            {"../examples/random-tester.s"},
            {"../examples/random-tester.s", "--window", "0:1-42000"},
        };
        String[] expected = {"outside the run", "no agent 7", "outside the run", "expected C:IC1-IC2",
            "'1:100-400\\u001c': expected C:IC1-IC2", "more than 100,000; pick a range with --window", "more than 100,000"};
        for (int k = 0; k < cases.length; k++) {
            String[] args = new String[cases[k].length + 3];
            args[0] = "view";
            System.arraycopy(cases[k], 0, args, 1, cases[k].length);
            args[args.length - 2] = "-o";
            args[args.length - 1] = page.toString();
            Outcome o = fdr(args);
            assertThat(o.status()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(o.err()).as(String.join(" ", args)).contains(expected[k]).doesNotContain("\tat ");
            assertThat(o.err().strip().lines()).hasSize(1);
            assertThat(page).doesNotExist();
        }
        // an output that is a directory is refused before the run, naming the flag, not a temporary file
        Outcome o = fdr("view", "../examples/racy-counter.s", "-o", dir.toString());
        assertThat(o.status()).isEqualTo(2);
        assertThat(o.err()).isEqualTo("fdr view: --output: cannot write '" + dir + "': it is a directory (expected a file name)\n");
        Path missing = dir.resolve("missing.fdr");
        o = fdr("view", missing.toString(), "-o", page.toString());
        assertThat(o.err()).isEqualTo("fdr view: cannot read '" + missing
                + "': no such file or directory (expected a core dump, or an assembly program named *.s)\n");
    }
}
