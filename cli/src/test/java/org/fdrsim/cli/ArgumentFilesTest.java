package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.cli.CliTest.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** picocli's argument files as {@code fdr} takes them (docs/cli.md, "Input files"). */
class ArgumentFilesTest {
    @Test
    void aFileOfArgumentsIsTheCommandItHolds(@TempDir Path dir) throws Exception {
        Path args = Files.writeString(dir.resolve("args.txt"),
                "run\n" + Path.of("..", "examples", "hello.s").toAbsolutePath() + " --cpus 1\n");
        Outcome o = fdr("@" + args);
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).startsWith("Hello from fdrsim!\n");
    }

    @Test
    void aDirectoryIsRefusedInOneLine(@TempDir Path dir) {
        Outcome o = fdr("run", "@" + dir);
        assertThat(o.status()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(o.err()).isEqualTo("fdr: cannot read the argument file '" + dir + "': it is a directory (an argument "
                + "starting with @ names a file of arguments; see docs/cli.md)\n");
    }

    @Test
    void aDoubledAtIsTheArgumentWithOneAndNoFile(@TempDir Path dir) {
        // picocli's escape: "@@DIR" is the program name "@DIR", not an argument file
        Outcome o = fdr("run", "@@" + dir);
        assertThat(o.status()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(o.err()).startsWith("fdr run: ").contains("'@" + dir + "'").doesNotContain("argument file");
    }

    @Test
    void aDirectoryNamedInsideAnArgumentFileIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path inner = Files.createDirectory(dir.resolve("inner"));
        Path args = Files.writeString(dir.resolve("args.txt"), "run @" + inner + "\n");
        Outcome o = fdr("@" + args);
        assertThat(o.status()).isEqualTo(ExitCodes.USER_ERROR);
        assertThat(o.err()).isEqualTo("fdr: cannot read the argument file '" + inner + "': it is a directory (an "
                + "argument starting with @ names a file of arguments; see docs/cli.md)\n");
    }
}
