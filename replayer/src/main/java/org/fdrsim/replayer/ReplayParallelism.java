package org.fdrsim.replayer;

import java.util.List;

/**
 * The replay-parallelism figure (what Karma and Cyrus report): instructions replayed divided by
 * the critical path through program order and the logged arcs, with every instruction taking
 * one step and a checkpoint a barrier. 1.0 means the logs force a serial replay; P means the
 * processors could replay fully in parallel.
 *
 * @param instructions processor instructions over every interval
 * @param criticalPath the longest chain of instructions (and DMA blocks) ordered by program order and arcs
 */
public record ReplayParallelism(long instructions, long criticalPath) {

    public double figure() {
        return criticalPath == 0 ? 0 : (double) instructions / criticalPath;
    }

    public static ReplayParallelism of(ReplayInput input) {
        long total = 0;
        long path = 0;
        List<IntervalLog> intervals = input.intervals();
        for (int i = 0; i < intervals.size(); i++) {
            IntervalLog l = intervals.get(i);
            long[] start = new long[l.agents()];
            for (int c = 0; c < l.cpus(); c++) {
                start[c] = i == 0 ? input.start().get(c).ic() : 0;
                total += l.endIc(c) - start[c];
            }
            path += criticalPath(l, start);
        }
        return new ReplayParallelism(total, path);
    }

    /**
     * Longest path of one interval. Agent a's instruction n finishes at step
     * {@code n - start + offset}, where the offset grows only at arc targets: there the
     * instruction starts no earlier than one step after each arc's source finished.
     */
    static long criticalPath(IntervalLog l, long[] start) {
        int n = l.agents();
        ArcTable arcs = ArcTable.of(l);
        long[][] own = arcs.own;
        int[][] src = arcs.src;
        long[][] srcIc = arcs.srcIc;
        // Breakpoints of each agent's offset function, and how far it is known.
        long[][] bpIc = new long[n][];
        long[][] bpOff = new long[n][];
        int[] bpCount = new int[n];
        int[] next = new int[n];
        long[] known = new long[n];
        for (int a = 0; a < n; a++) {
            bpIc[a] = new long[own[a].length + 1];
            bpOff[a] = new long[own[a].length + 1];
            bpIc[a][0] = start[a];
            bpOff[a][0] = -start[a];
            bpCount[a] = 1;
            known[a] = start[a];
        }
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int a = 0; a < n; a++) {
                while (true) {
                    int k = next[a];
                    long limit = k < own[a].length ? Math.min(own[a][k] - 1, l.endIc(a)) : l.endIc(a);
                    if (limit > known[a]) {
                        known[a] = limit;
                        moved = true;
                    }
                    if (k >= own[a].length) {
                        break;
                    }
                    long target = own[a][k];
                    long earliest = finish(bpIc[a], bpOff[a], bpCount[a], target - 1);
                    boolean ready = true;
                    int j = k;
                    for (; j < own[a].length && own[a][j] == target; j++) {
                        int s = src[a][j];
                        if (s >= n || known[s] < srcIc[a][j]) {
                            ready = s >= n; // an agent that does not exist orders nothing
                            if (!ready) {
                                break;
                            }
                            continue;
                        }
                        earliest = Math.max(earliest, finish(bpIc[s], bpOff[s], bpCount[s], srcIc[a][j]));
                    }
                    if (!ready) {
                        break;
                    }
                    long offset = earliest - (target - 1);
                    int c = bpCount[a]++;
                    bpIc[a][c] = target;
                    bpOff[a][c] = Math.max(offset, bpOff[a][c - 1]);
                    next[a] = j;
                    moved = true;
                }
            }
        }
        long longest = 0;
        for (int a = 0; a < n; a++) {
            longest = Math.max(longest, finish(bpIc[a], bpOff[a], bpCount[a], l.endIc(a)));
        }
        return longest;
    }

    /** The step at which instruction {@code ic} finishes ({@code ic} = the start IC: step 0). */
    private static long finish(long[] bpIc, long[] bpOff, int count, long ic) {
        int lo = 0;
        int hi = count - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (bpIc[mid] <= ic) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return Math.max(0, ic + bpOff[lo]);
    }
}
