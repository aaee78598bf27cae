package org.fdrsim.coherence.tester;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Same seed, same run, bit for bit; another seed (perturbation included) gives another run. */
class DeterminismTest {
    @Test
    void sameSeedSameCyclesAndStatistics() {
        for (boolean torus : new boolean[] {false, true}) {
            TesterConfig c = TesterConfig.defaults().withOps(30_000).withTorus(torus).withSeed(7);
            TesterResult a = ProtocolTester.run(c);
            TesterResult b = ProtocolTester.run(c);
            assertThat(a.passed()).isTrue();
            assertThat(b.cycles()).isEqualTo(a.cycles());
            assertThat(b.stats()).isEqualTo(a.stats());
            assertThat(b.stats().toString()).isEqualTo(a.stats().toString());
        }
    }

    @Test
    void differentSeedsDifferentCycles() {
        TesterConfig c = TesterConfig.defaults().withOps(30_000).withTorus(true);
        assertThat(ProtocolTester.run(c.withSeed(1)).cycles()).isNotEqualTo(ProtocolTester.run(c.withSeed(2)).cycles());
    }
}
