package org.fdrsim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Test helper: runs one of the module's Python scripts ({@code cpu-score.py}, {@code jfr-shares.py},
 * {@code code-gain.py}; the tests run in the module's directory) with python3 and returns what it
 * printed, standard error included; a script that exits with anything but 0 fails the test. And
 * finds a line of what it printed.
 */
final class BenchmarkScript {
    private BenchmarkScript() {
    }

    static String run(String script, String... args) throws IOException, InterruptedException {
        return run(Map.of(), script, args);
    }

    /** The same, with {@code environment} added to the script's. */
    static String run(Map<String, String> environment, String script, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("python3", Path.of(script).toAbsolutePath().toString()));
        command.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true);
        b.environment().putAll(environment);
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    /** The first line of {@code out} that starts with {@code start}; none fails the test. */
    static String line(String out, String start) {
        for (String l : out.split("\n")) {
            if (l.startsWith(start)) {
                return l;
            }
        }
        throw new AssertionError("no line starting '" + start + "' in\n" + out);
    }
}
