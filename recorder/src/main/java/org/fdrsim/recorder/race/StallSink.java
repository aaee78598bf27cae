package org.fdrsim.recorder.race;

/** Where a full log buffer's stall goes: the machine holds agent {@code agent} until {@code until}. */
@FunctionalInterface
public interface StallSink {
    StallSink NONE = (agent, now, until) -> {};

    /** Agent {@code agent} may not continue before cycle {@code until} (> {@code now}). */
    void stall(int agent, long now, long until);
}
