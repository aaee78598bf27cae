package org.fdrsim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
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
 * {@code benchmarks/jfr-shares.py} on a real recording: two seconds of recorded random-tester
 * runs (about a hundred, each building its machine) profiled with the JDK Flight Recorder. From
 * whole stacks a caller is on at least the samples of every method it calls, so down the chain
 * from {@code Simulation.run} to a message's delivery the inclusive shares cannot grow, and the
 * run loop, far below the top frame, is on most samples. From five-frame stacks (what
 * {@code jfr print} gives by default) both fail: the deeper caller comes out smaller. A sample's
 * component is its innermost fdrsim frame: the memory system's packages, not this test's, which
 * is the outermost fdrsim frame of every sample.
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
        // this JDK's jfr
        String out = BenchmarkScript.run(Map.of("JFR", Path.of(System.getProperty("java.home"), "bin", "jfr").toString()),
                "jfr-shares.py", jfr.toString(), "1000");
        Matcher samples = Pattern.compile("^(\\d+) samples$", Pattern.MULTILINE).matcher(out);
        assertThat(samples.find()).as(out).isTrue();
        assertThat(Integer.parseInt(samples.group(1))).isGreaterThan(20);

        String inclusive = section(out, "inclusive:");
        double simulation = share(inclusive, "org.fdrsim.machine.Simulation.run");
        double loop = share(inclusive, "org.fdrsim.machine.TimedRunLoop.run");
        double step = share(inclusive, "org.fdrsim.cpu.sim.EventQueue.step");
        double deliver = share(inclusive, "org.fdrsim.coherence.network.Endpoints.deliver");
        assertThat(loop).as(out).isGreaterThan(60.0);
        assertThat(simulation).as(out).isGreaterThanOrEqualTo(loop);
        assertThat(loop).as(out).isGreaterThanOrEqualTo(step);
        assertThat(step).as(out).isGreaterThanOrEqualTo(deliver);
        assertThat(deliver).as(out).isGreaterThan(0.0);

        double coherence = 0;
        double benchmarks = 0;
        Matcher each = Pattern.compile("^\\s*([0-9.]+)%\\s+(\\S+)$", Pattern.MULTILINE).matcher(section(out, "by component"));
        while (each.find()) {
            double share = Double.parseDouble(each.group(1));
            coherence += each.group(2).startsWith("coherence") ? share : 0;
            benchmarks += each.group(2).equals("benchmarks") ? share : 0;
        }
        assertThat(coherence).as(out).isGreaterThan(20.0);
        assertThat(benchmarks).as(out).isLessThan(20.0);
    }

    /** The inclusive share printed for {@code method}. */
    private static double share(String inclusive, String method) {
        Matcher m = Pattern.compile("^\\s*([0-9.]+)%\\s+" + Pattern.quote(method) + "$", Pattern.MULTILINE).matcher(inclusive);
        assertThat(m.find()).as(method + " in\n" + inclusive).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private static String section(String out, String title) {
        int start = out.indexOf(title);
        assertThat(start).as(out).isGreaterThanOrEqualTo(0);
        int end = out.indexOf("\n\n", start);
        return end < 0 ? out.substring(start) : out.substring(start, end);
    }
}
