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
            int size = race.size();
            own[a] = new long[size];
            src[a] = new int[size];
            srcIc[a] = new long[size];
            if (endsAscending(race)) {
                // The usual case: a log in arc-end order needs no boxed index sort.
                for (int k = 0; k < size; k++) {
                    put(a, k, race.get(k), own, src, srcIc);
                }
                continue;
            }
            Integer[] order = new Integer[size];
            for (int k = 0; k < size; k++) {
                order[k] = k;
            }
            Arrays.sort(order, (x, y) -> Long.compare(race.get(x).toIc(), race.get(y).toIc()));
            for (int k = 0; k < size; k++) {
                put(a, k, race.get(order[k]), own, src, srcIc);
            }
        }
        return new ArcTable(own, src, srcIc);
    }

    private static boolean endsAscending(List<Arc> race) {
        for (int k = 1; k < race.size(); k++) {
            if (race.get(k).toIc() < race.get(k - 1).toIc()) {
                return false;
            }
        }
        return true;
    }

    private static void put(int a, int k, Arc e, long[][] own, int[][] src, long[][] srcIc) {
        own[a][k] = e.toIc();
        src[a][k] = e.from();
        srcIc[a][k] = e.fromIc();
    }

    /**
     * The least ICs every agent must have committed for agent {@code agent} to have committed
     * {@code ic}: the sources of its arcs, and of theirs, transitively (each arc looked at once).
     */
    long[] closure(int agent, long ic) {
        int n = own.length;
        long[] need = new long[n];
        int[] next = new int[n];
        need[agent] = ic;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int j = 0; j < n; j++) {
                long[] ends = own[j];
                while (next[j] < ends.length && ends[next[j]] <= need[j]) {
                    int k = next[j]++;
                    int from = src[j][k];
                    if (srcIc[j][k] > need[from]) {
                        need[from] = srcIc[j][k];
                        changed = true;
                    }
                }
            }
        }
        return need;
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
