package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The paper's random testing: many perturbed runs of the random tester, each recorded and
 * replayed from its dump; every replay bit-exact, and the signatures differ. 100 runs at the
 * default scale, 1,000 with -Pstress (fdrsim.test.scale=10). And every example program.
 */
class RandomTestingTest {

    @Test
    void perturbedRunsOfTheRandomTesterAllReplayBitExact() {
        int runs = 100 * Recording.scale();
        Set<String> signatures = new TreeSet<>();
        List<Long> failed = new ArrayList<>();
        var program = Recording.randomTester(200);
        for (long seed = 1; seed <= runs; seed++) {
            int cpus = seed % 4 == 0 ? 8 : seed % 3 == 0 ? 2 : 4;
            List<String> caches = seed % 2 == 0 ? Recording.TINY : List.of();
            Recording r = Recording.record(program, Recording.config(cpus, seed, caches));
            signatures.add(cpus + ":" + r.result().consoleOutput());
            if (!r.verify().bitExact()) {
                failed.add(seed);
            }
        }
        assertThat(failed).as("seeds that diverged").isEmpty();
        assertThat(signatures.size()).isGreaterThan(runs / 2);
    }

    static Stream<String> examples() throws java.io.IOException {
        try (Stream<Path> files = Files.list(Recording.EXAMPLES)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".s")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleReplaysBitExactWithTinyAndDefaultCaches(String name) {
        for (List<String> caches : List.of(Recording.TINY, List.<String>of())) {
            // A cycle limit stops the long ones (private-mix) in the middle: a trigger mid-run.
            List<String> sets = new ArrayList<>(caches);
            sets.add("limits.maxCycles=3000000");
            Recording r = Recording.record(Recording.example(name), Recording.config(4, 3, sets));
            Verdict v = r.verify();
            assertThat(v.bitExact()).as(name + " " + caches + ": " + v.describe()).isTrue();
            assertThat(v.outcome().instructions()).isEqualTo(r.result().instructions());
        }
    }
}
