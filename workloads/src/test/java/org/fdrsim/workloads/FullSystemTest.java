package org.fdrsim.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.io.device.DevicesConfig;
import org.fdrsim.io.device.DiskImage;
import org.fdrsim.io.device.NicTraffic;
import org.fdrsim.io.log.ByteLogSink;
import org.fdrsim.io.log.DmaDataEntry;
import org.fdrsim.io.log.DmaDataLog;
import org.fdrsim.io.log.InputLog;
import org.fdrsim.io.log.InterruptEntry;
import org.fdrsim.io.log.InterruptLog;
import org.fdrsim.machine.MachineBuilder;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The kernel and the full-system examples on the timed machine with its devices. */
class FullSystemTest {
    private static final int PACKETS = 12;

    static MachineConfig config(int cpus, long seed) throws Exception {
        return ConfigLoader.fdr1()
                .set("cpus", Integer.toString(cpus))
                .set("seed", Long.toString(seed))
                .set("devices.enabled", "true")
                .set("devices.disk.sectors", "256")
                .set("devices.disk.seekCycles", "5000")
                .set("devices.disk.transferCyclesPerSector", "500")
                .set("devices.nic.packets", Integer.toString(PACKETS))
                .set("limits.maxCycles", "200000000")
                .build();
    }

    /** What disk-checksum.s must print: its algorithm, done straightforwardly in Java. */
    static long diskChecksum(long seed, int sectors) {
        DiskImage disk = DiskImage.seeded(seed, sectors);
        long total = 0;
        for (int t = 0; t < 10; t++) {
            long c = 0;
            for (int s = 4 * t; s < 4 * t + 4; s++) {
                for (int w = 0; w < 64; w++) {
                    c = c * 31 + disk.word(s, w);
                }
            }
            total += c;
        }
        return total;
    }

    static long packetChecksum(List<NicTraffic.Packet> packets) {
        long total = 0;
        for (NicTraffic.Packet p : packets) {
            byte[] b = p.payload();
            for (int k = 0; k < b.length; k++) {
                total += (long) (k + 1) * (b[k] & 0xff);
            }
        }
        return total;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void diskChecksumIsTheSameOnEveryProcessorCount(int cpus) throws Exception {
        long seed = 7;
        MachineConfig config = config(cpus, seed);
        TimedMachine m = MachineBuilder.timed(KernelPrograms.assemble(KernelPrograms.DISK_CHECKSUM), config,
                Console.silent());
        ByteLogSink dmaData = new ByteLogSink();
        m.deviceSystem().dmaEngines().get(0).dataLog().setSink(dmaData);
        RunResult r = m.run();
        assertThat(r.cause()).as(r.describeStop()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(r.consoleOutput()).isEqualTo(diskChecksum(seed, 256) + "\n");
        assertThat(m.deviceSystem().disk().sectorsMoved()).isEqualTo(40);
        // Every block the disk wrote into memory is in the DMA data log, with its data.
        List<DmaDataEntry> log = DmaDataLog.decode(dmaData.bytes());
        assertThat(log).hasSize(40 * 8);
        DiskImage disk = DiskImage.seeded(seed, 256);
        long[] first = log.get(0).data();
        boolean found = false;
        for (int s = 0; s < 40 && !found; s++) {
            found = first[0] == disk.word(s, 0) && first[7] == disk.word(s, 7);
        }
        assertThat(found).as("the first logged block is the start of some sector").isTrue();
        assertThat(m.deviceSystem().dmaEngines().get(0).agent().instructionCount()).isEqualTo(320);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void packetEchoReturnsEveryPacketOnEveryProcessorCount(int cpus) throws Exception {
        long seed = 3;
        MachineConfig config = config(cpus, seed);
        TimedMachine m = MachineBuilder.timed(KernelPrograms.assemble(KernelPrograms.PACKET_ECHO), config,
                Console.silent());
        RunResult r = m.run();
        assertThat(r.cause()).as(r.describeStop()).isEqualTo(StopCause.ALL_HALTED);
        List<NicTraffic.Packet> world = NicTraffic.generate(seed, config.devices().nic());
        assertThat(r.consoleOutput()).isEqualTo(packetChecksum(world) + "\n");
        List<byte[]> sent = new ArrayList<>(m.deviceSystem().nic().transmitted());
        List<byte[]> expected = new ArrayList<>();
        world.forEach(p -> expected.add(p.payload()));
        Comparator<byte[]> order = Arrays::compare;
        sent.sort(order);
        expected.sort(order);
        assertThat(sent).hasSize(PACKETS);
        for (int i = 0; i < PACKETS; i++) {
            assertThat(sent.get(i)).isEqualTo(expected.get(i));
        }
    }

    /** NIC interrupts (number 3) as (cpu, IC) pairs, from the interrupt log. */
    private static List<String> nicInterrupts(long seed) throws Exception {
        MachineConfig config = config(2, seed);
        TimedMachine m = MachineBuilder.timed(KernelPrograms.assemble(KernelPrograms.PACKET_ECHO), config,
                Console.silent());
        ByteLogSink[] sinks = {new ByteLogSink(), new ByteLogSink()};
        for (int c = 0; c < 2; c++) {
            m.interruptLog().setSink(c, sinks[c]);
        }
        assertThat(m.run().cause()).isEqualTo(StopCause.ALL_HALTED);
        List<String> nic = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            List<InterruptEntry> entries = InterruptLog.decode(sinks[c].bytes());
            assertThat(entries).isNotEmpty();
            for (InterruptEntry e : entries) {
                if (e.number() == 3) {
                    nic.add("cpu" + c + "@" + e.ic());
                }
            }
        }
        return nic;
    }

    @Test
    void interruptsArriveAtDifferentInstructionCountsWithDifferentSeeds() throws Exception {
        List<String> a = nicInterrupts(1);
        List<String> again = nicInterrupts(1);
        List<String> b = nicInterrupts(2);
        assertThat(a).isNotEmpty();
        assertThat(again).as("same seed, same interrupts").isEqualTo(a);
        assertThat(b).as("another seed moves the arrivals").isNotEqualTo(a);
    }

    @Test
    void consoleInputFromAFileReachesTheProgramAndTheInputLog() throws Exception {
        byte[] input = "Flight data, recorded.".getBytes(StandardCharsets.US_ASCII);
        TimedMachine m = MachineBuilder.timed(KernelPrograms.assemble(KernelPrograms.CONSOLE_ECHO), config(2, 1),
                new Console(input, null));
        ByteLogSink[] sinks = {new ByteLogSink(), new ByteLogSink()};
        m.inputLog().setSink(0, sinks[0]);
        m.inputLog().setSink(1, sinks[1]);
        RunResult r = m.run();
        assertThat(r.consoleOutput()).isEqualTo("FLIGHT DATA, RECORDED.\n" + input.length + "\n");
        // Every input byte and the final -1 were device loads: all of them are in the input logs.
        List<Long> logged = new ArrayList<>();
        for (ByteLogSink s : sinks) {
            for (long v : InputLog.decode(s.bytes())) {
                logged.add(v);
            }
        }
        for (byte b : input) {
            assertThat(logged).contains((long) b);
        }
        assertThat(logged).contains(-1L);
    }

    @Test
    void aUserProgramLinksAgainstTheKernelFromMemory() throws Exception {
        String user = """
                .include "kernel/kernel.s"
                .data
                user_threads: .word 3, t, t, t
                .align 64
                count: .word 0
                .text
                t:      li   r16, 50
                again:  trap SYS_YIELD
                        addi r16, r16, -1
                        bne  r16, zero, again
                        la   r1, count
                        li   r2, 1
                        fadd r3, r2, 0(r1)
                        li   r2, 2
                        bne  r3, r2, out
                        li   r10, 42
                        trap SYS_PUTINT
                out:    ret
                """;
        ProgramImage p = KernelPrograms.assembleUser("user.s", user);
        MachineConfig config = ConfigLoader.fdr1().set("cpus", "2").build(); // no devices needed
        RunResult r = MachineBuilder.timed(p, config, Console.silent()).run();
        assertThat(r.cause()).as(r.describeStop()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(r.consoleOutput()).isEqualTo("42\n");
    }

    /** More seeds and the fixed interrupt routing; {@code fdrsim.test.scale} multiplies the seeds. */
    @Test
    void diskChecksumHoldsAcrossSeedsAndWithFixedRouting() throws Exception {
        int seeds = 2 * Integer.getInteger("fdrsim.test.scale", 1);
        for (long seed = 100; seed < 100 + seeds; seed++) {
            MachineConfig config = ConfigLoader.fdr1()
                    .set("cpus", "3")
                    .set("seed", Long.toString(seed))
                    .set("devices.enabled", "true")
                    .set("devices.disk.sectors", "64")
                    .set("devices.disk.seekCycles", "3000")
                    .set("devices.disk.transferCyclesPerSector", "300")
                    .set("devices.interrupts.routing", seed % 2 == 0 ? "fixed" : "round-robin")
                    .build();
            TimedMachine m = MachineBuilder.timed(KernelPrograms.assemble(KernelPrograms.DISK_CHECKSUM), config,
                    Console.silent());
            RunResult r = m.run();
            assertThat(r.cause()).as("seed %d: %s", seed, r.describeStop()).isEqualTo(StopCause.ALL_HALTED);
            assertThat(r.consoleOutput()).as("seed %d", seed).isEqualTo(diskChecksum(seed, 64) + "\n");
        }
    }

    @Test
    void defaultsAreValid() {
        assertThat(DevicesConfig.defaults().problems("devices", 4)).isEmpty();
    }
}
