package org.fdrsim.recorder.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fdrsim.recorder.race.DeltaRaceEncoding;
import org.fdrsim.recorder.race.RaceEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every codec's chunk stream decompresses to what went in; the delta race encoding is exactly reversible. */
class CodecTest {

    /** A race-log-like stream: 9-byte entries with slowly growing ICs. */
    static byte[] raceStream(long seed, int entries) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] b = new byte[entries * RaceEntry.BYTES];
        long own = 0;
        long[] other = new long[5];
        for (int i = 0; i < entries; i++) {
            int id = r.nextInt(5);
            own += 1 + r.nextInt(300);
            other[id] += 1 + r.nextInt(300);
            RaceEntry.encode(b, i * RaceEntry.BYTES, id, other[id], own);
        }
        return b;
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void chunkStreamsRoundTrip(Codec codec) {
        byte[] data = raceStream(7, 3000);
        long[] charged = {0};
        ChunkCompressor c = new ChunkCompressor(4096, n -> charged[0] += n, codec, false);
        c.write(data, 0, data.length);
        byte[] stream = c.cutSegment();
        assertThat(ChunkCompressor.decompress(stream)).isEqualTo(data);
        assertThat(charged[0]).isEqualTo(c.compressedBytes());
        if (codec == Codec.NONE) {
            assertThat(c.compressedBytes()).isEqualTo(data.length);
        } else if (codec == Codec.DEFLATE) {
            // Huffman coding finds the skewed byte values that LZ4 (no entropy coder) cannot use
            assertThat(c.compressedBytes()).isLessThan(data.length * 9 / 10);
        }
    }

    @Test
    void deflateBeatsLz4OnRaceEntriesAndDeltaCodingHelpsBoth() {
        byte[] data = raceStream(11, 20_000);
        CompressionProbe fixed = new CompressionProbe(4096);
        fixed.write(data, 0, data.length);
        fixed.flush();
        DeltaRaceEncoding enc = new DeltaRaceEncoding();
        CompressionProbe delta = new CompressionProbe(4096);
        byte[] e = new byte[RaceEntry.BYTES];
        for (int off = 0; off < data.length; off += RaceEntry.BYTES) {
            enc.encode(data, off, e);
            delta.write(e, 0, e.length);
        }
        delta.flush();
        assertThat(fixed.bytes().get("none")).isEqualTo(data.length);
        assertThat(fixed.bytes().get("deflate")).isLessThan(fixed.bytes().get("lz4"));
        assertThat(delta.bytes().get("lz4")).isLessThan(fixed.bytes().get("lz4"));
        assertThat(delta.bytes().get("deflate")).isLessThan(fixed.bytes().get("deflate"));
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void deltaCodedRaceChunksDecodeToTheFixedEntries(Codec codec) {
        byte[] data = raceStream(3, 2500);
        DeltaRaceEncoding enc = new DeltaRaceEncoding();
        ChunkCompressor c = new ChunkCompressor(4096, n -> {}, codec, true);
        byte[] e = new byte[RaceEntry.BYTES];
        for (int off = 0; off < data.length; off += RaceEntry.BYTES) {
            enc.encode(data, off, e);
            c.write(e, 0, e.length);
        }
        assertThat(ChunkCompressor.decompress(c.cutSegment())).isEqualTo(data);
    }

    @Test
    void damagedStreamsAreRefused() {
        byte[] data = raceStream(5, 500);
        ChunkCompressor c = new ChunkCompressor(4096, n -> {}, Codec.DEFLATE, false);
        c.write(data, 0, data.length);
        byte[] stream = c.cutSegment();
        byte[] unknownCodec = stream.clone();
        unknownCodec[3] = 0x0f; // the header word's high byte (little-endian): codec bits 24..27
        assertThatThrownBy(() -> ChunkCompressor.decompress(unknownCodec)).hasMessageContaining("unknown codec 15");
        assertThatThrownBy(() -> ChunkCompressor.decompress(Arrays.copyOf(stream, stream.length - 5)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void codecNamesAreParsedOrRefusedInOneLine() {
        assertThat(Codec.parse("Deflate")).isEqualTo(Codec.DEFLATE);
        assertThatThrownBy(() -> Codec.parse("zstd")).hasMessage("recorder.compressor must be lz4, deflate or none, got 'zstd'");
        assertThat(Codec.parse(" lz4 ")).isEqualTo(Codec.LZ4);
        assertThatThrownBy(() -> Codec.parse("lz4\u0001")).isInstanceOf(IllegalArgumentException.class);
    }
}
