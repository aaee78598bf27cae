package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.StateHash;
import org.fdrsim.recorder.dump.ValidationTrace;
import org.fdrsim.recorder.race.Arc;
import org.fdrsim.workloads.KernelPrograms;
import org.junit.jupiter.api.Test;

/**
 * The validation trace ({@code recorder.validate}): a validated recording replays clean;
 * tampering with the race or input log is reported as a validation divergence whose IC window
 * holds the first instruction whose state differs; a tampered trace is itself a divergence; runs
 * without validation have no trace and no probe.
 */
class ValidationTraceTest {
    static final List<String> VALIDATE = List.of("recorder.validate=true", "recorder.validateEvery=2000");

    static Recording diskChecksum(long seed, List<String> extra) {
        List<String> sets = new ArrayList<>(VALIDATE);
        sets.addAll(extra);
        return FullSystemReplayTest.record(KernelPrograms.DISK_CHECKSUM, 4, seed, sets);
    }

    static Recording randomTester(long seed) {
        List<String> sets = new ArrayList<>(VALIDATE);
        sets.add("checkpoint.intervalCycles=40000");
        return Recording.record(Recording.randomTester(1500), Recording.config(4, seed, sets));
    }

    /** Stops every processor at every IC and keeps its state hash: the first instruction whose state differs. */
    static final class EveryInstruction implements ReplayProbe {
        final Map<String, List<Long>> hashes = new HashMap<>();

        @Override
        public long nextStop(int cpu, long ic) {
            return ic + 1;
        }

        @Override
        public Divergence reached(int interval, Processor p) {
            List<Long> l = hashes.computeIfAbsent(interval + ":" + p.id(), k -> new ArrayList<>());
            assertThat(l.size()).isEqualTo(p.instructionCount() - 1);
            l.add(StateHash.of(p));
            return null;
        }

        /** The first IC of {@code cpu} in {@code interval} at which the two replays' states differ (-1: none). */
        long firstDifference(EveryInstruction other, int interval, int cpu) {
            List<Long> a = hashes.getOrDefault(interval + ":" + cpu, List.of());
            List<Long> b = other.hashes.getOrDefault(interval + ":" + cpu, List.of());
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                if (!a.get(i).equals(b.get(i))) {
                    return i + 1;
                }
            }
            return a.size() == b.size() ? -1 : Math.min(a.size(), b.size()) + 1;
        }
    }

    /** Replays {@code tampered} against the dump's trace; asserts a validation divergence in the right window. */
    static ValidationProbe.Window assertCaughtInTheRightWindow(CoreDump dump, ReplayInput clean, ReplayInput tampered) {
        ValidationProbe probe = new ValidationProbe(dump.validation(), dump.program());
        ReplayOutcome out = Replayer.replay(tampered, probe);
        assertThat(out.problem()).as("tampering went unnoticed by replay").isNotNull();
        Divergence d = out.problem();
        assertThat(d.kind()).as(d.describe()).isEqualTo(Divergence.Kind.VALIDATION_TRACE);
        ValidationProbe.Window w = probe.window();
        assertThat(w).isNotNull();
        assertThat(d.what()).contains("first divergent interval: processor " + w.cpu(),
                "ICs " + (w.fromIc() + 1) + ".." + w.toIc());
        EveryInstruction a = new EveryInstruction();
        EveryInstruction b = new EveryInstruction();
        Replayer.replay(clean, a);
        Replayer.replay(tampered, b);
        long first = a.firstDifference(b, w.interval(), w.cpu());
        assertThat(first).as("the processor named really diverged: " + d.describe()).isPositive();
        assertThat(w.contains(first)).as("window %s holds the first divergent instruction %d%n%s", w, first,
                d.describe()).isTrue();
        return w;
    }

    @Test
    void validatedRecordingsReplayCleanFromEveryRetainedCheckpoint() {
        Recording disk = diskChecksum(5, List.of("checkpoint.intervalCycles=300000", "checkpoint.retained=4",
                "checkpoint.replayIntervalTargetCycles=100000000000"));
        Recording rt = randomTester(7);
        for (Recording r : List.of(disk, rt)) {
            CoreDump dump = r.dump();
            assertThat(dump.validation()).isNotNull();
            assertThat(dump.validation().every()).isEqualTo(2000);
            assertThat(dump.checkpoints().size()).isGreaterThanOrEqualTo(3);
            for (int k = 0; k < dump.checkpoints().size(); k++) {
                ReplayProbe probe = DumpReplay.probe(dump);
                Verdict v = Verifier.verify(DumpReplay.input(dump, k), probe, DumpReplay.expected(dump));
                assertThat(v.bitExact()).as("from checkpoint " + k + ": " + v.describe()).isTrue();
                ValidationProbe vp = (ValidationProbe) probe;
                assertThat(vp.window()).isNull();
                assertThat(vp.hashesChecked()).isPositive();
            }
        }
        long[] counts = disk.dump().validation().counts();
        assertThat(counts[1]).as("device stores in the disk-checksum trace").isPositive();
        ValidationProbe vp = new ValidationProbe(disk.dump().validation(), disk.dump().program());
        assertThat(Replayer.replay(DumpReplay.input(disk.dump(), 0), vp).completed()).isTrue();
        assertThat(vp.hashesChecked()).isEqualTo(counts[0]);
        assertThat(vp.storesChecked()).isEqualTo(counts[1]);
    }

    @Test
    void anAlteredInputValueIsPinpointedToTheWindowOfTheFirstDivergentInstruction() {
        int found = 0;
        for (long seed = 11; seed < 15; seed++) {
            Recording r = diskChecksum(seed, List.of());
            ReplayInput clean = DumpReplay.input(r.dump(), 0);
            IntervalLog l = clean.intervals().get(0);
            for (int c = 0; c < l.cpus(); c++) {
                long[] in = l.inputs(c);
                if (in.length == 0) {
                    continue;
                }
                long[] bad = in.clone();
                bad[in.length / 2] ^= 0x5;
                ReplayInput tampered = clean.withIntervals(List.of(l.toBuilder().inputs(c, bad).build()));
                ReplayOutcome plain = Replayer.replay(tampered);
                if (plain.completed() && Verifier.compare(tampered, plain, r.expected()).bitExact()) {
                    continue; // the altered value was never used (e.g. a status bit nobody tests)
                }
                ValidationProbe.Window w = assertCaughtInTheRightWindow(r.dump(), clean, tampered);
                assertThat(w.cpu()).isEqualTo(c);
                found++;
            }
        }
        assertThat(found).isGreaterThanOrEqualTo(4);
    }

    @Test
    void deletedRaceArcsArePinpointedToTheWindowOfTheFirstDivergentInstruction() {
        int caught = 0;
        int trials = 0;
        for (long seed = 1; seed <= 6; seed++) {
            Recording r = randomTester(seed);
            ReplayInput clean = DumpReplay.input(r.dump(), 0);
            SplittableRandom rnd = new SplittableRandom(seed);
            List<IntervalLog> tampered = new ArrayList<>();
            for (IntervalLog l : clean.intervals()) {
                IntervalLog.Builder b = l.toBuilder();
                for (int a = 0; a < l.cpus(); a++) {
                    List<Arc> kept = new ArrayList<>();
                    for (Arc e : l.race(a)) {
                        if (rnd.nextInt(10) != 0) {
                            kept.add(e);
                        }
                    }
                    b.race(a, kept);
                }
                tampered.add(b.build());
            }
            ReplayInput t = clean.withIntervals(tampered);
            trials++;
            Verdict plain = Verifier.compare(t, Replayer.replay(t), r.expected());
            if (plain.bitExact() || plain.divergence().kind() == Divergence.Kind.DEADLOCK) {
                continue; // an unchanged execution has nothing to find; a deadlock is reported as such
            }
            assertCaughtInTheRightWindow(r.dump(), clean, t);
            caught++;
        }
        System.out.println("race log: " + caught + " of " + trials + " tampered runs pinpointed by the trace");
        assertThat(caught).isGreaterThanOrEqualTo(3);
    }

    @Test
    void aTamperedTraceIsItselfADivergence() {
        Recording r = diskChecksum(5, List.of());
        CoreDump dump = r.dump();
        ValidationTrace t = dump.validation();
        // one hash altered
        ValidationTrace.CpuTrace c1 = t.intervals().get(0).cpus().get(1);
        ValidationTrace.HashPoint h = c1.hashes().get(c1.hashes().size() / 2);
        List<ValidationTrace.HashPoint> hashes = new ArrayList<>(c1.hashes());
        hashes.set(c1.hashes().size() / 2, new ValidationTrace.HashPoint(h.ic(), h.hash() ^ 1));
        Divergence d = replayWith(dump, t, 1, new ValidationTrace.CpuTrace(hashes, c1.stores()));
        assertThat(d.what()).contains("state hash differs at IC " + h.ic());
        assertThat(d.ic()).isEqualTo(h.ic());
        // one device store's value altered
        int cpu = 0;
        while (t.intervals().get(0).cpus().get(cpu).stores().isEmpty()) {
            cpu++;
        }
        ValidationTrace.CpuTrace cs = t.intervals().get(0).cpus().get(cpu);
        ValidationTrace.IoStore s = cs.stores().get(0);
        List<ValidationTrace.IoStore> stores = new ArrayList<>(cs.stores());
        stores.set(0, new ValidationTrace.IoStore(s.ic(), s.address(), s.value() + 1));
        d = replayWith(dump, t, cpu, new ValidationTrace.CpuTrace(cs.hashes(), stores));
        assertThat(d.what()).contains("device store at IC " + s.ic() + " differs");
        assertThat(d.instruction()).as(d.describe()).startsWith("st ");
        // a store the replay never makes, and a hash past the end
        stores = new ArrayList<>(cs.stores());
        stores.add(new ValidationTrace.IoStore(Long.MAX_VALUE - 1, s.address(), 1));
        d = replayWith(dump, t, cpu, new ValidationTrace.CpuTrace(cs.hashes(), stores));
        assertThat(d.what()).contains("did not make the device store");
        hashes = new ArrayList<>(cs.hashes());
        hashes.add(new ValidationTrace.HashPoint(Long.MAX_VALUE - 1, 0));
        d = replayWith(dump, t, cpu, new ValidationTrace.CpuTrace(hashes, cs.stores()));
        assertThat(d.what()).contains("replay ended the interval before reaching it");
        // the logs themselves are fine: without the trace the replay is bit-exact
        assertThat(Verifier.verify(DumpReplay.input(dump, 0), DumpReplay.expected(dump)).bitExact()).isTrue();
    }

    private static Divergence replayWith(CoreDump dump, ValidationTrace t, int cpu, ValidationTrace.CpuTrace trace) {
        List<ValidationTrace.CpuTrace> cpus = new ArrayList<>(t.intervals().get(0).cpus());
        cpus.set(cpu, trace);
        List<ValidationTrace.Interval> intervals = new ArrayList<>(t.intervals());
        intervals.set(0, new ValidationTrace.Interval(t.intervals().get(0).checkpoint(), cpus));
        CoreDump tampered = dump.withValidation(new ValidationTrace(t.every(), intervals));
        Verdict v = DumpReplay.verify(tampered, 0);
        assertThat(v.bitExact()).as("a tampered trace was accepted").isFalse();
        assertThat(v.divergence().kind()).isEqualTo(Divergence.Kind.VALIDATION_TRACE);
        assertThat(v.divergence().agent()).isEqualTo(cpu);
        return v.divergence();
    }

    @Test
    void runsWithoutValidationHaveNoTraceAndNoProbe() {
        Recording r = FullSystemReplayTest.record(KernelPrograms.DISK_CHECKSUM, 4, 5, List.of());
        assertThat(r.dump().validation()).isNull();
        assertThat(r.machine().validation()).isNull();
        assertThat(DumpReplay.probe(r.dump())).isSameAs(ReplayProbe.NONE);
        assertThat(r.dump().configText()).doesNotContain("validate");
    }
}
