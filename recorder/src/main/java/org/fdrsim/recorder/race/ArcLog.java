package org.fdrsim.recorder.race;

import java.util.Arrays;

/**
 * A list of logged arcs {@code from:fromIc -> to:toIc} ("instruction fromIc of agent from
 * happens before instruction toIc of agent to"), in the order they were logged. Primitive
 * arrays, so appending allocates only when the arrays grow.
 */
public final class ArcLog {
    private int[] from = new int[64];
    private int[] to = new int[64];
    private long[] fromIc = new long[64];
    private long[] toIc = new long[64];
    private int size;
    private long total;
    private boolean keep = true;

    /**
     * With {@code false}, arcs are only counted ({@link #total}), not kept: a long run's
     * experiment needs the counts, and keeping every arc of every policy would fill the heap.
     */
    public void setKeep(boolean keep) {
        this.keep = keep;
    }

    /** Arcs added since this log was created, across {@link #clear} (checkpoint epochs) and whether kept or not. */
    public long total() {
        return total;
    }

    public void add(int fromAgent, long fromInstruction, int toAgent, long toInstruction) {
        total++;
        if (!keep) {
            return;
        }
        if (size == from.length) {
            int n = size * 2;
            from = Arrays.copyOf(from, n);
            to = Arrays.copyOf(to, n);
            fromIc = Arrays.copyOf(fromIc, n);
            toIc = Arrays.copyOf(toIc, n);
        }
        from[size] = fromAgent;
        fromIc[size] = fromInstruction;
        to[size] = toAgent;
        toIc[size] = toInstruction;
        size++;
    }

    /** Arcs kept since the last {@link #clear} (0 while only counting). */
    public int size() {
        return size;
    }

    public int from(int i) {
        return from[i];
    }

    public long fromIc(int i) {
        return fromIc[i];
    }

    public int to(int i) {
        return to[i];
    }

    public long toIc(int i) {
        return toIc[i];
    }

    /** Forgets every arc (a new checkpoint epoch). */
    public void clear() {
        size = 0;
    }

    /** Arc {@code i}. */
    public Arc arc(int i) {
        return new Arc(from[i], fromIc[i], to[i], toIc[i]);
    }

    /** Arc {@code i} as {@code i:ic -> j:ic}. */
    public String line(int i) {
        return arc(i).toString();
    }

    /**
     * The arcs of race-log bytes as the log buffers store them (and the dump holds them):
     * {@link RaceEntry} after {@link RaceEntry} of agent {@code owner}'s log, appended in log order.
     *
     * @throws IllegalArgumentException if the bytes are not a whole number of entries
     */
    public void addEntries(int owner, byte[] raceLog) {
        if (raceLog.length % RaceEntry.BYTES != 0) {
            throw new IllegalArgumentException("race log of agent " + owner + ": " + raceLog.length
                    + " bytes is not a whole number of " + RaceEntry.BYTES + "-byte entries");
        }
        for (int off = 0; off < raceLog.length; off += RaceEntry.BYTES) {
            RaceEntry e = RaceEntry.decode(raceLog, off);
            add(e.otherId(), e.otherIc(), owner, e.ownIc());
        }
    }

    /** Arcs that end at {@code agent}. */
    public int countTo(int agent) {
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (to[i] == agent) {
                n++;
            }
        }
        return n;
    }
}
