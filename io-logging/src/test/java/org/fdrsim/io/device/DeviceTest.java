package org.fdrsim.io.device;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.coherence.CoherenceListener;
import org.fdrsim.io.log.ByteLogSink;
import org.fdrsim.io.log.DmaDataEntry;
import org.fdrsim.io.log.DmaDataLog;
import org.junit.jupiter.api.Test;

class DeviceTest {
    private static final long BUF = 0x40000;

    private static long[] diskRead(DeviceRig rig, long sector, long count, long address) {
        rig.store(DeviceMap.DISK_SECTOR, sector);
        rig.store(DeviceMap.DISK_ADDR, address);
        rig.store(DeviceMap.DISK_COUNT, count);
        rig.store(DeviceMap.DISK_CMD, DeviceMap.DISK_CMD_READ);
        assertThat(rig.load(DeviceMap.DISK_STATUS)).isEqualTo(DeviceMap.STATUS_BUSY);
        rig.until(() -> rig.load(DeviceMap.DISK_STATUS) != DeviceMap.STATUS_BUSY);
        long[] words = new long[(int) count * 64];
        for (int i = 0; i < words.length; i++) {
            words[i] = rig.mem.coherentWord(address + 8L * i);
        }
        return words;
    }

    @Test
    void diskReadMovesSeededSectorsByDmaLogsEveryBlockAndInterrupts() {
        DeviceRig rig = new DeviceRig(4, 11, DeviceRig.config());
        ByteLogSink sink = new ByteLogSink();
        DmaEngine engine = rig.devices.dmaEngines().get(0);
        engine.dataLog().setSink(sink);
        long start = rig.queue.now();
        long[] words = diskRead(rig, 5, 2, BUF);
        DiskImage expected = DiskImage.seeded(11, 64);
        for (int i = 0; i < words.length; i++) {
            assertThat(words[i]).isEqualTo(expected.word(5 + i / 64, i % 64));
        }
        assertThat(rig.load(DeviceMap.DISK_STATUS)).isEqualTo(DeviceMap.STATUS_DONE);
        assertThat(rig.queue.now() - start).as("seek + 2 transfers").isGreaterThanOrEqualTo(1000 + 2 * 200);
        // Round robin: the first device interrupt goes to cpu 0.
        assertThat(rig.cpus[0].pendingInterrupts()).isEqualTo(1L << DeviceMap.IRQ_DISK);
        List<DmaDataEntry> log = DmaDataLog.decode(sink.bytes());
        assertThat(log).hasSize(16);
        assertThat(log.get(0).address()).isEqualTo(BUF);
        assertThat(log.get(0).data()[0]).isEqualTo(expected.word(5, 0));
        assertThat(engine.agent().instructionCount()).isEqualTo(16);
        assertThat(engine.agent().id()).isEqualTo(4);
        rig.store(DeviceMap.DISK_STATUS, 0);
        assertThat(rig.load(DeviceMap.DISK_STATUS)).isEqualTo(DeviceMap.STATUS_IDLE);
    }

    @Test
    void aDmaWriteInvalidatesACachedCopySoTheProcessorSeesTheNewData() {
        DeviceRig rig = new DeviceRig(2, 3, DeviceRig.config());
        rig.cpuStore(1, BUF + 8, 1234); // cpu 1 owns the block dirty
        assertThat(rig.cpuLoad(0, BUF)).isZero(); // cpu 0 shares it
        diskRead(rig, 0, 1, BUF);
        DiskImage expected = DiskImage.seeded(3, 64);
        assertThat(rig.cpuLoad(0, BUF)).isEqualTo(expected.word(0, 0));
        assertThat(rig.cpuLoad(1, BUF + 8)).isEqualTo(expected.word(0, 1));
        int engineId = rig.devices.dmaEngines().get(0).agent().id();
        long last = BUF + 64 * 7; // not touched by a processor after the DMA: last owner stays the engine
        assertThat(rig.mem.directory(rig.mem.home(last)).owner(last)).isEqualTo(engineId);
    }

    @Test
    void dmaAcksCarryTheProcessorsPiggybackToTheEngine() {
        DeviceRig rig = new DeviceRig(2, 3, DeviceRig.config());
        List<String> arcs = new ArrayList<>();
        rig.mem.addListener(new CoherenceListener() {
            @Override
            public long replySending(long now, int sender, Agent agent, int requester, long block, ReplyKind kind) {
                return agent == Agent.CACHE ? 100 + sender : 0;
            }

            @Override
            public void dmaReplyReceived(long now, int engine, long engineIc, int sender, Agent agent, long block,
                    ReplyKind kind, long piggyback) {
                if (piggyback != 0) {
                    arcs.add(engine + "<-" + sender + ":" + piggyback + " at ic " + (engineIc + 1));
                }
            }
        });
        rig.cpuLoad(1, BUF + 64);
        diskRead(rig, 0, 1, BUF);
        assertThat(arcs).containsExactly("2<-1:101 at ic 2");
    }

    @Test
    void badDiskCommandsSetErrorStatusAndInterruptInsteadOfCrashing() {
        DeviceRig rig = new DeviceRig(1, 1, DeviceRig.config());
        long[][] cases = {
            {0, BUF, 1, 7, DeviceMap.ERR_BAD_COMMAND},
            {63, BUF, 2, DeviceMap.DISK_CMD_READ, DeviceMap.ERR_RANGE},
            {0, BUF, 0, DeviceMap.DISK_CMD_READ, DeviceMap.ERR_RANGE},
            {-1, BUF, 1, DeviceMap.DISK_CMD_READ, DeviceMap.ERR_RANGE},
            {0, BUF + 8, 1, DeviceMap.DISK_CMD_READ, DeviceMap.ERR_ADDRESS},
            {0, -64, 1, DeviceMap.DISK_CMD_WRITE, DeviceMap.ERR_ADDRESS},
            {0, 1L << 40, 1, DeviceMap.DISK_CMD_READ, DeviceMap.ERR_ADDRESS},
        };
        for (long[] c : cases) {
            rig.cpus[0].setPendingInterrupts(0);
            rig.store(DeviceMap.DISK_SECTOR, c[0]);
            rig.store(DeviceMap.DISK_ADDR, c[1]);
            rig.store(DeviceMap.DISK_COUNT, c[2]);
            rig.store(DeviceMap.DISK_CMD, c[3]);
            rig.until(() -> rig.load(DeviceMap.DISK_STATUS) != DeviceMap.STATUS_BUSY);
            assertThat(rig.load(DeviceMap.DISK_STATUS)).isEqualTo(DeviceMap.STATUS_ERROR);
            assertThat(rig.load(DeviceMap.DISK_ERROR)).as("case %s", java.util.Arrays.toString(c)).isEqualTo(c[4]);
            assertThat(rig.cpus[0].pendingInterrupts()).isEqualTo(1L << DeviceMap.IRQ_DISK);
            rig.store(DeviceMap.DISK_STATUS, 0);
        }
        // A command while busy is refused with ERR_BUSY and the transfer in progress completes.
        rig.store(DeviceMap.DISK_SECTOR, 0);
        rig.store(DeviceMap.DISK_ADDR, BUF);
        rig.store(DeviceMap.DISK_COUNT, 1);
        rig.store(DeviceMap.DISK_CMD, DeviceMap.DISK_CMD_READ);
        rig.store(DeviceMap.DISK_CMD, DeviceMap.DISK_CMD_READ);
        assertThat(rig.load(DeviceMap.DISK_ERROR)).isEqualTo(DeviceMap.ERR_BUSY);
        rig.until(() -> rig.load(DeviceMap.DISK_STATUS) != DeviceMap.STATUS_BUSY);
        assertThat(rig.load(DeviceMap.DISK_STATUS)).isEqualTo(DeviceMap.STATUS_DONE);
        assertThat(rig.load(DeviceMap.DISK_SECTORS)).isEqualTo(64);
    }

    @Test
    void diskWriteReadsMemoryByDmaIntoTheImage() {
        DeviceRig rig = new DeviceRig(2, 5, DeviceRig.config());
        for (int w = 0; w < 64; w++) {
            rig.cpuStore(w % 2, BUF + 8L * w, 1000 + w); // dirty in the caches: DMA reads must get these
        }
        ByteLogSink sink = new ByteLogSink();
        rig.devices.dmaEngines().get(0).dataLog().setSink(sink);
        rig.store(DeviceMap.DISK_SECTOR, 9);
        rig.store(DeviceMap.DISK_ADDR, BUF);
        rig.store(DeviceMap.DISK_COUNT, 1);
        rig.store(DeviceMap.DISK_CMD, DeviceMap.DISK_CMD_WRITE);
        rig.until(() -> rig.load(DeviceMap.DISK_STATUS) != DeviceMap.STATUS_BUSY);
        for (int w = 0; w < 64; w++) {
            assertThat(rig.devices.disk().image().word(9, w)).isEqualTo(1000 + w);
        }
        assertThat(sink.size()).as("DMA reads log no data").isZero();
    }

    @Test
    void nicDeliversSeededPacketsIntoTheRingAndTransmitsBytes() {
        DevicesConfig.NicConfig nc = new DevicesConfig.NicConfig(6, 3000, 1, 120, "nic");
        DeviceRig rig = new DeviceRig(2, 21, DeviceRig.config().withNic(nc));
        long ring = 0x80000;
        rig.store(DeviceMap.NIC_RX_BASE, ring);
        rig.store(DeviceMap.NIC_RX_SLOTS, 4);
        rig.store(DeviceMap.NIC_CTRL, 1);
        List<NicTraffic.Packet> expected = NicTraffic.generate(21, nc);
        long tail = 0;
        for (int i = 0; i < 6; i++) {
            long t = tail;
            rig.until(() -> rig.load(DeviceMap.NIC_RX_HEAD) != t);
            long slot = ring + tail * DeviceMap.NIC_SLOT_BYTES;
            byte[] want = expected.get(i).payload();
            assertThat(rig.cpuLoad(i % 2, slot)).isEqualTo(want.length);
            for (int k = 0; k < want.length; k++) {
                long word = rig.cpuLoad(i % 2, slot + 8 + (k / 8) * 8L);
                assertThat((byte) (word >>> (8 * (k % 8)))).isEqualTo(want[k]);
            }
            tail = (tail + 1) % 4;
            rig.store(DeviceMap.NIC_RX_TAIL, tail);
        }
        assertThat(rig.load(DeviceMap.NIC_RX_COUNT)).isEqualTo(6);
        // transmit 70 bytes from memory
        for (int w = 0; w < 16; w++) {
            rig.cpuStore(0, BUF + 8L * w, 0x0101010101010101L * (w + 1));
        }
        rig.store(DeviceMap.NIC_TX_ADDR, BUF);
        rig.store(DeviceMap.NIC_TX_LEN, 70);
        rig.store(DeviceMap.NIC_TX_CMD, DeviceMap.NIC_TX_SEND);
        rig.until(() -> rig.load(DeviceMap.NIC_TX_STATUS) != DeviceMap.STATUS_BUSY);
        assertThat(rig.load(DeviceMap.NIC_TX_STATUS)).isEqualTo(DeviceMap.STATUS_DONE);
        byte[] sent = rig.devices.nic().transmitted().get(0);
        assertThat(sent).hasSize(70);
        assertThat(sent[0]).isEqualTo((byte) 1);
        assertThat(sent[69]).isEqualTo((byte) 9);
        // bad transmit: error status, no crash
        rig.store(DeviceMap.NIC_TX_STATUS, 0);
        rig.store(DeviceMap.NIC_TX_LEN, 0);
        rig.store(DeviceMap.NIC_TX_CMD, DeviceMap.NIC_TX_SEND);
        rig.until(() -> rig.load(DeviceMap.NIC_TX_STATUS) != DeviceMap.STATUS_BUSY);
        assertThat(rig.load(DeviceMap.NIC_TX_STATUS)).isEqualTo(DeviceMap.STATUS_ERROR);
        assertThat(rig.load(DeviceMap.NIC_ERROR)).isEqualTo(DeviceMap.ERR_RANGE);
    }

    @Test
    void aFullRingHoldsPacketsBackInsteadOfDroppingThem() {
        DevicesConfig.NicConfig nc = new DevicesConfig.NicConfig(5, 100, 8, 8, "nic");
        DeviceRig rig = new DeviceRig(1, 2, DeviceRig.config().withNic(nc));
        rig.store(DeviceMap.NIC_RX_BASE, 0x80000);
        rig.store(DeviceMap.NIC_RX_SLOTS, 2);
        rig.store(DeviceMap.NIC_CTRL, 1);
        rig.drain();
        assertThat(rig.load(DeviceMap.NIC_RX_COUNT)).isEqualTo(1); // 2 slots hold 1 packet
        assertThat(rig.devices.nic().waiting()).isEqualTo(4);
        rig.store(DeviceMap.NIC_RX_TAIL, 1);
        rig.drain();
        assertThat(rig.load(DeviceMap.NIC_RX_COUNT)).isEqualTo(2);
    }

    @Test
    void arrivalTimesDependOnTheSeedButContentsOnlyOnTheirStream() {
        DevicesConfig.NicConfig nc = DevicesConfig.NicConfig.defaults();
        List<NicTraffic.Packet> a = NicTraffic.generate(1, nc);
        List<NicTraffic.Packet> b = NicTraffic.generate(2, nc);
        assertThat(a.get(0).arrivalOffset()).isNotEqualTo(b.get(0).arrivalOffset());
        assertThat(NicTraffic.generate(1, nc).get(3).payload()).isEqualTo(a.get(3).payload());
    }

    @Test
    void interruptControllerRoutesRoundRobinFixedAndIpis() {
        DeviceRig rig = new DeviceRig(3, 1, DeviceRig.config());
        InterruptController pic = rig.devices.interrupts();
        for (int i = 0; i < 3; i++) {
            pic.raise(DeviceMap.IRQ_NIC, 0);
        }
        for (int c = 0; c < 3; c++) {
            assertThat(rig.cpus[c].pendingInterrupts()).isEqualTo(1L << DeviceMap.IRQ_NIC);
            rig.cpus[c].setPendingInterrupts(0);
        }
        rig.store(DeviceMap.PIC_MODE, DeviceMap.PIC_MODE_FIXED);
        rig.store(DeviceMap.PIC_TARGET + 8 * DeviceMap.IRQ_DISK, 2);
        rig.store(DeviceMap.PIC_TARGET + 8 * DeviceMap.IRQ_NIC, 99); // out of range: ignored
        pic.raise(DeviceMap.IRQ_DISK, 0);
        pic.raise(DeviceMap.IRQ_NIC, 0);
        assertThat(rig.cpus[2].pendingInterrupts()).isEqualTo(1L << DeviceMap.IRQ_DISK);
        assertThat(rig.cpus[0].pendingInterrupts()).isEqualTo(1L << DeviceMap.IRQ_NIC);
        rig.store(DeviceMap.PIC_IPI, 1);
        assertThat(rig.cpus[1].pendingInterrupts()).as("an IPI arrives in an event at the sender's cycle").isZero();
        rig.queue.runUntil(rig.queue.now());
        assertThat(rig.cpus[1].pendingInterrupts()).isEqualTo(1L << DeviceMap.IRQ_IPI);
        assertThat(rig.load(DeviceMap.PIC_ROUTED)).isEqualTo(5);
        assertThat(rig.devices.isMapped(DeviceMap.DISK_BASE + 0x40)).isFalse();
        assertThat(rig.devices.isMapped(DeviceMap.NIC_TX_COUNT)).isTrue();
    }
}
