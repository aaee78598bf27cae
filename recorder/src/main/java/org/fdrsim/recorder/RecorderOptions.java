package org.fdrsim.recorder;

import java.util.EnumMap;
import java.util.Map;
import org.fdrsim.recorder.buffer.BufferSpec;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.compress.Codec;
import org.fdrsim.recorder.policy.PolicyName;

/**
 * How a recorder is built: the primary policy, 16-bit CICs, the log buffers, the compression
 * chunk and the reserved memory.
 *
 * @param policy                the policy whose entries fill the race log ({@code fdr}, {@code all-arcs}, {@code none})
 * @param cic16                 keep 16-bit CICs and send {@code min((IC & ~0xffff) | CIC, IC)}
 * @param buffers               one spec per log
 * @param chunkBytes            LZ compression chunk
 * @param reservedMemoryPercent share of physical memory reserved for the compressed logs
 * @param compressor            the codec modelling the LZ77 box (FDR1 model: LZ4)
 * @param deltaRace             race-log entries delta-coded before compression (not FDR1: its entries are fixed 9 bytes)
 */
public record RecorderOptions(PolicyName policy, boolean cic16, Map<LogKind, BufferSpec> buffers, int chunkBytes,
        double reservedMemoryPercent, Codec compressor, boolean deltaRace) {
    /** LZ4 and the paper's fixed 9-byte race entries. */
    public RecorderOptions(PolicyName policy, boolean cic16, Map<LogKind, BufferSpec> buffers, int chunkBytes,
            double reservedMemoryPercent) {
        this(policy, cic16, buffers, chunkBytes, reservedMemoryPercent, Codec.LZ4, false);
    }

    public RecorderOptions {
        buffers = Map.copyOf(buffers);
        if (!policy.online()) {
            throw new IllegalArgumentException("recorder.policy: " + policy
                    + " is computed offline (fdr arcs --policy netzer); a recorder runs fdr, all-arcs or none");
        }
    }

    /** FDR1: the fdr policy, 32-bit CICs, Table 3's buffers at {@code clockGHz}, 4 KB chunks, 7%. */
    public static RecorderOptions fdr1(double clockGHz) {
        Map<LogKind, BufferSpec> specs = new EnumMap<>(LogKind.class);
        for (LogKind k : LogKind.values()) {
            specs.put(k, k.fdr1(clockGHz));
        }
        return new RecorderOptions(PolicyName.FDR, false, specs, 4096, 7.0);
    }

    public RecorderOptions withPolicy(PolicyName p) {
        return new RecorderOptions(p, cic16, buffers, chunkBytes, reservedMemoryPercent, compressor, deltaRace);
    }

    public RecorderOptions withCic16(boolean on) {
        return new RecorderOptions(policy, on, buffers, chunkBytes, reservedMemoryPercent, compressor, deltaRace);
    }

    public RecorderOptions withBuffer(BufferSpec spec) {
        Map<LogKind, BufferSpec> specs = new EnumMap<>(buffers);
        specs.put(spec.kind(), spec);
        return new RecorderOptions(policy, cic16, specs, chunkBytes, reservedMemoryPercent, compressor, deltaRace);
    }
}
