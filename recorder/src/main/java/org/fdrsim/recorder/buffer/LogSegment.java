package org.fdrsim.recorder.buffer;

import java.util.Arrays;
import org.fdrsim.recorder.compress.ChunkCompressor;

/**
 * One log's entries for one checkpoint interval and one owner, as the hardware stored them:
 * LZ4-compressed chunks ({@link ChunkCompressor} stream: per chunk 4-byte little-endian raw
 * length (with the codec), 4-byte little-endian compressed length, LZ4 block).
 *
 * <p>Owners: {@code MEMORY_RACE}, {@code INPUT}, {@code INTERRUPT}: processor 0..P-1;
 * {@code DMA_RACE}, {@code DMA_DATA}: DMA engine index 0..E-1 (agent id P + index);
 * {@code CACHE_CHECKPOINT}: agent id (processors 0..P-1, DMA engines P..P+E-1, whichever took
 * ownership or first wrote the block); {@code MEMORY_CHECKPOINT}: home node 0..P-1.
 * Entry layouts: see docs/dump-format.md and {@code org.fdrsim.io.log.LogFormat}.
 *
 * @param kind       which log
 * @param owner      processor, DMA engine index, agent id or node (see above)
 * @param entries    entries appended in this interval
 * @param rawBytes   uncompressed size
 * @param compressed the stored chunk stream ({@link #compressedBytes} counts the LZ4 blocks
 *                   only, {@code compressed.length} also the 8-byte chunk headers)
 */
public record LogSegment(LogKind kind, int owner, long entries, long rawBytes, byte[] compressed) {
    public LogSegment {
        compressed = compressed.clone();
    }

    /** An empty segment (a log that received no entry in the interval). */
    public static LogSegment empty(LogKind kind, int owner) {
        return new LogSegment(kind, owner, 0, 0, new byte[0]);
    }

    /** The raw entries (decompresses; the result is {@link #rawBytes} long). */
    public byte[] decompress() {
        return ChunkCompressor.decompress(compressed);
    }

    @Override
    public byte[] compressed() {
        return compressed.clone();
    }

    /** Size of the stored chunk stream (LZ4 blocks plus 8-byte chunk headers). */
    public int storedBytes() {
        return compressed.length;
    }

    /** LZ4 bytes without the simulator's 8-byte chunk headers (what the hardware would store). */
    public long compressedBytes() {
        long n = 0;
        int p = 0;
        while (p + 8 <= compressed.length) {
            int packed = ChunkCompressor.readInt(compressed, p + 4);
            n += packed;
            p += 8 + packed;
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LogSegment s && s.kind == kind && s.owner == owner && s.entries == entries
                && s.rawBytes == rawBytes && Arrays.equals(s.compressed, compressed);
    }

    @Override
    public int hashCode() {
        return (kind.hashCode() * 31 + owner) * 31 + Arrays.hashCode(compressed);
    }

    @Override
    public String toString() {
        return "LogSegment[" + kind.key() + " " + owner + ": " + entries + " entries, " + rawBytes + " B raw, "
                + compressed.length + " B stored]";
    }
}
