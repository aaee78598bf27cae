package org.fdrsim.replayer.debug;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplaySession;

/**
 * Looks ahead without moving the debugger: a fresh session re-executed to the current
 * position runs on to the end while a listener counts or lists what the user asked about.
 */
final class Scout {
    private Scout() {}

    /** Every access to the word at {@code word} after {@code from}, to the end of the replay; at most {@code limit}. */
    static List<Access> trace(DebugSession debug, ReplayPosition from, long word, int limit) {
        List<Access> out = new ArrayList<>();
        ReplaySession s = debug.freshAt(from, (interval, cpu, ic, address, value) -> {
            if ((address & ~7L) == word && out.size() < limit) {
                out.add(new Access(cpu, false, interval, ic, -1, true, value));
            }
        });
        s.setListener(new ProcessorListener() {
            @Override
            public void memoryAccess(int agent, long ic, int pc, long address, boolean write, long value) {
                if ((address & ~7L) == word && out.size() < limit) {
                    out.add(new Access(agent, pc < 0, s.interval(), ic, pc, write, value));
                }
            }
        });
        s.resume();
        return out;
    }

    /** How often a processor arrives at code index {@code pc} after {@code from}, to the end of the replay. */
    static long arrivals(DebugSession debug, ReplayPosition from, int pc) {
        ReplaySession s = debug.freshAt(from, null);
        long[] n = new long[1];
        Lockstep.run(s, null, a -> {
            if (a < s.cpus() && s.pc(a) == pc) {
                n[0]++;
            }
            return false;
        });
        return n[0];
    }
}
