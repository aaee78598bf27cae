package org.fdrsim.replayer;

import java.util.Arrays;
import org.fdrsim.recorder.race.Arc;

/**
 * Test helper: is the order "instruction a of agent i before instruction b of agent j" implied
 * by program order and the arcs of a log? (Then deleting a logged arc with those ends changes
 * nothing a replay could notice, and a test must not count it as an escaped tampering.)
 */
final class ArcImplication {
    private ArcImplication() {}

    static boolean implied(IntervalLog log, int i, long a, int j, long b) {
        int n = log.agents();
        long[] reach = new long[n]; // the first IC of each agent ordered after (i, a)
        Arrays.fill(reach, Long.MAX_VALUE);
        reach[i] = a + 1;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int v = 0; v < n; v++) {
                for (Arc e : log.race(v)) {
                    int u = e.from();
                    if (u < n && reach[u] != Long.MAX_VALUE && e.fromIc() >= reach[u] - 1 && e.toIc() < reach[v]) {
                        reach[v] = e.toIc();
                        changed = true;
                    }
                }
            }
        }
        return reach[j] <= b;
    }
}
