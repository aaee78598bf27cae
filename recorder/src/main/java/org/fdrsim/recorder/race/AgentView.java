package org.fdrsim.recorder.race;

/**
 * What the recorder reads from the machine: each agent's instruction count and each cache's
 * per-frame access IC (the CIC). Agents are processors {@code 0..P-1}; DMA engines report
 * their IC through the DMA callbacks instead.
 */
public interface AgentView {
    /** Processor {@code cpu}'s IC: the count of its last committed instruction. */
    long ic(int cpu);

    /**
     * The IC of {@code cpu}'s last access to {@code block} while the block has been in its L2
     * frame, or -1 if its cache has no such record (silently replaced, written back, in the
     * writeback buffer, or not accessed since the fill).
     */
    long lastAccessIc(int cpu, long block);
}
