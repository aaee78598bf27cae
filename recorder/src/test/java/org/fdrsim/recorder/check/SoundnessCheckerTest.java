package org.fdrsim.recorder.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.trace.AccessTrace;
import org.junit.jupiter.api.Test;

class SoundnessCheckerTest {
    private static final long X = 0x100;
    private static final long Y = 0x200;

    @Test
    void anUnorderedConflictIsReportedAndAnArcOrdersIt() {
        AccessTrace t = new AccessTrace();
        t.record(0, 1, X, true);
        t.record(1, 1, X + 8, false); // same block, other word: a block conflict
        assertThat(SoundnessChecker.check(t, new ArcLog(), 2).sound()).isFalse();
        ArcLog arcs = new ArcLog();
        arcs.add(0, 1, 1, 1);
        assertThat(SoundnessChecker.check(t, arcs, 2).sound()).isTrue();
    }

    @Test
    void loadsDoNotConflictAndOtherBlocksDoNot() {
        AccessTrace t = new AccessTrace();
        t.record(0, 1, X, false);
        t.record(1, 1, X, false);
        t.record(1, 2, Y, true);
        SoundnessReport r = SoundnessChecker.check(t, new ArcLog(), 2);
        assertThat(r.sound()).isTrue();
        assertThat(r.pairsChecked()).isZero();
    }

    @Test
    void orderCanComeThroughAThirdProcessorAndProgramOrder() {
        AccessTrace t = new AccessTrace();
        t.record(0, 3, X, true);
        t.record(2, 9, Y, true);
        t.record(1, 7, X, false);
        ArcLog arcs = new ArcLog();
        arcs.add(0, 4, 2, 5); // 0:3 < 0:4 -> 2:5 < 2:8 -> 1:6 < 1:7
        arcs.add(2, 8, 1, 6);
        assertThat(SoundnessChecker.check(t, arcs, 3).sound()).isTrue();
        ArcLog tooLate = new ArcLog();
        tooLate.add(0, 4, 2, 5);
        tooLate.add(2, 8, 1, 8); // ends after the load: does not order it
        SoundnessReport r = SoundnessChecker.check(t, tooLate, 3);
        assertThat(r.sound()).isFalse();
        assertThat(r.firstViolation()).isEqualTo("store 0:3 and load 1:7 on block 0x100");
    }

    @Test
    void aStoreMustFollowEveryEarlierLoadOfOtherProcessors() {
        AccessTrace t = new AccessTrace();
        t.record(1, 1, X, false);
        t.record(2, 1, X, false);
        t.record(0, 1, X, true);
        ArcLog arcs = new ArcLog();
        arcs.add(1, 1, 0, 1);
        assertThat(SoundnessChecker.check(t, arcs, 3).violations()).isEqualTo(1);
        arcs.add(2, 1, 0, 1);
        assertThat(SoundnessChecker.check(t, arcs, 3).sound()).isTrue();
    }

    @Test
    void olderConflictsAreCoveredThroughTheLastStore() {
        // 0 stores, 1 stores (ordered after 0), 2 loads (ordered after 1 only): 0 -> 2 by transitivity.
        AccessTrace t = new AccessTrace();
        t.record(0, 1, X, true);
        t.record(1, 1, X, true);
        t.record(2, 1, X, false);
        ArcLog arcs = new ArcLog();
        arcs.add(0, 1, 1, 1);
        arcs.add(1, 1, 2, 1);
        assertThat(SoundnessChecker.check(t, arcs, 3).sound()).isTrue();
    }

    @Test
    void arcsThatFormACycleWithProgramOrderAreRejected() {
        AccessTrace t = new AccessTrace();
        t.record(0, 1, X, false);
        ArcLog arcs = new ArcLog();
        arcs.add(0, 2, 1, 1);
        arcs.add(1, 2, 0, 1);
        assertThat(SoundnessChecker.check(t, arcs, 2).cyclic()).isTrue();
    }

    @Test
    void aMillionAccessesAreCheckedQuickly() {
        AccessTrace t = new AccessTrace();
        ArcLog arcs = new ArcLog();
        long[] ic = new long[4];
        for (int i = 0; i < 1_000_000; i++) {
            int cpu = i % 4;
            ic[cpu]++;
            long block = 64L * (i % 999); // 999: blocks rotate across processors
            if (i > 0 && i % 4 == 0) {
                arcs.add(3, ic[3], 0, ic[0]); // a ring of arcs orders consecutive accesses
            } else if (i > 0) {
                arcs.add(cpu - 1, ic[cpu - 1], cpu, ic[cpu]);
            }
            t.record(cpu, ic[cpu], block, i % 3 == 0);
        }
        SoundnessReport r = SoundnessChecker.check(t, arcs, 4);
        assertThat(r.sound()).as(r.toString()).isTrue();
        assertThat(r.pairsChecked()).isPositive();
    }
}
