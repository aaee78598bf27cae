package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
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
        return launch(Map.of());
    }

    private Result launch(Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(bin.resolve("bash").toString(), root.resolve("fdr").toString(), "--version");
        pb.environment().remove("FDR_JAVA_OPTS");
        pb.environment().putAll(env);
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

    /** With the jar built, the JVM gets 3/4 of the machine's memory unless FDR_JAVA_OPTS sets a heap size. */
    @Test
    void givesTheJvmAHeapThatFitsTheMachineUnlessFdrJavaOptsSetsOne() throws Exception {
        Path jar = root.resolve("cli").resolve("target").resolve("fdr.jar");
        Files.createDirectories(jar.getParent());
        Files.writeString(jar, "");
        executable(bin.resolve("java"), "echo \"java $*\" >&2");
        assertThat(launch().err()).contains("java -XX:MaxRAMPercentage=75 -jar " + jar + " --version");
        assertThat(launch(Map.of("FDR_JAVA_OPTS", "-Xmx3g -ea")).err()).contains("java -Xmx3g -ea -jar ")
                .doesNotContain("MaxRAMPercentage");
        assertThat(launch(Map.of("FDR_JAVA_OPTS", "-XX:MaxRAMPercentage=50")).err())
                .contains("java -XX:MaxRAMPercentage=50 -jar ").doesNotContain("=75");
        assertThat(launch(Map.of("FDR_JAVA_OPTS", "-ea")).err()).contains("java -XX:MaxRAMPercentage=75 -ea -jar ");
    }
}
