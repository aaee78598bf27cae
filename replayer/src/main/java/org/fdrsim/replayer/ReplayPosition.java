package org.fdrsim.replayer;

import java.util.Arrays;

/**
 * A point of a replay: a consistent cut of the agents within one interval. ICs restart at each
 * checkpoint, so a position carries the interval's number (as in {@link ReplayInput#firstInterval})
 * and, for every agent (processors 0..P-1, DMA engines P..P+D-1), the instructions (blocks) it
 * has committed in that interval.
 */
public record ReplayPosition(int interval, long[] ics) {
    public ReplayPosition {
        ics = ics.clone();
    }

    @Override
    public long[] ics() {
        return ics.clone();
    }

    /** Agent {@code a}'s IC. */
    public long ic(int a) {
        return ics[a];
    }

    public int agents() {
        return ics.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ReplayPosition p && p.interval == interval && Arrays.equals(p.ics, ics);
    }

    @Override
    public int hashCode() {
        return interval * 31 + Arrays.hashCode(ics);
    }

    @Override
    public String toString() {
        return "interval " + interval + " ICs " + Arrays.toString(ics);
    }
}
