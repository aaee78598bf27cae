package org.fdrsim.cpu.log;

/**
 * Where a hardware log's entries go: in the recorder, a log buffer with a capacity and a
 * drain bandwidth into compressed reserved memory. Producers (the race recorder, the input,
 * interrupt and DMA logs, the cache and memory checkpoint logs) encode one entry into a reusable byte array and append it; they
 * never allocate per entry.
 *
 * <p>A full buffer never drops an entry: it makes its producer wait. {@link #append} returns
 * the time at which the producer may go on, which is {@code now} when there was room.
 */
public interface LogSink {
    /** A sink that keeps nothing and never stalls (a run without the recorder). */
    LogSink DISCARD = (now, entry, offset, length) -> now;

    /**
     * Appends one entry of {@code length} bytes produced at time {@code now} (processor cycles).
     *
     * @return the time the producer may continue; {@code >= now}
     */
    long append(long now, byte[] entry, int offset, int length);
}
