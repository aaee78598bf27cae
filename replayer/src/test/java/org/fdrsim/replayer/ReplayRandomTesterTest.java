package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.cpu.run.StopCause;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The paper's random tester, recorded on the timed machine, replays bit-exact. */
class ReplayRandomTesterTest {

    @ParameterizedTest(name = "{0} cpus, seed {1}, tiny caches {2}")
    @CsvSource({"2, 1, false", "4, 1, false", "4, 2, true", "8, 3, false", "8, 4, true", "16, 5, false",
            "16, 6, true"})
    void replaysBitExact(int cpus, long seed, boolean tiny) {
        Recording r = Recording.record(Recording.randomTester(300),
                Recording.config(cpus, seed, tiny ? Recording.TINY : List.of()));
        assertThat(r.result().cause()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(r.log().race(0)).isNotEmpty(); // racy: there are arcs to honour
        Verdict v = r.verify();
        assertThat(v.bitExact()).as(v.describe()).isTrue();
        assertThat(v.outcome().instructions()).isEqualTo(r.result().instructions());
    }

    @ParameterizedTest(name = "stopped at cycle {0}, checkpoints every {1} cycles")
    @CsvSource({"30000, 0", "60000, 20000", "90000, 25000"})
    void aTriggerInTheMiddleOfTheRunAcrossCheckpoints(long stopCycle, long interval) {
        Recording r = Recording.record(Recording.randomTester(2000), Recording.config(4, 7,
                List.of("limits.maxCycles=" + stopCycle, "checkpoint.intervalCycles=" + interval)));
        assertThat(r.result().cause()).isEqualTo(StopCause.CYCLE_LIMIT);
        for (int k = 0; k < r.dump().checkpoints().size(); k++) {
            Verdict v = DumpReplay.verify(r.dump(), k);
            assertThat(v.bitExact()).as("from checkpoint " + k + ": " + v.describe()).isTrue();
        }
    }

    @Test
    void differentSeedsGiveDifferentSignaturesAndEachReplays() {
        java.util.Set<String> signatures = new java.util.TreeSet<>();
        for (long seed = 1; seed <= 6; seed++) {
            Recording r = Recording.record(Recording.randomTester(300), Recording.config(4, seed, List.of()));
            signatures.add(r.result().consoleOutput());
            Verdict v = r.verify();
            assertThat(v.bitExact()).as("seed " + seed + ": " + v.describe()).isTrue();
        }
        assertThat(signatures.size()).isGreaterThan(1);
    }
}
