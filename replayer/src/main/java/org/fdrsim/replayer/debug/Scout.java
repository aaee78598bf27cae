package org.fdrsim.replayer.debug;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.cpu.isa.Csr;
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

    /**
     * How often a processor arrives at code index {@code pc} after {@code from}, to the end of
     * the replay: by an instruction (a jump, a call, falling through) or by taking an interrupt
     * whose handler starts there, as a breakpoint there is hit.
     */
    static long arrivals(DebugSession debug, ReplayPosition from, int pc) {
        ReplaySession s = debug.freshAt(from, null);
        long[] n = new long[1];
        // A step that takes an interrupt also runs the handler's first instruction, so the pc
        // after it never shows that arrival: the listener counts it.
        s.setListener(new ProcessorListener() {
            @Override
            public void interruptTaken(int cpu, long ic, int number, long cycle) {
                if (s.csr(cpu, Csr.IVEC) == pc) {
                    n[0]++;
                }
            }
        });
        Lockstep.run(s, null, a -> {
            if (a < s.cpus() && s.pc(a) == pc) {
                n[0]++;
            }
            return false;
        });
        return n[0];
    }
}
