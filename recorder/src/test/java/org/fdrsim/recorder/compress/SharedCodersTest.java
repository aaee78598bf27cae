package org.fdrsim.recorder.compress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The logs of a recording share their thread's coders ({@link ChunkCompressor}): compressing two
 * logs chunk by chunk, interleaved, gives each the stream it gets alone, with every codec.
 */
class SharedCodersTest {
    private static byte[] log(long seed, int length) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i % 9 < 4 ? i / 9 : random.nextInt(256)); // some matches, some noise
        }
        return bytes;
    }

    private static byte[] alone(Codec codec, byte[] log) {
        ChunkCompressor c = new ChunkCompressor(256, bytes -> { }, codec, false);
        c.write(log, 0, log.length);
        c.flush();
        return c.stream();
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void interleavedLogsCompressAsTheyDoAlone(Codec codec) {
        byte[] a = log(1, 5_000);
        byte[] b = log(2, 3_000);
        ChunkCompressor ca = new ChunkCompressor(256, bytes -> { }, codec, false);
        ChunkCompressor cb = new ChunkCompressor(256, bytes -> { }, codec, false);
        for (int off = 0; off < a.length; off += 300) { // 300-byte drains: chunks of the two alternate
            ca.write(a, off, Math.min(300, a.length - off));
            if (off < b.length) {
                cb.write(b, off, Math.min(300, b.length - off));
            }
        }
        ca.flush();
        cb.flush();

        assertThat(ca.stream()).isEqualTo(alone(codec, a));
        assertThat(cb.stream()).isEqualTo(alone(codec, b));
        assertThat(ChunkCompressor.decompress(ca.stream())).isEqualTo(a);
    }
}
