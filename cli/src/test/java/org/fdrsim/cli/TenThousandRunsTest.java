package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.cli.CliTest.fdr;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The paper's random testing at its scale: {@code fdr verify --runs 10000} (ten thousand
 * perturbed random-tester runs, each recorded and replayed) on 4 and on 8 processors gives
 * 10,000 distinct signatures and no divergence. Long: only with {@code -Pstress}
 * ({@code fdrsim.test.scale} 10 or more); times in docs/testing.md.
 */
class TenThousandRunsTest {
    private static final int SCALE = Integer.getInteger("fdrsim.test.scale", 1);

    @ParameterizedTest(name = "{0} processors")
    @ValueSource(ints = {4, 8})
    void tenThousandPerturbedRunsReplayBitExact(int cpus) {
        assumeTrue(SCALE >= 10, "the stress profile (-Pstress) runs the ten thousand runs");
        CliTest.Outcome o = fdr("verify", "--runs", "10000", "--cpus", Integer.toString(cpus));
        System.out.print(o.out());
        assertThat(o.status()).as(o.err()).isZero();
        assertThat(o.out()).contains("on " + cpus + " cpus").contains("distinct signatures: 10000\n")
                .contains("divergences: 0\n");
    }
}
