package org.fdrsim.replayer.debug;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.io.log.DmaDataEntry;
import org.fdrsim.io.log.InterruptEntry;
import org.fdrsim.recorder.race.Arc;
import org.fdrsim.replayer.IntervalLog;
import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplaySession;

/** The current interval's logs as the debugger shows them: arcs near an agent ({@code info arcs}), next entries ({@code info logs}). */
final class LogView {
    private LogView() {}

    /**
     * The arcs into and out of {@code agent} that end (start) within {@code span} ICs of where it
     * is, each with the memory access at both ends (found by re-executing the interval).
     */
    static List<String> arcs(DebugSession debug, ReplaySession live, int agent, long span) {
        IntervalLog log = live.intervalLog();
        long ic = live.ic(agent);
        List<Arc> near = new ArrayList<>();
        for (Arc a : log.race(agent)) {
            if (Math.abs(a.toIc() - ic) <= span) {
                near.add(a);
            }
        }
        for (int other = 0; other < log.agents(); other++) {
            for (Arc a : log.race(other)) {
                if (other != agent && a.from() == agent && Math.abs(a.fromIc() - ic) <= span) {
                    near.add(a);
                }
            }
        }
        near.sort((x, y) -> Long.compare(x.to() == agent ? x.toIc() : x.fromIc(), y.to() == agent ? y.toIc() : y.fromIc()));
        Map<Long, String> ends = new HashMap<>();
        for (Arc a : near) {
            ends.put(key(a.from(), a.fromIc()), null);
            ends.put(key(a.to(), a.toIc()), null);
        }
        describeEnds(debug, live, ends);
        List<String> out = new ArrayList<>();
        for (Arc a : near) {
            out.add((a.to() == agent ? "in   " : "out  ") + a + "  from " + show(ends, a.from(), a.fromIc())
                    + "  to " + show(ends, a.to(), a.toIc()));
        }
        if (out.isEmpty()) {
            out.add("no logged arcs within " + span + " instructions of agent " + agent + " at ic " + ic);
        }
        return out;
    }

    private static String show(Map<Long, String> ends, int agent, long ic) {
        String s = ends.get(key(agent, ic));
        return s != null ? s : "(agent " + agent + " ic " + ic + ")";
    }

    /** Fills {@code ends} (keys: agent and IC) with the access each makes, by replaying the interval. */
    private static void describeEnds(DebugSession debug, ReplaySession live, Map<Long, String> ends) {
        if (ends.isEmpty()) {
            return;
        }
        int n = live.agentCount();
        long[] endIcs = new long[n];
        for (int a = 0; a < n; a++) {
            endIcs[a] = live.endIc(a);
        }
        ReplaySession s = debug.freshAt(new ReplayPosition(live.interval(), new long[n]), null);
        s.setListener(new ProcessorListener() {
            @Override
            public void memoryAccess(int agent, long ic, int pc, long address, boolean write, long value) {
                Long k = key(agent, ic);
                if (ends.containsKey(k) && ends.get(k) == null) {
                    String what = (write ? "writes" : "reads") + String.format(" 0x%x", address);
                    ends.put(k, pc < 0 ? "dma " + agent + " ic " + ic + " block " + what
                            : debug.pointAt(agent, ic, pc).line() + "  " + what);
                }
            }
        });
        s.runTo(new ReplayPosition(live.interval(), endIcs));
    }

    private static long key(int agent, long ic) {
        return ((long) agent << 48) ^ ic;
    }

    /** The next {@code count} input, interrupt and DMA data entries of each agent in the current interval. */
    static List<String> next(ReplaySession live, int count) {
        IntervalLog log = live.intervalLog();
        List<String> out = new ArrayList<>();
        for (int c = 0; c < log.cpus(); c++) {
            long[] inputs = log.inputs(c);
            int used = live.inputsConsumed(c);
            for (int i = used; i < Math.min(inputs.length, used + count); i++) {
                out.add("cpu " + c + " input[" + i + "] = " + inputs[i]);
            }
            List<InterruptEntry> ints = log.interrupts(c);
            int shown = 0;
            for (int i = 0; i < ints.size() && shown < count; i++) {
                if (ints.get(i).ic() >= live.ic(c)) {
                    out.add("cpu " + c + " interrupt[" + i + "] " + ints.get(i).number() + " at ic " + ints.get(i).ic());
                    shown++;
                }
            }
        }
        for (int e = 0; e < log.dmaEngines(); e++) {
            int agent = log.cpus() + e;
            List<DmaDataEntry> data = log.dmaData(e);
            long done = live.ic(agent);
            for (long i = done; i < Math.min(data.size(), done + count); i++) {
                out.add("dma " + agent + " block[" + i + "] at " + String.format("0x%x", data.get((int) i).address()));
            }
        }
        if (out.isEmpty()) {
            out.add("no log entries left in interval " + live.interval());
        }
        return out;
    }
}
