package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs of the kept paper-scale experiment (docs/results/paper-scale/runs/) simulated again
 * give the same measurement, byte for byte. The default-scale {@code SameBytesTest} did not see
 * two timing fixes that moved these runs (docs/results/paper-scale/RUN.md); the two runs here are
 * the ones that found them. Long (about two minutes): only with {@code -Pstress}.
 */
class PaperScaleSameBytesTest {
    private static final int SCALE = Integer.getInteger("fdrsim.test.scale", 1);
    private static final Path KEPT = Path.of("..", "docs", "results", "paper-scale");

    @ParameterizedTest(name = "{0} seed {1}, recorder {2}")
    @CsvSource({"dynweb, 1, false", "web, 10, true"})
    void aKeptRunIsSimulatedAgainToTheSameBytes(String workload, long seed, boolean fdr) throws Exception {
        assumeTrue(SCALE >= 10, "the stress profile (-Pstress) runs paper-scale runs");
        // the kept experiment's plan: 10 seeds of the four proxies at FDR1's own scale, no overrides
        PaperExperiment.Options options = new PaperExperiment.Options("paper", 10, 1, List.of(),
                List.of("oltp", "jbb", "web", "dynweb"));
        RunSpec spec = null;
        for (RunSpec s : PaperExperiment.plan(options)) {
            if (s.workload().equals(workload) && s.seed() == seed && s.fdr() == fdr && !s.trace()) {
                spec = s;
                break;
            }
        }
        assertThat(spec).as("the plan has %s seed %d", workload, seed).isNotNull();
        Path kept = new RunStore(KEPT).file(spec);
        String expected = Files.readString(kept);
        assertThat(Outputs.toJson(Runner.run(spec))).as("%s simulated again", kept).isEqualTo(expected);
    }
}
