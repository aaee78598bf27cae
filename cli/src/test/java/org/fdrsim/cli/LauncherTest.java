package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./fdr} launcher when the build cannot run: a copy of the script in an empty tree
 * (so the jar is missing), with a PATH holding only the tools it needs.
 */
class LauncherTest {
    private static final List<String> TOOLS = List.of("bash", "env", "dirname", "find", "mktemp", "sed", "grep",
            "head", "tail", "rm", "cat");

    @TempDir
    Path root;

    @TempDir
    Path bin;

    @TempDir
    Path tmp;

    @BeforeEach
    void copyLauncher() throws IOException {
        Files.copy(Path.of("..", "fdr"), root.resolve("fdr"));
        for (String tool : TOOLS) {
            for (String dir : List.of("/usr/bin", "/bin")) {
                Path p = Path.of(dir, tool);
                if (Files.isExecutable(p)) {
                    executable(bin.resolve(tool), "exec " + p + " \"$@\"");
                    break;
                }
            }
        }
    }

    /** A small script (wrappers, not symbolic links, so the temporary directories clean up quietly). */
    private static void executable(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Result(int status, String err) {}

    private Result launch() throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(bin.resolve("bash").toString(), root.resolve("fdr").toString(), "--version");
        pb.environment().put("PATH", bin.toString());
        pb.environment().put("TMPDIR", tmp.toString());
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), err);
    }

    private List<Path> leftInTmp() throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.toList();
        }
    }

    @Test
    void saysMavenIsMissing() throws Exception {
        Result r = launch();
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("'mvn'").contains("not on the PATH");
        assertThat(leftInTmp()).isEmpty();
    }

    @Test
    void aFailedBuildWithoutErrorLinesShowsTheEndOfItsLogAndLeavesNoTemporaryFile() throws Exception {
        executable(bin.resolve("mvn"), "echo 'Killed by the out-of-memory killer'\nexit 137");
        Result r = launch();
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("Killed by the out-of-memory killer").contains("fdr: build failed");
        assertThat(leftInTmp()).isEmpty();
    }
}
