package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.io.log.DmaDataEntry;
import org.fdrsim.io.log.InterruptEntry;
import org.fdrsim.workloads.KernelPrograms;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Full-system programs (kernel, timer interrupts, disk and NIC DMA, device loads) replay
 * bit-exact; tampering with the input, interrupt or DMA logs is caught.
 */
class FullSystemReplayTest {
    static final List<String> DEVICES = List.of("devices.enabled=true", "devices.disk.sectors=256",
            "devices.disk.seekCycles=5000", "devices.disk.transferCyclesPerSector=500", "devices.nic.packets=12",
            "limits.maxCycles=200000000");

    static ProgramImage program(String name) {
        try {
            return KernelPrograms.assemble(name);
        } catch (org.fdrsim.cpu.asm.AssemblyException e) {
            throw new IllegalStateException(e);
        }
    }

    static Recording record(String name, int cpus, long seed, List<String> extra) {
        List<String> sets = new ArrayList<>(DEVICES);
        sets.addAll(extra);
        return Recording.record(program(name), Recording.config(cpus, seed, sets));
    }

    @ParameterizedTest(name = "{0} on {1} cpus, tiny caches {2}")
    @CsvSource({"programs/fullsys/disk-checksum.s, 2, false", "programs/fullsys/disk-checksum.s, 4, true",
            "programs/fullsys/packet-echo.s, 2, false", "programs/fullsys/packet-echo.s, 4, true",
            "programs/commercial/oltp.s, 4, false", "programs/commercial/web.s, 4, false",
            "programs/commercial/jbb.s, 4, true"})
    void replaysBitExact(String name, int cpus, boolean tiny) {
        Recording r = record(name, cpus, 3, tiny ? Recording.TINY : List.of());
        long interrupts = 0;
        long dma = 0;
        long inputs = 0;
        for (IntervalLog l : r.input().intervals()) {
            for (int c = 0; c < cpus; c++) {
                interrupts += l.interrupts(c).size();
                inputs += l.inputs(c).length;
            }
            for (int k = 0; k < l.dmaEngines(); k++) {
                dma += l.dmaData(k).size();
            }
        }
        assertThat(interrupts).as("interrupts").isPositive();
        assertThat(inputs).as("device loads").isPositive();
        if (name.contains("fullsys")) {
            assertThat(dma).as("DMA blocks").isPositive();
        }
        Verdict v = r.verify();
        assertThat(v.bitExact()).as(r.result().describeStop() + "\n" + v.describe()).isTrue();
        assertThat(v.outcome().dmaBlocks()).isEqualTo(dma);
    }

    @Test
    void acrossCheckpointsFromTheOldestAndTheNewestRetainedCheckpoint() {
        Recording r = record(KernelPrograms.DISK_CHECKSUM, 4, 5, List.of("checkpoint.intervalCycles=300000",
                "checkpoint.retained=4", "checkpoint.replayIntervalTargetCycles=100000000000"));
        int retained = r.dump().checkpoints().size();
        assertThat(retained).isGreaterThanOrEqualTo(3);
        for (int k : new int[] {0, retained - 1}) {
            Verdict v = DumpReplay.verify(r.dump(), k);
            assertThat(v.bitExact()).as("from checkpoint " + k + ": " + v.describe()).isTrue();
            assertThat(v.outcome().intervals()).isEqualTo(retained - k);
        }
    }

    @Test
    void aTriggerInTheMiddleOfARun() {
        Recording r = record(KernelPrograms.PACKET_ECHO, 4, 9, List.of("limits.maxCycles=120000",
                "checkpoint.intervalCycles=50000"));
        assertThat(r.result().cause().name()).isEqualTo("CYCLE_LIMIT");
        Verdict v = r.verify();
        assertThat(v.bitExact()).as(v.describe()).isTrue();
    }

    // ---- tampering with the I/O logs ----

    private static Recording diskRun() {
        return record(KernelPrograms.DISK_CHECKSUM, 4, 11, List.of());
    }

    @Test
    void alteringOneInputLogValueIsCaught() {
        int caught = 0;
        int trials = 0;
        for (long seed = 11; seed < 11 + 4 * Recording.scale(); seed++) {
            Recording r = record(KernelPrograms.DISK_CHECKSUM, 4, seed, List.of());
            IntervalLog l = r.log();
            for (int c = 0; c < l.cpus(); c++) {
                long[] in = l.inputs(c);
                if (in.length == 0) {
                    continue;
                }
                // The last value: device status read by a driver, or a rdcycle the program uses.
                for (int idx : new int[] {in.length - 1, in.length / 2}) {
                    long[] bad = in.clone();
                    bad[idx] ^= 0x5;
                    Verdict v = r.verifyWith(List.of(l.toBuilder().inputs(c, bad).build()));
                    trials++;
                    if (!v.bitExact()) {
                        caught++;
                    }
                }
            }
        }
        System.out.println("input log: caught " + caught + " of " + trials);
        assertThat(caught).isGreaterThanOrEqualTo(trials * 9 / 10);
    }

    @Test
    void droppingOrAddingAnInputLogValueIsAlwaysCaught() {
        Recording r = diskRun();
        IntervalLog l = r.log();
        int c = 0;
        while (l.inputs(c).length == 0) {
            c++;
        }
        long[] in = l.inputs(c);
        Verdict shorter = r.verifyWith(List.of(l.toBuilder().inputs(c, java.util.Arrays.copyOf(in, in.length - 1)).build()));
        assertThat(shorter.bitExact()).isFalse();
        assertThat(shorter.divergence().kind()).isEqualTo(Divergence.Kind.LOG_MISMATCH);
        assertThat(shorter.divergence().what()).contains("read more inputs than its input log holds");
        Verdict longer = r.verifyWith(List.of(l.toBuilder().inputs(c, java.util.Arrays.copyOf(in, in.length + 1)).build()));
        assertThat(longer.bitExact()).isFalse();
        assertThat(longer.divergence().what()).contains("consumed " + in.length + " of the " + (in.length + 1));
    }

    @Test
    void interruptLogTamperingIsCaught() {
        Recording r = diskRun();
        IntervalLog l = r.log();
        int c = 0;
        while (l.interrupts(c).size() < 3) {
            c++;
        }
        List<InterruptEntry> ints = l.interrupts(c);
        // deleted
        List<InterruptEntry> fewer = new ArrayList<>(ints);
        fewer.remove(1);
        assertThat(r.verifyWith(List.of(l.toBuilder().interrupts(c, fewer).build())).bitExact()).isFalse();
        // moved one instruction later
        List<InterruptEntry> later = new ArrayList<>(ints);
        later.set(1, new InterruptEntry(ints.get(1).ic() + 1, ints.get(1).number()));
        assertThat(r.verifyWith(List.of(l.toBuilder().interrupts(c, later).build())).bitExact()).isFalse();
        // another interrupt number
        List<InterruptEntry> other = new ArrayList<>(ints);
        other.set(1, new InterruptEntry(ints.get(1).ic(), ints.get(1).number() == 1 ? 2 : 1));
        Verdict v = r.verifyWith(List.of(l.toBuilder().interrupts(c, other).build()));
        assertThat(v.bitExact()).isFalse();
        System.out.println(v.describe());
    }

    @Test
    void dmaLogTamperingIsCaught() {
        Recording r = diskRun();
        IntervalLog l = r.log();
        int k = 0;
        while (l.dmaData(k).isEmpty()) {
            k++;
        }
        List<DmaDataEntry> data = l.dmaData(k);
        // one data word altered
        List<DmaDataEntry> altered = new ArrayList<>(data);
        long[] words = data.get(data.size() / 2).data();
        words[3] ^= 1;
        altered.set(data.size() / 2, new DmaDataEntry(data.get(data.size() / 2).address(), words));
        Verdict v = r.verifyWith(List.of(l.toBuilder().dmaData(k, altered).build()));
        assertThat(v.bitExact()).isFalse();
        // the last block dropped
        List<DmaDataEntry> fewer = new ArrayList<>(data.subList(0, data.size() - 1));
        assertThat(r.verifyWith(List.of(l.toBuilder().dmaData(k, fewer).build())).bitExact()).isFalse();
        // every DMA race arc dropped: the DMA writes may land before the processors' reads
        int agent = l.cpus() + k;
        IntervalLog.Builder b = l.toBuilder();
        for (int a = 0; a < l.agents(); a++) {
            List<org.fdrsim.recorder.race.Arc> kept = new ArrayList<>();
            for (var e : l.race(a)) {
                if (e.from() != agent && a != agent) {
                    kept.add(e);
                }
            }
            b.race(a, kept);
        }
        assertThat(r.verifyWith(List.of(b.build())).bitExact()).isFalse();
    }
}
