package org.fdrsim.replayer;

import org.fdrsim.cpu.core.ArchState;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.recorder.race.Arc;
import org.junit.jupiter.api.Test;

class ReplayParallelismTest {
    private static ReplayInput input(IntervalLog log) {
        return new ReplayInput(Recording.randomTester(10), new org.fdrsim.cpu.mem.SparseMemory(1 << 20),
                List.of(ArchState.atStart(0, 0), ArchState.atStart(1, 0)), List.of(log), a -> false, 0);
    }

    @Test
    void withoutArcsTwoProcessorsReplayFullyInParallel() {
        IntervalLog l = IntervalLog.builder(2, 0).endIc(0, 100).endIc(1, 100).build();
        ReplayParallelism p = ReplayParallelism.of(input(l));
        assertThat(p.criticalPath()).isEqualTo(100);
        assertThat(p.figure()).isEqualTo(2.0);
    }

    @Test
    void aChainOfArcsSerializes() {
        // 1's first instruction waits for all of 0; the path is 100 + 100.
        IntervalLog l = IntervalLog.builder(2, 0).endIc(0, 100).endIc(1, 100)
                .race(1, List.of(new Arc(0, 100, 1, 1))).build();
        assertThat(ReplayParallelism.of(input(l)).criticalPath()).isEqualTo(200);
        // An arc in the middle: 1's 51st waits for 0's 80th: 80 + 50 = 130 < 100 + ... = max(100, 130).
        IntervalLog mid = IntervalLog.builder(2, 0).endIc(0, 100).endIc(1, 100)
                .race(1, List.of(new Arc(0, 80, 1, 51))).build();
        assertThat(ReplayParallelism.of(input(mid)).criticalPath()).isEqualTo(130);
    }

    @Test
    void theRandomTesterHasSomeParallelism() {
        Recording r = Recording.record(Recording.randomTester(300), Recording.config(4, 1, List.of()));
        ReplayParallelism p = ReplayParallelism.of(r.input());
        System.out.printf("random tester, 4 cpus: %d instructions, critical path %d, parallelism %.2f%n",
                p.instructions(), p.criticalPath(), p.figure());
        assertThat(p.figure()).isGreaterThan(1.0).isLessThanOrEqualTo(4.0);
    }
}
