package org.fdrsim.recorder.policy;

import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.race.ArcPolicy;

/** Logs nothing: the baseline (and an unsound log, which the checker must reject on racy programs). */
public final class NoArcsPolicy implements ArcPolicy {
    private final ArcLog arcs = new ArcLog();

    @Override
    public String name() {
        return "none";
    }

    @Override
    public boolean observe(int from, long fromIc, int to, long toIc) {
        return false;
    }

    @Override
    public ArcLog arcs() {
        return arcs;
    }

    @Override
    public void reset() {}
}
