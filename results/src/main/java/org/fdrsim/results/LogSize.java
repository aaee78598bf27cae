package org.fdrsim.results;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fdrsim.recorder.buffer.LogTotals;

/**
 * One log's totals in one run: entries, bytes before and after LZ compression, producer stall
 * cycles, and the bytes each candidate compressor would have made of the same chunks
 * ({@code lz4}, {@code deflate}, {@code none}; race logs also {@code delta+lz4} and so on for
 * the delta-coded entry stream), empty when not measured.
 */
public record LogSize(long entries, long rawBytes, long compressedBytes, long stallCycles, Map<String, Long> compressedBy) {
    /** Nothing logged. */
    public static final LogSize NONE = new LogSize(0, 0, 0, 0, Map.of());

    public LogSize {
        compressedBy = compressedBy == null ? Map.of() : new LinkedHashMap<>(compressedBy);
    }

    public static LogSize of(LogTotals t, Map<String, Long> compressedBy) {
        return new LogSize(t.entries(), t.rawBytes(), t.compressedBytes(), t.stallCycles(), compressedBy);
    }

    /** What was logged since {@code earlier} (a snapshot of the same log). */
    public LogSize minus(LogSize earlier) {
        Map<String, Long> by = new LinkedHashMap<>();
        compressedBy.forEach((k, v) -> by.put(k, v - earlier.compressedBy().getOrDefault(k, 0L)));
        return new LogSize(entries - earlier.entries, rawBytes - earlier.rawBytes, compressedBytes - earlier.compressedBytes,
                stallCycles - earlier.stallCycles, by);
    }
}
