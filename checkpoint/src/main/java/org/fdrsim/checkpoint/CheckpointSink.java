package org.fdrsim.checkpoint;

/**
 * Where checkpoint log entries go (a recorder's log buffer). Same contract as the I/O logs'
 * sink: returns the time the producer may go on (a full buffer makes it wait).
 */
@FunctionalInterface
public interface CheckpointSink {
    /** Keeps nothing. */
    CheckpointSink DISCARD = (now, entry, offset, length) -> now;

    long append(long now, byte[] entry, int offset, int length);
}
