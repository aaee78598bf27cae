package org.fdrsim.coherence;

/**
 * Wakes a processor whose access missed. Called in the event that completes the miss, after
 * the block is in place, so the processor can re-execute the access at once (it then hits;
 * nobody can take the block away in between, which guarantees forward progress).
 */
@FunctionalInterface
public interface MissCompletion {
    void missCompleted(int cpu, long now);
}
