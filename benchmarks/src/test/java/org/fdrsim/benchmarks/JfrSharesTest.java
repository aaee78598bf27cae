package org.fdrsim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code benchmarks/jfr-shares.py} on a real recording: a recorded random-tester run profiled
 * with the JDK Flight Recorder. Its samples are the simulator's, so the timed run loop is on the
 * stacks of nearly all of them, which only whole stacks show (it is far below the top frame);
 * and the components add up to every sample.
 */
class JfrSharesTest {
    @Test
    void sharesComeFromWholeStacks(@TempDir Path tmp) throws Exception {
        Path jfr = tmp.resolve("run.jfr");
        BenchmarkWorkload w = BenchmarkWorkload.of("random-tester");
        try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
            r.setToDisk(true);
            r.start();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            while (System.nanoTime() < until) {
                Simulation.run(w.program(4), w.config(4, true), Console.silent(), RunOptions.LOGS);
            }
            r.stop();
            r.dump(jfr);
        }
        String out = run("python3", Path.of("jfr-shares.py").toAbsolutePath().toString(), jfr.toString(), "400");
        Matcher samples = Pattern.compile("^(\\d+) samples$", Pattern.MULTILINE).matcher(out);
        assertThat(samples.find()).as(out).isTrue();
        assertThat(Integer.parseInt(samples.group(1))).isGreaterThan(20);

        String inclusive = section(out, "inclusive:");
        Matcher loop = Pattern.compile("^\\s*([0-9.]+)%\\s+org\\.fdrsim\\.machine\\.TimedRunLoop\\.run$", Pattern.MULTILINE)
                .matcher(inclusive);
        assertThat(loop.find()).as(out).isTrue();
        assertThat(Double.parseDouble(loop.group(1))).isGreaterThan(60.0);

        double components = 0;
        Matcher share = Pattern.compile("^\\s*([0-9.]+)%\\s", Pattern.MULTILINE).matcher(section(out, "by component"));
        while (share.find()) {
            components += Double.parseDouble(share.group(1));
        }
        assertThat(components).isBetween(99.0, 101.0);
    }

    private static String section(String out, String title) {
        int start = out.indexOf(title);
        assertThat(start).as(out).isGreaterThanOrEqualTo(0);
        int end = out.indexOf("\n\n", start);
        return end < 0 ? out.substring(start) : out.substring(start, end);
    }

    private static String run(String... command) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(command));
        ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true);
        b.environment().put("JFR", Path.of(System.getProperty("java.home"), "bin", "jfr").toString()); // this JDK's
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }
}
