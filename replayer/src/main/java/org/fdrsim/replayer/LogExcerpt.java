package org.fdrsim.replayer;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.io.log.InterruptEntry;
import org.fdrsim.recorder.race.Arc;

/** The log entries near a point of an agent's execution, for divergence reports. */
final class LogExcerpt {
    private static final int SPAN = 3;

    private LogExcerpt() {}

    static List<String> around(IntervalLog log, int agent, long ic, int inputsConsumed) {
        List<String> out = new ArrayList<>();
        if (log == null) {
            return out;
        }
        List<Arc> race = log.race(agent);
        int best = -1;
        long bestDistance = Long.MAX_VALUE;
        for (int i = 0; i < race.size(); i++) {
            long d = Math.abs(race.get(i).toIc() - ic);
            if (d < bestDistance) {
                bestDistance = d;
                best = i;
            }
        }
        if (best >= 0) {
            for (int i = Math.max(0, best - SPAN); i <= Math.min(race.size() - 1, best + SPAN); i++) {
                Arc e = race.get(i);
                out.add("race[" + i + "] arc " + e);
            }
        }
        // Arcs that start at this agent near ic (in the other agents' logs).
        for (int other = 0; other < log.agents(); other++) {
            if (other == agent) {
                continue;
            }
            for (Arc e : log.race(other)) {
                if (e.from() == agent && Math.abs(e.fromIc() - ic) <= SPAN) {
                    out.add("race of " + other + ": arc " + e);
                }
            }
        }
        if (agent < log.cpus()) {
            long[] inputs = log.inputsShared(agent);
            for (int i = Math.max(0, inputsConsumed - SPAN); i < Math.min(inputs.length, inputsConsumed + SPAN); i++) {
                out.add(String.format("input[%d] = %d%s", i, inputs[i], i == inputsConsumed - 1 ? "  (last consumed)" : ""));
            }
            List<InterruptEntry> ints = log.interrupts(agent);
            for (int i = 0; i < ints.size(); i++) {
                if (Math.abs(ints.get(i).ic() - ic) <= 1000) {
                    out.add(String.format("interrupt[%d] %d at IC %d", i, ints.get(i).number(), ints.get(i).ic()));
                }
            }
        }
        return out;
    }
}
