package org.fdrsim.coherence.tester;

import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void smoke() {
        TesterResult first = null;
        for (long seed = 1; seed <= 5; seed++) {
            long t0 = System.nanoTime();
            TesterResult r = ProtocolTester.run(TesterConfig.defaults().withSeed(seed).withOps(200_000));
            System.out.println(r.report() + " in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
            if (first == null) first = r; else first.cacheCoverage().add(r.cacheCoverage());
        }
        System.out.println(first.cacheCoverage().uncovered());
        System.out.println(first.directoryCoverage().uncovered());
    }
}
