package org.fdrsim.replayer;

import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.mem.MemoryImage;

/**
 * A {@link ReplaySession}'s whole state at one position, immutable ({@link ReplaySession#save}):
 * every agent's architectural state and counters, the log cursors, the interval, the probe's
 * state, and the memory as a copy-on-write {@link MemoryImage} (it shares its pages with the
 * session it came from and with the snapshots before it, so a series of snapshots holds each
 * version of a page once). {@link ReplaySession#at} makes a session there.
 */
public final class ReplaySnapshot {
    final ReplayInput input;
    final RootOrder order;
    final int k;
    final boolean prepared;
    final boolean ended;
    final int intervalsReplayed;
    final SavedAgents agents;
    final ReplayProbe.State probe;
    private final ReplayPosition position;

    ReplaySnapshot(ReplayInput input, RootOrder order, int k, boolean prepared, boolean ended, int intervalsReplayed,
            SavedAgents agents, ReplayProbe.State probe, ReplayPosition position) {
        this.input = input;
        this.order = order;
        this.k = k;
        this.prepared = prepared;
        this.ended = ended;
        this.intervalsReplayed = intervalsReplayed;
        this.agents = agents;
        this.probe = probe;
        this.position = position;
    }

    /** Where every agent was. */
    public ReplayPosition position() {
        return position;
    }

    /** Processor instructions replayed from the replay's start to here (the same whatever the way here). */
    public long instructions() {
        return agents.instructions();
    }

    /** The replay had reached the trigger or stopped at a problem. */
    public boolean ended() {
        return ended;
    }

    /** The memory here; its pages may be shared with other snapshots ({@code PageCount} counts them once). */
    public MemoryImage memoryImage() {
        return agents.memory();
    }

    /**
     * Host bytes of this snapshot apart from its memory pages: the page table and the agents'
     * state (an estimate from the array sizes, without object headers).
     */
    public long ownBytes() {
        int cpus = agents.cpus().length;
        int all = agents.committed().length;
        return 16L * agents.memory().pages() + 8L * cpus * (Registers.COUNT + Csr.count() + 8) + 8L * 6 * all;
    }
}
