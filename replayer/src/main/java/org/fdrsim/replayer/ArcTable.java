package org.fdrsim.replayer;

import java.util.Arrays;
import java.util.List;
import org.fdrsim.recorder.race.Arc;

/**
 * The race arcs of one interval laid out for replay: for every agent, the arcs that end at it
 * sorted by the IC they end at (stable, so arcs ending at the same IC keep their log order), as
 * three parallel primitive arrays. The replay session blocks on them; the parallelism metric
 * walks them; both read the same table.
 */
final class ArcTable {
    /** {@code own[a][k]}: the IC of agent a that arc k ends at (ascending in k). */
    final long[][] own;
    /** {@code src[a][k]}: the agent arc k starts at. */
    final int[][] src;
    /** {@code srcIc[a][k]}: the IC of the source agent that arc k starts after. */
    final long[][] srcIc;

    private ArcTable(long[][] own, int[][] src, long[][] srcIc) {
        this.own = own;
        this.src = src;
        this.srcIc = srcIc;
    }

    /** Sorts every agent's race log of {@code log} by the IC its arcs end at. */
    static ArcTable of(IntervalLog log) {
        int n = log.agents();
        long[][] own = new long[n][];
        int[][] src = new int[n][];
        long[][] srcIc = new long[n][];
        for (int a = 0; a < n; a++) {
            List<Arc> race = log.race(a);
            Integer[] order = new Integer[race.size()];
            for (int k = 0; k < order.length; k++) {
                order[k] = k;
            }
            Arrays.sort(order, (x, y) -> Long.compare(race.get(x).toIc(), race.get(y).toIc()));
            own[a] = new long[order.length];
            src[a] = new int[order.length];
            srcIc[a] = new long[order.length];
            for (int k = 0; k < order.length; k++) {
                Arc e = race.get(order[k]);
                own[a][k] = e.toIc();
                src[a][k] = e.from();
                srcIc[a][k] = e.fromIc();
            }
        }
        return new ArcTable(own, src, srcIc);
    }

    /** The position (in {@link #own} order) of agent {@code a}'s first arc from an agent {@code >= agents}, or -1. */
    int firstForeign(int a, int agents) {
        for (int k = 0; k < src[a].length; k++) {
            if (src[a][k] >= agents) {
                return k;
            }
        }
        return -1;
    }

    /** Drops every arc into agent {@code a} (a damaged log: the replay stops at the problem anyway). */
    void clear(int a) {
        own[a] = new long[0];
        src[a] = new int[0];
        srcIc[a] = new long[0];
    }
}
