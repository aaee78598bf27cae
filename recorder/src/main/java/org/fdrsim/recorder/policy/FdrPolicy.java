package org.fdrsim.recorder.policy;

import java.util.Arrays;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.race.ArcPolicy;

/**
 * FDR's transitive reduction (Table 2): each agent j keeps VIC[i], the largest IC it has
 * received from agent i, and logs an arc only if the reply's IC is larger. An arc whose
 * start is not newer than VIC[i] is implied by an arc already logged, which ended at j
 * earlier (program order carries it on). The VIC has an entry for every processor and DMA
 * engine; it grows if an agent id beyond the initial count appears.
 */
public final class FdrPolicy implements ArcPolicy {
    private final ArcLog arcs = new ArcLog();
    private int agents;
    /** vic[to * agents + from]. */
    private long[] vic;

    public FdrPolicy(int agents) {
        this.agents = Math.max(1, agents);
        this.vic = new long[this.agents * this.agents];
    }

    @Override
    public String name() {
        return "fdr";
    }

    @Override
    public boolean observe(int from, long fromIc, int to, long toIc) {
        if (from == to || fromIc <= 0) {
            return false; // program order already orders it; IC 0 is no instruction
        }
        if (from >= agents || to >= agents) {
            grow(Math.max(from, to) + 1);
        }
        int k = to * agents + from;
        if (fromIc <= vic[k]) {
            return false;
        }
        vic[k] = fromIc;
        arcs.add(from, fromIc, to, toIc);
        return true;
    }

    /** Agent {@code to}'s VIC entry for {@code from} (tests, reports). */
    public long vic(int to, int from) {
        return to < agents && from < agents ? vic[to * agents + from] : 0;
    }

    /** Entries in each agent's VIC. */
    public int agents() {
        return agents;
    }

    private void grow(int n) {
        long[] bigger = new long[n * n];
        for (int t = 0; t < agents; t++) {
            System.arraycopy(vic, t * agents, bigger, t * n, agents);
        }
        vic = bigger;
        agents = n;
    }

    @Override
    public ArcLog arcs() {
        return arcs;
    }

    @Override
    public void reset() {
        Arrays.fill(vic, 0);
        arcs.clear();
    }
}
