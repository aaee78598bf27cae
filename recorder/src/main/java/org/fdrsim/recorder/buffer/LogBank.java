package org.fdrsim.recorder.buffer;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.recorder.compress.Codec;

/**
 * Every log buffer of a machine, by log and owner (processor, DMA engine or memory node),
 * created on first use from the configured specs, all charging one reserved-memory account.
 * Producers get their sink once at wiring time ({@link #buffer}); nothing is looked up per entry.
 */
public final class LogBank {
    private final Map<LogKind, BufferSpec> specs;
    private final int chunkBytes;
    private final ReservedMemory reserve;
    private final EnumMap<LogKind, List<LogBuffer>> buffers = new EnumMap<>(LogKind.class);
    private boolean probe;
    private final Codec codec;
    private final boolean deltaRace;

    /** LZ4, fixed race entries. */
    public LogBank(Map<LogKind, BufferSpec> specs, int chunkBytes, ReservedMemory reserve) {
        this(specs, chunkBytes, reserve, Codec.LZ4, false);
    }

    /** With the {@code codec} for every log; {@code deltaRace}: race entries are delta-coded first. */
    public LogBank(Map<LogKind, BufferSpec> specs, int chunkBytes, ReservedMemory reserve, Codec codec, boolean deltaRace) {
        this.codec = codec;
        this.deltaRace = deltaRace;
        this.specs = new EnumMap<>(specs);
        this.chunkBytes = chunkBytes;
        this.reserve = reserve;
        for (LogKind k : LogKind.values()) {
            if (!this.specs.containsKey(k)) {
                throw new IllegalArgumentException("no buffer spec for the " + k.key() + " log");
            }
            buffers.put(k, new ArrayList<>());
        }
    }

    /** Owner {@code owner}'s buffer for log {@code kind}, created on first use. */
    public LogBuffer buffer(LogKind kind, int owner) {
        List<LogBuffer> list = buffers.get(kind);
        while (list.size() <= owner) {
            list.add(null);
        }
        LogBuffer b = list.get(owner);
        if (b == null) {
            b = new LogBuffer(specs.get(kind), owner, chunkBytes, reserve, codec, deltaRace);
            if (probe) {
                b.probeAlternatives();
            }
            list.set(owner, b);
        }
        return b;
    }

    /** The buffers of {@code kind} created so far, by owner (no nulls). */
    public List<LogBuffer> buffers(LogKind kind) {
        List<LogBuffer> out = new ArrayList<>();
        for (LogBuffer b : buffers.get(kind)) {
            if (b != null) {
                out.add(b);
            }
        }
        return out;
    }

    public BufferSpec spec(LogKind kind) {
        return specs.get(kind);
    }

    /** Every buffer, now and later, also measures the candidate compressors ({@link LogBuffer#probeAlternatives}). */
    public void probeAlternatives() {
        probe = true;
        for (LogKind k : LogKind.values()) {
            for (LogBuffer b : buffers(k)) {
                b.probeAlternatives();
            }
        }
    }

    /** Bytes of log {@code kind} under each candidate compressor (summed over owners); empty unless probed. */
    public Map<String, Long> alternatives(LogKind kind) {
        Map<String, Long> m = new java.util.LinkedHashMap<>();
        for (LogBuffer b : buffers(kind)) {
            b.alternatives().forEach((k, v) -> m.merge(k, v, Long::sum));
        }
        return m;
    }

    /** Compresses every partial chunk (trigger). */
    public void flush() {
        for (LogKind k : LogKind.values()) {
            for (LogBuffer b : buffers(k)) {
                b.flush();
            }
        }
    }

    /** Totals of one log over its owners. */
    public LogTotals totals(LogKind kind) {
        long entries = 0;
        long raw = 0;
        long packed = 0;
        long stalls = 0;
        long stallCycles = 0;
        for (LogBuffer b : buffers(kind)) {
            entries += b.entries();
            raw += b.rawBytes();
            packed += b.compressedBytes();
            stalls += b.stalls();
            stallCycles += b.stallCycles();
        }
        return new LogTotals(kind, entries, raw, packed, stalls, stallCycles);
    }

    public ReservedMemory reserve() {
        return reserve;
    }
}
