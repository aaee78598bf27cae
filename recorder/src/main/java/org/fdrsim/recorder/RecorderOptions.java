package org.fdrsim.recorder;

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
    public RecorderOptions {
        buffers = Map.copyOf(buffers);
        if (!policy.online()) {
            throw new IllegalArgumentException("recorder.policy: " + policy
                    + " is computed offline (fdr arcs --policy netzer); a recorder runs fdr, all-arcs or none");
        }
    }

}
