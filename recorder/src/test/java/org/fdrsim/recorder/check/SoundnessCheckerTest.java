package org.fdrsim.recorder.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.compress.ChunkCompressor;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.race.RaceEntry;
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

    @Test
    void theStoredRaceLogBytesAreWhatIsChecked() {
        AccessTrace t = new AccessTrace();
        t.record(0, 1, X, true);
        t.record(1, 1, X, false);
        t.record(2, 1, X, true); // DMA engine 0 of a 2-processor machine
        CheckpointState ordered = interval(LogKind.MEMORY_RACE, 1, RaceEntry.BYTES, 0, 1, 1);
        assertThat(SoundnessChecker.storedArcs(ordered, 2).line(0)).isEqualTo("0:1 -> 1:1");
        SoundnessReport missingDma = SoundnessChecker.check(t, ordered, 2);
        assertThat(missingDma.sound()).isFalse();
        assertThat(missingDma.firstViolation()).contains("2:1");
        // The engine's arc, in the DMA race log of engine 0 (agent 2), orders the rest.
        CheckpointState both = new CheckpointState(0, 0, 0, List.of(ArchState.atStart(0, 0), ArchState.atStart(1, 0)),
                new long[1], List.of(ordered.logs().get(0), interval(LogKind.DMA_RACE, 0, RaceEntry.BYTES, 1, 1, 1)
                        .logs().get(0)));
        assertThat(SoundnessChecker.check(t, both, 2).sound()).isTrue();
        // A stored entry whose IC is off by one (the arc ends after the load) is caught.
        AccessTrace cpusOnly = new AccessTrace();
        cpusOnly.record(0, 1, X, true);
        cpusOnly.record(1, 1, X, false);
        assertThat(SoundnessChecker.check(cpusOnly, ordered, 2).sound()).isTrue();
        CheckpointState late = interval(LogKind.MEMORY_RACE, 1, RaceEntry.BYTES, 0, 1, 2);
        assertThat(SoundnessChecker.check(cpusOnly, late, 2).sound()).isFalse();
    }

    /** A one-segment interval: a race log of {@code owner} holding one entry, compressed as the recorder stores it. */
    private static CheckpointState interval(LogKind kind, int owner, int bytes, int otherId, long otherIc, long ownIc) {
        byte[] entry = new byte[bytes];
        RaceEntry.encode(entry, 0, otherId, otherIc, ownIc);
        ChunkCompressor c = new ChunkCompressor(ChunkCompressor.DEFAULT_CHUNK, n -> { });
        c.write(entry, 0, entry.length);
        LogSegment s = new LogSegment(kind, owner, 1, bytes, c.cutSegment());
        return new CheckpointState(0, 0, 0, List.of(ArchState.atStart(0, 0), ArchState.atStart(1, 0)), new long[1],
                List.of(s));
    }
}
