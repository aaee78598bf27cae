package org.fdrsim.replayer.debug;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.fdrsim.cpu.mem.PageCount;
import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplaySession;
import org.fdrsim.replayer.ReplaySnapshot;

/**
 * The debugger's snapshots of the replay, as rr and QEMU keep them: every session the debugger
 * runs forward takes a {@link ReplaySnapshot} each {@code every} instructions (from the
 * session's one milestone hook, so stepping, continuing, goto and the full-speed runs all take
 * them), unless a snapshot it holds already covers the place; a move backwards starts a session
 * at the nearest snapshot at or behind its target instead of at the replay's start, so it
 * re-executes about {@code every} instructions, not the whole replay. Memory pages are shared
 * copy-on-write between snapshots and the live session; past a budget of snapshots or bytes,
 * the snapshot closest to its neighbours is dropped (the spacing thins out evenly).
 */
final class Timeline {
    /** Snapshots every this many instructions unless told otherwise: a step back re-executes at most about this. */
    static final long EVERY = 100_000;
    /** At most this many snapshots... */
    static final int MAX_SNAPSHOTS = 400;
    /** ...holding at most this many bytes of host memory. */
    static final long MAX_BYTES = 512L << 20;

    private final long every;
    private final Function<ReplaySnapshot, ReplaySession> sessions;
    /** Ascending in instructions (ties in the order taken). */
    private final List<ReplaySnapshot> snapshots = new ArrayList<>();
    private final PageCount pages = new PageCount();
    private long ownBytes;
    private long reexecuted;
    private long taken;

    /**
     * A timeline taking a snapshot every {@code every} instructions; {@code sessions} makes a
     * session at a snapshot (null: the replay's start) with a fresh probe.
     */
    Timeline(long every, Function<ReplaySnapshot, ReplaySession> sessions) {
        if (every < 1) {
            throw new IllegalArgumentException("snapshots every " + every + " instructions (expected at least 1)");
        }
        this.every = every;
        this.sessions = sessions;
    }

    /** A session at {@code from} (null: the replay's start) that takes snapshots as it goes forward. */
    ReplaySession start(ReplaySnapshot from) {
        ReplaySession s = sessions.apply(from);
        ReplaySnapshot near = nearest(s.position());
        s.setMilestone((near == null ? 0 : near.instructions()) + every, this::passed);
        return s;
    }

    /** A session at {@code p} (the nearest cut the arcs allow), re-executed from the nearest snapshot at or behind it. */
    ReplaySession at(ReplayPosition p) {
        ReplaySnapshot from = nearest(p);
        ReplaySession s = start(from);
        s.runTo(p);
        reexecuted(s, from);
        return s;
    }

    /** How a {@link #scanBack} ended. */
    enum Scan { FOUND, NOT_FOUND, INTERRUPTED }

    /** Looks at one window of the replay for {@link #scanBack}. */
    interface Window {
        /**
         * Runs {@code s}, at the window's start ({@code atStart}: the replay's start), to
         * {@code bound}, looking; true if it found what it looks for (stop scanning).
         */
        boolean scan(ReplaySession s, ReplayPosition bound, boolean atStart);
    }

    /**
     * Scans the replay backwards from {@code now} window by window: from the nearest snapshot
     * at or behind {@code now} to {@code now}, then from the snapshot before that one to it,
     * and so on, until a window finds what it looks for ({@code FOUND}), a window's run is
     * interrupted ({@code INTERRUPTED}: the DAP pause) or the window from the replay's start has
     * been scanned ({@code NOT_FOUND}). Each window costs about {@code every} instructions.
     */
    Scan scanBack(ReplayPosition now, Window window) {
        ReplayPosition bound = now;
        ReplaySnapshot from = nearest(now);
        while (true) {
            ReplaySession s = start(from);
            boolean found = window.scan(s, bound, from == null);
            reexecuted(s, from);
            if (s.interrupted()) {
                return Scan.INTERRUPTED;
            }
            if (found) {
                return Scan.FOUND;
            }
            if (from == null) {
                return Scan.NOT_FOUND;
            }
            bound = from.position();
            from = before(from);
        }
    }

    private void reexecuted(ReplaySession s, ReplaySnapshot from) {
        reexecuted += s.instructions() - (from == null ? 0 : from.instructions());
    }

    /** Instructions re-executed from snapshots (or the start) so far: moves backwards and look-aheads. */
    long reexecuted() {
        return reexecuted;
    }

    /** The milestone of every session this timeline started: a snapshot here unless one close behind covers it. */
    private long passed(ReplaySession s) {
        long now = s.instructions();
        ReplaySnapshot near = nearest(s.position());
        if (near != null && now - near.instructions() < every) {
            return near.instructions() + every;
        }
        add(s.save());
        return now + every;
    }

    private void add(ReplaySnapshot snap) {
        int i = snapshots.size();
        while (i > 0 && snapshots.get(i - 1).instructions() > snap.instructions()) {
            i--;
        }
        snapshots.add(i, snap);
        pages.add(snap.memoryImage());
        ownBytes += snap.ownBytes();
        taken++;
        while (snapshots.size() > 1 && (snapshots.size() > MAX_SNAPSHOTS || bytes() > MAX_BYTES)) {
            drop(closestToNeighbours());
        }
    }

    /** The snapshot whose neighbours are closest together (dropping it leaves the smallest gap); the oldest on a tie. */
    private int closestToNeighbours() {
        int best = 0;
        long bestGap = Long.MAX_VALUE;
        for (int i = 0; i < snapshots.size(); i++) {
            long before = i == 0 ? 0 : snapshots.get(i - 1).instructions();
            long after = i + 1 < snapshots.size() ? snapshots.get(i + 1).instructions() : snapshots.get(i).instructions();
            if (after - before < bestGap) {
                bestGap = after - before;
                best = i;
            }
        }
        return best;
    }

    private void drop(int i) {
        ReplaySnapshot s = snapshots.remove(i);
        pages.remove(s.memoryImage());
        ownBytes -= s.ownBytes();
    }

    /** The snapshot at or behind {@code p} (every agent at or before it) with the most instructions, or null. */
    ReplaySnapshot nearest(ReplayPosition p) {
        for (int i = snapshots.size() - 1; i >= 0; i--) {
            ReplaySnapshot s = snapshots.get(i);
            if (atOrBehind(s.position(), p)) {
                return s;
            }
        }
        return null;
    }

    /** The nearest snapshot at or behind {@code s}'s position with fewer instructions (the window before s), or null. */
    ReplaySnapshot before(ReplaySnapshot s) {
        ReplayPosition p = s.position();
        for (int i = snapshots.size() - 1; i >= 0; i--) {
            ReplaySnapshot t = snapshots.get(i);
            if (t.instructions() < s.instructions() && atOrBehind(t.position(), p)) {
                return t;
            }
        }
        return null;
    }

    private static boolean atOrBehind(ReplayPosition a, ReplayPosition b) {
        if (a.interval() != b.interval()) {
            return a.interval() < b.interval();
        }
        for (int x = 0; x < a.agents(); x++) {
            if (a.ic(x) > b.ic(x)) {
                return false;
            }
        }
        return true;
    }

    /** Host bytes the snapshots hold: their distinct memory pages and their own state. */
    long bytes() {
        return pages.bytes() + ownBytes;
    }

    /** {@code info snapshots}. */
    TimelineInfo info() {
        long first = snapshots.isEmpty() ? 0 : snapshots.get(0).instructions();
        long last = snapshots.isEmpty() ? 0 : snapshots.get(snapshots.size() - 1).instructions();
        return new TimelineInfo(snapshots.size(), taken, every, first, last, pages.pages(), bytes(), reexecuted);
    }
}
