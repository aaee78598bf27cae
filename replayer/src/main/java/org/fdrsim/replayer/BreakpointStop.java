package org.fdrsim.replayer;

/**
 * Asked by {@link ReplaySession#runToBreakpoint} when a processor arrives at one of its
 * breakpoints, before it executes the instruction there, with every agent at a consistent cut
 * (the session can be read: registers, memory, position): true stops the run there, false lets
 * the processor pass it and the run go on at full speed. A debugger checks its conditions here.
 */
@FunctionalInterface
public interface BreakpointStop {
    boolean stopAt(int cpu);
}
