package org.fdrsim.recorder.race;

/**
 * Where the race recorder reports the block accesses DMA engines commit (the access trace;
 * processors report theirs through their own listener).
 */
@FunctionalInterface
public interface AccessSink {
    /** Agent {@code agent} committed an access to {@code address} as its instruction {@code ic}. */
    void record(int agent, long ic, long address, boolean write);
}
