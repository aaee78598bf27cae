package org.fdrsim.cpu.run;

import org.fdrsim.cpu.core.Processor;

/**
 * How far a machine's processors have got, read from another thread by progress displays
 * (a stale or torn figure only shows a slightly old value; nothing in the simulation reads it).
 */
public final class RunProgress {
    private RunProgress() {}

    /** Instructions committed so far by all {@code cpus}. */
    public static long instructions(Processor[] cpus) {
        long n = 0;
        for (Processor p : cpus) {
            n += p.instructionCount();
        }
        return n;
    }

    /** The furthest clock among {@code cpus}, in processor cycles. */
    public static long furthestCycle(Processor[] cpus) {
        long t = 0;
        for (Processor p : cpus) {
            t = Math.max(t, p.cycle());
        }
        return t;
    }
}
