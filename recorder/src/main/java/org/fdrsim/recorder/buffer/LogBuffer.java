package org.fdrsim.recorder.buffer;

import org.fdrsim.cpu.log.LogSink;
import org.fdrsim.recorder.compress.ChunkCompressor;
import org.fdrsim.recorder.compress.Codec;
import org.fdrsim.recorder.compress.CompressionProbe;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.race.DeltaRaceEncoding;
import org.fdrsim.recorder.race.RaceEntry;

/**
 * One hardware log buffer: entries come in from a producer, drain at a fixed bandwidth into
 * the LZ compressor, and the compressed bytes go to reserved memory. A full buffer never
 * drops an entry: {@link #append} returns the later time at which enough has drained, and
 * the producer must wait until then. Bytes reach the compressor in the order appended, which
 * is the order they drain.
 */
public final class LogBuffer implements LogSink {
    private final BufferSpec spec;
    private final int owner;
    private final ChunkCompressor compressor;
    /** Bytes in the buffer at {@link #lastTime} (fractional: drain is a rate). */
    private double occupancy;
    private long lastTime;
    private double peak;
    private long entries;
    private long stalls;
    private long stallCycles;
    private long segmentEntriesStart;
    private long segmentRawStart;
    /** Race logs, when probing: the same entries delta-coded, measured under every compressor. */
    private DeltaRaceEncoding delta;
    /** Set when the stored race entries are delta-coded ({@code recorder.raceEncoding: delta}). */
    private final DeltaRaceEncoding primaryDelta;
    private final byte[] primaryEntry = new byte[RaceEntry.BYTES];
    private CompressionProbe deltaProbe;
    private final byte[] deltaEntry = new byte[RaceEntry.BYTES];

    /** LZ4, fixed entries. */
    public LogBuffer(BufferSpec spec, int owner, int chunkBytes, ReservedMemory reserve) {
        this(spec, owner, chunkBytes, reserve, Codec.LZ4, false);
    }

    /** With {@code codec}; {@code deltaRace}: a race log delta-codes its entries before compression. */
    public LogBuffer(BufferSpec spec, int owner, int chunkBytes, ReservedMemory reserve, Codec codec, boolean deltaRace) {
        this.spec = spec;
        this.owner = owner;
        boolean race = spec.kind() == LogKind.MEMORY_RACE || spec.kind() == LogKind.DMA_RACE;
        this.primaryDelta = deltaRace && race ? new DeltaRaceEncoding() : null;
        this.compressor = new ChunkCompressor(chunkBytes, reserve::charge, codec, primaryDelta != null);
    }

    @Override
    public long append(long now, byte[] entry, int offset, int length) {
        if (length > spec.capacityBytes()) {
            throw new IllegalArgumentException(spec.kind().key() + " log: a " + length
                    + "-byte entry cannot fit a " + spec.capacityBytes() + "-byte buffer");
        }
        drainUntil(now);
        long t = Math.max(now, lastTime);
        double over = occupancy + length - spec.capacityBytes();
        long resume = now;
        if (over > 0) {
            long wait = (long) Math.ceil(over / spec.bytesPerCycle());
            t = wait > Long.MAX_VALUE - t ? Long.MAX_VALUE : t + wait; // an absurdly slow drain waits forever, not into the past
            occupancy = Math.max(0, occupancy - wait * spec.bytesPerCycle());
            lastTime = t;
            resume = t;
            stalls++;
            stallCycles += resume - now;
        }
        occupancy += length;
        peak = Math.max(peak, occupancy);
        entries++;
        if (primaryDelta != null && length == RaceEntry.BYTES) {
            primaryDelta.encode(entry, offset, primaryEntry);
            compressor.write(primaryEntry, 0, length);
        } else {
            compressor.write(entry, offset, length);
        }
        if (delta != null && length == RaceEntry.BYTES) {
            delta.encode(entry, offset, deltaEntry);
            deltaProbe.write(deltaEntry, 0, RaceEntry.BYTES);
        }
        return resume;
    }

    private void drainUntil(long now) {
        if (now > lastTime) {
            occupancy = Math.max(0, occupancy - (now - lastTime) * spec.bytesPerCycle());
            lastTime = now;
        }
    }

    /**
     * Closes this buffer's segment of the current checkpoint interval (IC, CIC and VIC restart
     * at a checkpoint, so each interval's entries are kept apart): compresses the partial chunk
     * and returns the interval's entries as stored; the next entry starts a new segment. The
     * buffer's occupancy (hardware timing) is not affected.
     */
    public LogSegment closeSegment() {
        byte[] stream = compressor.cutSegment();
        if (primaryDelta != null) {
            primaryDelta.reset();
        }
        if (delta != null) {
            delta.reset();
            deltaProbe.flush();
        }
        long raw = compressor.rawBytes() - segmentRawStart;
        LogSegment s = new LogSegment(spec.kind(), owner,
                entries - segmentEntriesStart, raw, stream);
        segmentRawStart = compressor.rawBytes();
        segmentEntriesStart = entries;
        return s;
    }

    /**
     * Measures every candidate compressor on this log's chunks from now on, and for the race
     * logs also the delta-coded entry stream ({@link DeltaRaceEncoding}); experiments report both.
     */
    public void probeAlternatives() {
        compressor.probeAlternatives();
        if (delta == null && (spec.kind() == LogKind.MEMORY_RACE || spec.kind() == LogKind.DMA_RACE)) {
            delta = new DeltaRaceEncoding();
            deltaProbe = new CompressionProbe(compressor.chunkBytes());
        }
    }

    /** Bytes under each candidate (names as {@link CompressionProbe#NAMES}; race logs also {@code delta+NAME}), or empty. */
    public java.util.Map<String, Long> alternatives() {
        java.util.Map<String, Long> m = new java.util.LinkedHashMap<>();
        if (compressor.alternatives() != null) {
            m.putAll(compressor.alternatives());
        }
        if (deltaProbe != null) {
            deltaProbe.bytes().forEach((k, v) -> m.put("delta+" + k, v));
        }
        return m;
    }

    /** Compresses what is still waiting (the trigger flushes every buffer). */
    public void flush() {
        compressor.flush();
        if (deltaProbe != null) {
            deltaProbe.flush();
        }
    }

    /** Bytes in the buffer at {@code now}, if nothing more arrives. */
    public double occupancyAt(long now) {
        return Math.max(0, occupancy - Math.max(0, now - lastTime) * spec.bytesPerCycle());
    }

    public BufferSpec spec() {
        return spec;
    }

    /** The agent or node the buffer belongs to. */
    public int owner() {
        return owner;
    }

    public long entries() {
        return entries;
    }

    public long rawBytes() {
        return compressor.rawBytes();
    }

    public long compressedBytes() {
        return compressor.compressedBytes();
    }

    public long stalls() {
        return stalls;
    }

    public long stallCycles() {
        return stallCycles;
    }

    public double peakOccupancy() {
        return peak;
    }

    public ChunkCompressor compressor() {
        return compressor;
    }
}
