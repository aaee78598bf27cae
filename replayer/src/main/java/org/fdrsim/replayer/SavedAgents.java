package org.fdrsim.replayer;

import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Fault;
import org.fdrsim.cpu.mem.MemoryImage;

/**
 * Everything of {@link ReplayAgents} that changes as the replay runs, copied at one point (the
 * arrays are private copies; the interval's log, arc table and interrupt and input arrays are
 * shared, as nothing changes them once the interval is laid out). The per-run caps and holds
 * are not kept: every run of the session sets them anew.
 */
record SavedAgents(
        ArchState[] cpus,
        Fault[] faults,
        long[] triggerCodes,
        MemoryImage memory,
        long[] committed,
        int intervalIndex,
        IntervalLog log,
        ArcTable arcs,
        long[] end,
        int[] wp,
        long[][] intIc,
        int[][] intNumber,
        int[] ip,
        long[] nextProbeStop,
        long instructions,
        long dmaBlocks,
        Divergence problem,
        LoggedInputPort.Cursors io) {}
