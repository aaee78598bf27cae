package org.fdrsim.recorder.policy;

import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.race.ArcPolicy;

/** Logs every arc a reply reveals, with no reduction: the upper bound FDR's VIC improves on. */
public final class AllArcsPolicy implements ArcPolicy {
    private final ArcLog arcs = new ArcLog();

    @Override
    public String name() {
        return "all-arcs";
    }

    @Override
    public boolean observe(int from, long fromIc, int to, long toIc) {
        if (from == to || fromIc <= 0) {
            return false;
        }
        arcs.add(from, fromIc, to, toIc);
        return true;
    }

    @Override
    public ArcLog arcs() {
        return arcs;
    }

    @Override
    public void reset() {
        arcs.clear();
    }
}
