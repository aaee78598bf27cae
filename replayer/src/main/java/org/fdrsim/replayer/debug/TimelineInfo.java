package org.fdrsim.replayer.debug;

/**
 * What the debugger's timeline of snapshots holds ({@code info snapshots}).
 *
 * @param snapshots    snapshots kept
 * @param taken        snapshots taken in all (the difference was thinned out)
 * @param every        instructions between snapshots as they are taken
 * @param first        instructions replayed at the oldest kept snapshot
 * @param last         instructions replayed at the newest
 * @param pages        distinct memory pages the snapshots hold
 * @param hostBytes    host bytes held: those pages and the snapshots' own state
 * @param reexecuted   instructions re-executed by moves backwards so far
 */
public record TimelineInfo(int snapshots, long taken, long every, long first, long last, int pages, long hostBytes,
        long reexecuted) {}
