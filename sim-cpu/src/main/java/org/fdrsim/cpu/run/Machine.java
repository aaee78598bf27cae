package org.fdrsim.cpu.run;

import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorListener;

/**
 * A machine that runs a program to a stop: the functional machine or the timed one. Callers
 * run it, stop it from another thread (Ctrl-C), and show its progress from another thread
 * (a stale or torn figure there only shows a slightly old value; nothing in the simulation
 * reads it).
 */
public interface Machine {
    /** Runs until every processor halted, a trigger, a fault, a limit, or nothing can run. */
    RunResult run();

    /** Asks {@link #run} to return with {@link StopCause#INTERRUPTED} after the current slice (any thread). */
    void requestStop();

    /** Attaches {@code listener} to every processor. */
    void setListener(ProcessorListener listener);

    Processor cpu(int i);

    int cpuCount();

    /** Instructions committed so far by all processors over the whole run (for progress displays). */
    default long instructionsSoFar() {
        long n = 0;
        for (int i = 0; i < cpuCount(); i++) {
            n += cpu(i).instructionCount();
        }
        return n;
    }

    /** The furthest processor clock so far, in processor cycles (for progress displays). */
    default long cyclesSoFar() {
        long t = 0;
        for (int i = 0; i < cpuCount(); i++) {
            t = Math.max(t, cpu(i).cycle());
        }
        return t;
    }
}
