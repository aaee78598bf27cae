package org.fdrsim.io.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.core.IoPort;
import org.fdrsim.cpu.log.LogSink;
import org.fdrsim.cpu.sim.SimRandom;
import org.junit.jupiter.api.Test;

class LogRoundTripTest {
    @Test
    void inputLogRecordsLoadsAndCycleReadsInProgramOrderPerCpu() {
        long[] next = {-5};
        IoPort fake = new IoPort() {
            @Override
            public boolean isMapped(long address) {
                return true;
            }

            @Override
            public long load(int cpu, long address, long cycle) {
                return next[0]++ * 1_000_000_007L;
            }

            @Override
            public void store(int cpu, long address, long value, long cycle) {}
        };
        InputLog log = new InputLog(fake, 2);
        ByteLogSink s0 = new ByteLogSink();
        ByteLogSink s1 = new ByteLogSink();
        log.setSink(0, s0);
        log.setSink(1, s1);
        List<Long> seen0 = new ArrayList<>();
        seen0.add(log.load(0, 0, 10));
        long other = log.load(1, 0, 11);
        seen0.add(log.readCycleCounter(0, 12345));
        log.store(0, 0, 99, 13); // not logged
        seen0.add(log.load(0, 0, 14));
        assertThat(InputLog.decode(s0.bytes())).containsExactly(seen0.stream().mapToLong(Long::longValue).toArray());
        assertThat(InputLog.decode(s1.bytes())).containsExactly(other);
        assertThat(s0.size()).isEqualTo(3 * LogFormat.INPUT_ENTRY_BYTES);
        assertThat(seen0.get(1)).isEqualTo(12345);
    }

    @Test
    void interruptLogRoundTripsIcAndNumberAndChainsTheNextListener() {
        InterruptLog log = new InterruptLog(1);
        ByteLogSink sink = new ByteLogSink();
        log.setSink(0, sink);
        List<String> chained = new ArrayList<>();
        log.withNext(new org.fdrsim.cpu.core.ProcessorListener() {
            @Override
            public void interruptTaken(int cpu, long ic, int number, long cycle) {
                chained.add(ic + ":" + number);
            }
        });
        SimRandom r = SimRandom.forComponent(7, "t");
        List<InterruptEntry> expected = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            long ic = r.nextLong(1L << 32);
            int n = 1 + r.nextInt(63);
            log.interruptTaken(0, ic, n, i);
            expected.add(new InterruptEntry(ic, n));
        }
        assertThat(InterruptLog.decode(sink.bytes())).containsExactlyElementsOf(expected);
        assertThat(sink.size()).isEqualTo(600);
        assertThat(chained).hasSize(100);
    }

    @Test
    void dmaDataLogRoundTripsAddressAndData() {
        DmaDataLog log = new DmaDataLog();
        ByteLogSink sink = new ByteLogSink();
        log.setSink(sink);
        SimRandom r = SimRandom.forComponent(3, "d");
        List<DmaDataEntry> expected = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            long[] data = new long[8];
            for (int w = 0; w < 8; w++) {
                data[w] = r.nextLong();
            }
            long a = 64L * r.nextInt(1 << 20);
            assertThat(log.blockWritten(i, a, data)).isEqualTo(i);
            expected.add(new DmaDataEntry(a, data));
        }
        assertThat(DmaDataLog.decode(sink.bytes())).containsExactlyElementsOf(expected);
        assertThat(sink.size()).isEqualTo(20 * 72);
    }

    @Test
    void aStallingSinkIsRememberedNotDropped() {
        LogSink slow = (now, entry, off, len) -> now + 500;
        InputLog log = new InputLog(new IoPort() {
            @Override
            public boolean isMapped(long address) {
                return true;
            }

            @Override
            public long load(int cpu, long address, long cycle) {
                return 1;
            }

            @Override
            public void store(int cpu, long address, long value, long cycle) {}
        }, 1);
        log.setSink(0, slow);
        log.load(0, 0, 100);
        assertThat(log.waitUntil(0)).isEqualTo(600);
        assertThat(log.entries(0)).isEqualTo(1);
    }

    /**
     * The interrupt log sits in front of other listeners: its wait is its own buffer's or the
     * next listener's, whichever is later, so a wait behind it is not lost.
     */
    @Test
    void theInterruptLogsWaitIncludesTheNextListeners() {
        InterruptLog log = new InterruptLog(1);
        log.setSink(0, (now, entry, off, len) -> now + 500);
        long[] nextWait = {0};
        log.withNext(new org.fdrsim.cpu.core.ProcessorListener() {
            @Override
            public long waitUntil(int cpu) {
                return nextWait[0];
            }
        });
        log.interruptTaken(0, 1, 3, 100);
        assertThat(log.waitUntil(0)).as("its own buffer's").isEqualTo(600);
        nextWait[0] = 9_000;
        assertThat(log.waitUntil(0)).as("the next listener's, later").isEqualTo(9_000);
    }

    @Test
    void truncatedLogsAreRefusedWithAMessage() {
        assertThatThrownBy(() -> InputLog.decode(new byte[7])).hasMessageContaining("input log: 7 bytes");
        assertThatThrownBy(() -> InterruptLog.decode(new byte[8])).hasMessageContaining("6-byte entries");
        assertThatThrownBy(() -> DmaDataLog.decode(new byte[71])).hasMessageContaining("DMA data log");
    }
}
