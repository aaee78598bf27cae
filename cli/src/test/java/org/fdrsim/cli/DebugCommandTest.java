package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.example;
import static org.fdrsim.cli.CliTest.fdr;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fdr debug end to end: -ex, --batch, exit statuses, bad input, a damaged dump. */
class DebugCommandTest {
    @TempDir
    Path dir;

    private String racy() {
        String dump = dir.resolve("racy.fdr").toString();
        assertThat(fdr("record", example("racy-counter.s"), "-o", dump, "--cpus", "2", "--seed", "3").status()).isZero();
        return dump;
    }

    @Test
    void watchGotoEndReverseContinueLandsOnTheLastStore() {
        CliTest.Outcome o = fdr("debug", racy(), "-ex", "watch counter", "-ex", "goto end", "-ex", "print counter",
                "-ex", "reverse-continue", "-ex", "print counter", "-ex", "info arcs");
        assertThat(o.status()).as(o.err()).isZero();
        String[] lines = o.out().split("\n");
        assertThat(lines[0]).startsWith("cpu 0 ic 0 pc 0  <_start>  la r10, arrived  (").endsWith("racy-counter.s:25)");
        assertThat(o.out()).contains("(fdr) watch counter\nwatchpoint 1: counter (0x")
                .contains("(fdr) goto end\nend of the replay (trigger)\n")
                .containsPattern("\\(fdr\\) reverse-continue\nwatchpoint 1: cpu \\d ic \\d+ pc 7  \\*0x[0-9a-f]+: (\\d+) -> (\\d+)\n"
                        + "cpu \\d ic \\d+ pc 8  <loop\\+3>  addi r3, r3, -1  \\(.*racy-counter.s:34\\)");
        // print at the end and at the last store agree
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("counter = (\\d+) ").matcher(o.out());
        assertThat(m.find()).isTrue();
        String atEnd = m.group(1);
        assertThat(m.find()).isTrue();
        assertThat(m.group(1)).isEqualTo(atEnd);
    }

    @Test
    void badCommandsPrintTheirUsageTheSessionGoesOnAndTheLastStatusIsTheExitStatus() throws Exception {
        String dump = racy();
        CliTest.Outcome o = fdr("debug", dump, "-ex", "frobnicate", "-ex", "break lop", "-ex", "stepi 2",
                "-ex", "reverse-stepi 5", "-ex", "print r2 +");
        assertThat(o.status()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(o.out()).contains("(fdr) frobnicate\nunknown command 'frobnicate'; commands: cpu, stepi, step,")
                .contains("(fdr) break lop\nno label 'lop'; nearest labels: loop")
                .contains("usage: break LABEL | FILE:LINE | @PC [cpu C] [if COND]")
                .contains("(fdr) stepi 2\ncpu 0 ic 2 pc 2")
                .contains("(fdr) reverse-stepi 5\nreached the start of the replay\ncpu 0 ic 0 pc 0")
                .contains("usage: print EXPR");
        Path batch = dir.resolve("cmds.txt");
        // a line of U+001C, which String.strip() takes for white space, is a command and refused (stop 51)
        Files.writeString(batch, "# a comment\nbreak loop cpu 1\n\u001c\ncontinue\ninfo breakpoints\n");
        o = fdr("debug", dump, "--batch", batch.toString());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("breakpoint 1\ncpu 1 ic 5 pc 5  <loop>  ld r6, 0(r2)")
                .contains("1  break loop (pc 5) cpu 1  hits 1")
                .contains("(fdr) \\u001c\nthe command holds a control character: '\\u001c'");
        // a batch file that cannot be read: one line, before the dump is opened (nothing on stdout)
        Path missing = dir.resolve("missing.txt");
        o = fdr("debug", dump, "--batch", missing.toString());
        assertThat(o.status()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(o.out()).isEmpty();
        assertThat(o.err()).isEqualTo("fdr debug: --batch: cannot read '" + missing
                + "': no such file or directory (expected a file of debugger commands)\n");
    }

    @Test
    void commandsPipedIntoTheInteractiveSessionRunWithoutATerminalWarning() throws Exception {
        // A separate JVM: the interactive session reads the process's own standard input.
        String dump = racy();
        Path in = dir.resolve("stdin.txt");
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        Files.writeString(in, "stepi 2\nstepi\u001c\nprint r10\nquit\n"); // the second: refused, as in --batch
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "debug", dump)
                .redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(Files.readString(err)).isZero();
        assertThat(Files.readString(err)).isEmpty();
        assertThat(Files.readString(out)).contains("cpu 0 ic 2 pc 2").containsPattern("r10 = \\d+ \\(0x[0-9a-f]+\\)")
                .contains("the command holds a control character: 'stepi\\u001c'").doesNotContain("cpu 0 ic 3 pc 3");
    }

    @Test
    void aDamagedDumpIsRefusedExactlyAsReplayRefusesIt() throws Exception {
        byte[] b = Files.readAllBytes(Path.of(racy()));
        Path cut = dir.resolve("cut.fdr");
        Files.write(cut, java.util.Arrays.copyOf(b, b.length / 2));
        CliTest.Outcome replay = fdr("replay", cut.toString());
        CliTest.Outcome debug = fdr("debug", cut.toString(), "-ex", "stepi");
        assertThat(debug.status()).isEqualTo(replay.status()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(debug.err().replace("fdr debug:", "fdr replay:")).isEqualTo(replay.err());
        assertThat(debug.err().strip()).doesNotContain("\n").doesNotContain("Exception");
    }
}
