package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fdrsim.cpu.mem.PageCount;
import org.junit.jupiter.api.Test;

/**
 * Snapshots of a replay session: a session restored from a snapshot replays on exactly as the
 * one that never stopped (same state at every later position, the same bit-exact end, the
 * validation probe's checks carried on), whether the snapshot was taken between calls or by a
 * milestone in the middle of a run; on the random tester (4 processors, several intervals) and
 * on the kernel's disk checksum (interrupts, input logs, a DMA engine).
 */
class ReplaySnapshotTest {
    /** The disk checksum over several intervals: interrupts, input logs, three DMA engines, 81 pages. */
    private static Recording disk(long seed) {
        return ValidationTraceTest.diskChecksum(seed, List.of("checkpoint.intervalCycles=60000", "checkpoint.retained=8"));
    }

    private static ReplayProbe probe(Recording r) {
        return DumpReplay.probe(r.dump());
    }

    @Test
    void milestoneSnapshotsOfAFullSpeedReplayRestoreToTheStateAnUninterruptedReplayHasThere() {
        for (Recording r : List.of(ValidationTraceTest.randomTester(3), disk(5))) {
            assertThat(r.input().intervals().size()).as("the replay crosses checkpoints").isGreaterThan(2);
            ReplaySession a = new ReplaySession(r.input(), probe(r), RootOrder.FORWARD, ReplayProgress.NONE);
            long every = Math.max(1, r.input().loggedInstructions() / 25);
            List<ReplaySnapshot> snaps = new ArrayList<>();
            a.setMilestone(every, s -> {
                snaps.add(s.save());
                return s.instructions() + every;
            });
            a.resume();
            assertThat(a.problem()).isNull();
            assertThat(snaps.size()).isBetween(20, 26);
            for (int i = 1; i < snaps.size(); i++) {
                assertThat(snaps.get(i).instructions() - snaps.get(i - 1).instructions())
                        .as("a milestone every %d instructions", every).isBetween(every, every + 20);
            }
            SplittableRandom rnd = new SplittableRandom(7);
            for (int i = 0; i < snaps.size(); i += 3) {
                ReplaySession b = ReplaySession.at(snaps.get(i), probe(r));
                assertThat(b.instructions()).isEqualTo(snaps.get(i).instructions());
                for (int j = i + 1 + rnd.nextInt(3); j < snaps.size(); j += 1 + rnd.nextInt(6)) {
                    ReplayPosition p = snaps.get(j).position();
                    assertThat(b.runTo(p)).as("from snapshot %d to %d", i, j).isTrue();
                    assertSameState(b, ReplaySession.at(snaps.get(j), probe(r)));
                    ReplaySession uninterrupted = new ReplaySession(r.input(), probe(r), RootOrder.FORWARD,
                            ReplayProgress.NONE);
                    assertThat(uninterrupted.runTo(p)).isTrue();
                    assertSameState(b, uninterrupted);
                }
                ValidationProbe v = (ValidationProbe) probe(r);
                ReplaySession c = ReplaySession.at(snaps.get(i), v);
                c.resume();
                Verdict verdict = Verifier.compare(r.input(), c.outcome(0), r.expected());
                assertThat(verdict.bitExact()).as(verdict.describe()).isTrue();
                assertSameState(c, a);
                assertThat(v.hashesChecked()).as("the validation trace is still checked").isPositive();
            }
        }
    }

    @Test
    void snapshotsTakenWhileSteppingRandomAgentsReplayOnAsTheSessionThatWentOn() {
        Recording r = disk(6);
        ReplaySession a = new ReplaySession(r.input(), probe(r), RootOrder.FORWARD, ReplayProgress.NONE);
        SplittableRandom rnd = new SplittableRandom(11);
        int checked = 0;
        while (!a.ended()) {
            // processors only: stepping a DMA engine that has written its last block ends the interval
            int agent = rnd.nextInt(a.cpus());
            int steps = rnd.nextInt(500);
            for (int k = 0; k < steps && a.step(agent); k++) {
                // one agent, one instruction (block) at a time
            }
            if (rnd.nextBoolean()) {
                ReplaySnapshot snap = a.save();
                ReplaySession b = ReplaySession.at(snap, probe(r));
                assertSameState(b, a);
                // both go on the same way: to a later position, then a few steps
                long[] ics = a.position().ics();
                ics[rnd.nextInt(ics.length)] += rnd.nextInt(3000);
                ReplayPosition later = new ReplayPosition(a.interval(), ics);
                a.runTo(later);
                b.runTo(later);
                assertSameState(b, a);
                checked++;
            }
        }
        assertThat(a.problem()).isNull();
        assertThat(checked).isGreaterThan(10);
    }

    @Test
    void aSeriesOfSnapshotsHoldsOnlyThePagesStoredToBetweenThem() {
        Recording r = disk(4);
        ReplaySession a = new ReplaySession(r.input());
        PageCount pages = new PageCount();
        int[] n = {0};
        a.setMilestone(1000, s -> {
            pages.add(s.save().memoryImage());
            n[0]++;
            return s.instructions() + 1000;
        });
        a.resume();
        int used = a.save().memoryImage().pages();
        assertThat(n[0]).isGreaterThan(20);
        // the random tester stores to a few pages again and again: far fewer than one copy of memory per snapshot
        assertThat(pages.pages()).isLessThan(used * n[0] / 4);
        assertThat(pages.pages()).isGreaterThanOrEqualTo(used);
    }

    /** Everything a session shows: position, counters, every processor's state, the log cursors, memory, waits. */
    static void assertSameState(ReplaySession a, ReplaySession b) {
        assertThat(a.position()).isEqualTo(b.position());
        assertThat(a.ended()).isEqualTo(b.ended());
        assertThat(a.problem()).isEqualTo(b.problem());
        assertThat(a.instructions()).isEqualTo(b.instructions());
        assertThat(a.dmaBlocks()).isEqualTo(b.dmaBlocks());
        assertThat(a.intervalsReplayed()).isEqualTo(b.intervalsReplayed());
        for (int c = 0; c < a.cpus(); c++) {
            assertThat(a.snapshot(c)).as("cpu %d at %s", c, a.position()).isEqualTo(b.snapshot(c));
            assertThat(a.inputsConsumed(c)).isEqualTo(b.inputsConsumed(c));
        }
        if (!a.ended()) {
            for (int x = 0; x < a.agentCount(); x++) {
                assertThat(a.waitingFor(x)).isEqualTo(b.waitingFor(x));
            }
        }
        assertThat(a.memory().firstDifference(b.memory())).as("memory at %s", a.position()).isEqualTo(-1);
    }
}
