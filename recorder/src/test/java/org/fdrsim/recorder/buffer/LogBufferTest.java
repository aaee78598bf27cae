package org.fdrsim.recorder.buffer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.util.SplittableRandom;
import org.fdrsim.recorder.compress.ChunkCompressor;
import org.junit.jupiter.api.Test;

class LogBufferTest {
    /** 90 bytes, draining 1 byte every 4 cycles. */
    private static BufferSpec small() {
        return new BufferSpec(LogKind.MEMORY_RACE, 90, 0.25);
    }

    @Test
    void table3BandwidthIsConvertedToBytesPerCycle() {
        BufferSpec race = BufferSpec.of(LogKind.MEMORY_RACE, 32, 10, 4.0);
        assertThat(race.capacityBytes()).isEqualTo(32 * 1024);
        assertThat(race.bytesPerCycle()).isEqualTo(0.0025); // 10 MB/s at 4 GHz
    }

    @Test
    void aFullBufferStallsItsProducerAndDropsNothing() {
        ReservedMemory reserve = new ReservedMemory(1 << 20);
        LogBuffer b = new LogBuffer(small(), 0, 4096, reserve);
        byte[] e = new byte[9];
        for (int i = 0; i < 10; i++) {
            assertThat(b.append(0, e, 0, 9)).isEqualTo(0); // 90 bytes fit
        }
        // The 11th needs 9 bytes drained: 36 cycles at 0.25 B/cycle.
        assertThat(b.append(0, e, 0, 9)).isEqualTo(36);
        // The next, still at time 0 from the producer's view, waits behind it.
        assertThat(b.append(0, e, 0, 9)).isEqualTo(72);
        // Much later the buffer has drained completely: no stall.
        assertThat(b.append(10_000, e, 0, 9)).isEqualTo(10_000);
        assertThat(b.entries()).isEqualTo(13);
        assertThat(b.rawBytes()).isEqualTo(13 * 9);
        assertThat(b.stalls()).isEqualTo(2);
        assertThat(b.stallCycles()).isEqualTo(36 + 72);
    }

    @Test
    void anEntryLargerThanTheBufferIsRefused() {
        LogBuffer b = new LogBuffer(small(), 0, 4096, new ReservedMemory(1 << 20));
        assertThatThrownBy(() -> b.append(0, new byte[100], 0, 100)).hasMessageContaining("cannot fit");
    }

    @Test
    void compressedChunksDecompressToExactlyTheRawBytes() {
        ReservedMemory reserve = new ReservedMemory(1 << 20);
        LogBuffer b = new LogBuffer(new BufferSpec(LogKind.MEMORY_RACE, 32 * 1024, 1.0), 0, 4096, reserve);
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        SplittableRandom rnd = new SplittableRandom(3);
        byte[] e = new byte[9];
        for (int i = 0; i < 5000; i++) {
            e[0] = (byte) rnd.nextInt(4); // race entries: small ids, slowly growing ICs
            e[4] = (byte) (i >> 8);
            e[5] = (byte) i;
            e[8] = (byte) rnd.nextInt(256);
            b.append(i * 100L, e, 0, 9);
            raw.write(e, 0, 9);
        }
        b.flush();
        byte[] back = ChunkCompressor.decompress(b.compressor().stream());
        assertThat(back).isEqualTo(raw.toByteArray());
        assertThat(b.compressedBytes()).isPositive().isLessThan(b.rawBytes());
        assertThat(reserve.usedBytes()).isEqualTo(b.compressedBytes());
        assertThat(b.compressor().chunks()).isEqualTo((5000 * 9 + 4095) / 4096);
    }

    @Test
    void theReserveIsSevenPercentAndReportsOverflow() {
        ReservedMemory r = ReservedMemory.percentOf(512L << 20, 7);
        assertThat(r.capacityBytes()).isEqualTo((long) ((512L << 20) * 0.07));
        r.charge(r.capacityBytes() + 1);
        assertThat(r.overflowed()).isTrue();
    }
}
