package org.fdrsim.recorder.policy;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.trace.AccessTrace;

/**
 * Netzer's optimal transitive reduction of the block-conflict arcs, computed offline from the
 * whole access trace (the reference FDR's hardware approximates; section 4.1-4.2 of the paper).
 *
 * <p>The trace is walked in commit order (an SC order). Each agent keeps a vector clock: what
 * of every agent is known to precede its current instruction through program order and the
 * arcs kept so far. An access's incoming conflict arcs come from the block's last store and,
 * for a store, the last load of each agent since that store (older conflicts are implied
 * through these, as in the checker). A candidate arc i:a -> j:b is kept iff it is implied
 * neither by j's clock nor by another candidate's source clock; kept arcs join their source's
 * clock into j's. An arc into a later access can never imply one into an earlier access, so
 * deciding in commit order is optimal. Allocates per access: offline only.
 */
public final class NetzerReduction {
    private NetzerReduction() {}

    /** The reduced arcs of {@code trace}; agent ids below {@code agents}. */
    public static ArcLog reduce(AccessTrace trace, int agents) {
        int n = Math.max(agents, trace.agents());
        ArcLog arcs = new ArcLog();
        long[][] clock = new long[n][n];
        Long2IntOpenHashMap index = new Long2IntOpenHashMap();
        index.defaultReturnValue(-1);
        BlockHistory[] blocks = new BlockHistory[64];
        int count = 0;
        int[] candAgent = new int[n];
        long[] candIc = new long[n];
        long[][] candClock = new long[n][];
        boolean[] implied = new boolean[n];
        for (int t = 0; t < trace.size(); t++) {
            int j = trace.agent(t);
            long b = trace.ic(t);
            long block = trace.address(t) & ~63L;
            int e = index.get(block);
            if (e < 0) {
                if (count == blocks.length) {
                    blocks = Arrays.copyOf(blocks, count * 2);
                }
                e = count++;
                blocks[e] = new BlockHistory(n);
                index.put(block, e);
            }
            BlockHistory h = blocks[e];
            long[] vc = clock[j];
            vc[j] = b;
            // Candidate arcs into j:b.
            int c = 0;
            if (h.writer >= 0 && h.writer != j) {
                candAgent[c] = h.writer;
                candIc[c] = h.writeIc;
                candClock[c++] = h.writeClock;
            }
            boolean write = trace.write(t);
            if (write) {
                for (int r = 0; r < n; r++) {
                    if (r != j && h.readIc[r] != 0) {
                        candAgent[c] = r;
                        candIc[c] = h.readIc[r];
                        candClock[c++] = h.readClock[r];
                    }
                }
            }
            for (int x = 0; x < c; x++) {
                int i = candAgent[x];
                boolean imp = vc[i] >= candIc[x];
                for (int y = 0; y < c && !imp; y++) {
                    imp = y != x && candClock[y][i] >= candIc[x] && !(candAgent[y] == i && candIc[y] == candIc[x] && y > x);
                }
                implied[x] = imp;
            }
            for (int x = 0; x < c; x++) {
                if (!implied[x]) {
                    arcs.add(candAgent[x], candIc[x], j, b);
                    long[] src = candClock[x];
                    for (int k = 0; k < n; k++) {
                        vc[k] = Math.max(vc[k], src[k]);
                    }
                }
            }
            if (write) {
                h.writer = j;
                h.writeIc = b;
                h.writeClock = vc.clone();
                Arrays.fill(h.readIc, 0);
            } else {
                h.readIc[j] = b;
                h.readClock[j] = vc.clone();
            }
        }
        return arcs;
    }

    /** The last store to a block and the last load of each agent since. */
    private static final class BlockHistory {
        int writer = -1;
        long writeIc;
        long[] writeClock;
        final long[] readIc;
        final long[][] readClock;

        BlockHistory(int agents) {
            readIc = new long[agents];
            readClock = new long[agents][];
        }
    }
}
