package org.fdrsim.recorder.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.fdrsim.recorder.race.ArcLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ReductionExplanationTest {
    @Test
    void figureOneDroppedArcIsImpliedByTheLaterLoggedOneAndProgramOrder() {
        // The paper's Figure 1: after 0:5 -> 1:7 is logged, 0:3 -> 1:9 needs nothing.
        FdrPolicy fdr = new FdrPolicy(2);
        AllArcsPolicy all = new AllArcsPolicy();
        observe(fdr, all, 0, 5, 1, 7);
        observe(fdr, all, 0, 3, 1, 9);
        observe(fdr, all, 1, 9, 0, 6);
        ReductionExplanation x = ReductionExplanation.of(all.arcs(), fdr.arcs());
        assertThat(x.size()).isEqualTo(3);
        assertThat(x.loggedCount()).isEqualTo(2);
        assertThat(x.impliedCount()).isEqualTo(1);
        assertThat(x.reason(0)).isEqualTo("logged");
        assertThat(x.reason(1)).isEqualTo("implied by 0:5 -> 1:7 via 0:3 -po-> 0:5 -> 1:7 -po-> 1:9");
        assertThat(x.reason(2)).isEqualTo("logged");
        assertThat(x.loggedBy(2)).isEqualTo(1);
    }

    @Test
    void zeroLengthProgramOrderStepsAreLeftOut() {
        FdrPolicy fdr = new FdrPolicy(2);
        AllArcsPolicy all = new AllArcsPolicy();
        observe(fdr, all, 0, 5, 1, 7);
        observe(fdr, all, 0, 5, 1, 7); // the same arc again (a second reply)
        ReductionExplanation x = ReductionExplanation.of(all.arcs(), fdr.arcs());
        assertThat(x.reason(1)).isEqualTo("implied by 0:5 -> 1:7 via 0:5 -> 1:7");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void everyDroppedArcHasALoggedArcThatCoversIt(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        FdrPolicy fdr = new FdrPolicy(4);
        AllArcsPolicy all = new AllArcsPolicy();
        long[] ic = new long[4];
        for (int n = 0; n < 2000; n++) {
            int from = rnd.nextInt(4);
            int to = rnd.nextInt(4);
            ic[from] += rnd.nextInt(3);
            ic[to] += 1;
            observe(fdr, all, from, Math.max(1, ic[from] - rnd.nextInt(5)), to, ic[to]);
        }
        ReductionExplanation x = ReductionExplanation.of(all.arcs(), fdr.arcs());
        assertThat(x.loggedCount()).as("seed %d", seed).isEqualTo(fdr.arcs().size());
        assertThat(x.impliedCount()).isEqualTo(all.arcs().size() - fdr.arcs().size()).isPositive();
        ArcLog a = x.arcs();
        ArcLog f = x.logged();
        for (int k = 0; k < x.size(); k++) {
            int v = x.loggedBy(k);
            assertThat(f.from(v)).isEqualTo(a.from(k));
            assertThat(f.to(v)).isEqualTo(a.to(k));
            assertThat(f.fromIc(v)).isGreaterThanOrEqualTo(a.fromIc(k));
            assertThat(f.toIc(v)).isLessThanOrEqualTo(a.toIc(k));
        }
    }

    @Test
    void logsOfDifferentExecutionsAreRefused() {
        ArcLog all = new ArcLog();
        all.add(0, 3, 1, 9);
        ArcLog fdr = new ArcLog();
        fdr.add(0, 1, 1, 4);
        assertThatThrownBy(() -> ReductionExplanation.of(all, fdr)).hasMessageContaining("not from the same execution");
        ArcLog none = new ArcLog();
        assertThatThrownBy(() -> ReductionExplanation.of(all, none)).hasMessageContaining("neither logged nor implied");
    }

    private static void observe(FdrPolicy fdr, AllArcsPolicy all, int from, long fromIc, int to, long toIc) {
        fdr.observe(from, fromIc, to, toIc);
        all.observe(from, fromIc, to, toIc);
    }
}
