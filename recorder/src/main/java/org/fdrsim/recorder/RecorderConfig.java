package org.fdrsim.recorder;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.recorder.buffer.BufferSpec;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.compress.Codec;
import org.fdrsim.recorder.policy.PolicyName;

/**
 * The FDR recorder: off unless {@code enabled} (what {@code fdr run --record} sets). When on,
 * coherence replies grow by FDR's 5 piggybacked bytes.
 *
 * @param enabled               attach the recorder to the timed machine
 * @param policy                fdr, all-arcs or none (netzer is offline: {@code fdr arcs})
 * @param cic16                 16-bit CICs with the min((IC &amp; ~0xffff) | CIC, IC) rule
 * @param reservedMemoryPercent physical memory reserved for the compressed logs (FDR1: 7)
 * @param chunkBytes            LZ compression chunk
 * @param buffers               the log buffers of Table 3
 * @param validate              also keep the validation trace ({@code fdr record --validate}):
 *                              state hashes and device stores per processor (docs/replayer.md)
 * @param validateEvery         committed instructions between state hashes of one processor
 * @param compressor            the codec modelling the paper's LZ77 box: lz4 (default), deflate
 *                              (LZ77 + Huffman) or none; docs/recorder.md compares them
 * @param raceEncoding          the race-log entries fed to the compressor: fixed9 (FDR1's 9-byte
 *                              entries, default) or delta (same size, ICs as differences)
 */
public record RecorderConfig(boolean enabled, String policy, boolean cic16, double reservedMemoryPercent,
        int chunkBytes, LogBuffersConfig buffers, boolean validate, long validateEvery, String compressor,
        String raceEncoding) {
    /** The slowest drain a log buffer may have, MB/s: one byte a second. */
    private static final double MIN_DRAIN_MBPS = 0.000001;
    /** The fastest, MB/s: a petabyte a second. */
    private static final double MAX_DRAIN_MBPS = 1e9;

    /** The FDR1 race-entry encoding, and the delta-coded variant. */
    public static final String FIXED9 = "fixed9";
    public static final String DELTA = "delta";

    /** The default {@link #validateEvery}. */
    public static final long DEFAULT_VALIDATE_EVERY = 10_000;

    /** FDR1 (section 6, Table 3), recorder off. */
    public static RecorderConfig fdr1() {
        return new RecorderConfig(false, "fdr", false, 7.0, 4096, LogBuffersConfig.fdr1(), false,
                DEFAULT_VALIDATE_EVERY, "lz4", FIXED9);
    }

    /** What is wrong with these settings, one line each naming the setting ({@code recorder.*}). */
    public List<String> problems() {
        List<String> p = new ArrayList<>();
        try {
            Codec.parse(compressor);
        } catch (IllegalArgumentException e) {
            p.add(e.getMessage());
        }
        if (!FIXED9.equals(raceEncoding) && !DELTA.equals(raceEncoding)) {
            p.add("recorder.raceEncoding must be 'fixed9' (FDR1's 9-byte entries) or 'delta', got '" + raceEncoding + "'");
        }
        if (!List.of("fdr", "all-arcs", "none").contains(policy)) {
            p.add("recorder.policy must be 'fdr', 'all-arcs' or 'none' (netzer is offline: fdr arcs --policy netzer),"
                    + " got '" + policy + "'");
        }
        if (!(reservedMemoryPercent > 0) || reservedMemoryPercent > 100) {
            p.add("recorder.reservedMemoryPercent must be in (0, 100], got " + reservedMemoryPercent);
        }
        range(p, "recorder.chunkBytes", chunkBytes, 64, 1 << 20);
        range(p, "recorder.validateEvery", validateEvery, 1, 1L << 32);
        if (buffers == null) {
            p.add("recorder.buffers is missing");
            return p;
        }
        for (LogKind k : LogKind.values()) {
            String path = "recorder.buffers." + k.key();
            LogBufferConfig b = buffers.get(k);
            if (b == null) {
                p.add(path + " is missing");
                continue;
            }
            range(p, path + ".sizeKB", b.sizeKB(), 1, 1 << 20);
            // past these the bytes drained per cycle overflow to infinity or underflow to 0 at some clock
            if (!(b.drainMBps() >= MIN_DRAIN_MBPS && b.drainMBps() <= MAX_DRAIN_MBPS)) {
                p.add(path + ".drainMBps must be " + plain(MIN_DRAIN_MBPS) + ".."
                        + plain(MAX_DRAIN_MBPS) + " (1 byte/s to 1 PB/s), got " + b.drainMBps());
            }
        }
        return p;
    }

    /** {@code v} as a user writes it: 0.000001, not 1.0E-6. */
    private static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static void range(List<String> problems, String path, long value, long min, long max) {
        if (value < min || value > max) {
            problems.add(path + " must be " + min + ".." + max + ", got " + value);
        }
    }

    /** The recorder module's options at a processor clock of {@code clockGHz}. */
    public RecorderOptions options(double clockGHz) {
        Map<LogKind, BufferSpec> specs = new EnumMap<>(LogKind.class);
        for (LogKind k : LogKind.values()) {
            LogBufferConfig b = buffers.get(k);
            specs.put(k, BufferSpec.of(k, b.sizeKB(), b.drainMBps(), clockGHz));
        }
        return new RecorderOptions(PolicyName.parse(policy), cic16, specs, chunkBytes, reservedMemoryPercent,
                Codec.parse(compressor), DELTA.equals(raceEncoding));
    }
}
