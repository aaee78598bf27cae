package org.fdrsim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class BuildComparisonTest {
    /** This test's own classes (surefire's class path): a build of the whole project. */
    private static final String THIS_BUILD = System.getProperty("java.class.path");

    @Test
    void medianAndQuartilesAreTheRatiosNearestRanks() {
        BuildComparison.Result r = BuildComparison.Result.of(new double[] {1.3, 0.9, 1.1, 1.0, 1.2, 0.8, 1.4, 1.05}, 2, 3);
        assertThat(r.median()).isEqualTo(1.05);
        assertThat(r.lowerQuartile()).isEqualTo(0.9);
        assertThat(r.upperQuartile()).isEqualTo(1.2);
        assertThat(r.baseMean()).isEqualTo(2);
        assertThat(r.newMean()).isEqualTo(3);
    }

    @Test
    void aBuildThatDoesTwiceTheWorkInTheSameTimeReadsTwiceAsFast() {
        LongSupplier once = () -> spin(200_000);
        LongSupplier twice = () -> 2 * spin(200_000);
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        BuildComparison.Result r = new BuildComparison(once, twice, 0.02)
                .compare(2, 6, new PrintStream(lines, true, StandardCharsets.UTF_8));
        assertThat(r.median()).isBetween(1.5, 2.5);
        assertThat(r.newMean()).isGreaterThan(r.baseMean());
        assertThat(lines.toString(StandardCharsets.UTF_8)).contains("turn 1:", "turn 6:").doesNotContain("turn 7:");
    }

    @Test
    void loadsABuildsWorkloadAndProtocolTesterRuns() {
        assertThat(BuildUnderTest.load(THIS_BUILD, "timed:random-tester", 4).getAsLong()).isGreaterThan(100_000);
        assertThat(BuildUnderTest.load(THIS_BUILD, "replay:random-tester", 4).getAsLong()).isGreaterThan(100_000);
        assertThat(BuildUnderTest.load(THIS_BUILD, "coherence", 4).getAsLong()).isGreaterThan(100_000);
    }

    @Test
    void namesWhatIsWrongWithItsArguments() {
        assertThatThrownBy(() -> BuildUnderTest.load(THIS_BUILD, "replayed:fft", 4))
                .hasMessageContaining("unknown work 'replayed:fft'").hasMessageContaining("coherence");
        assertThatThrownBy(() -> BuildUnderTest.load("no-such.jar", "coherence", 4))
                .hasMessageContaining("no such jar or directory: no-such.jar");
        assertThatThrownBy(() -> BuildUnderTest.load(THIS_BUILD, "timed:no-such-workload", 4))
                .hasMessageContaining("unknown benchmark workload 'no-such-workload'");
    }

    private static long spin(int steps) {
        long x = 1;
        for (int i = 0; i < steps; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x == 42 ? steps + 1 : steps; // x used, so the loop stays
    }
}
