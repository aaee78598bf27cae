package org.fdrsim.recorder.race;

/**
 * A race arc: instruction {@code fromIc} of agent {@code from} happens before instruction
 * {@code toIc} of agent {@code to} (agents: processors 0..P-1, DMA engines P..P+D-1; ICs of
 * the checkpoint interval). What policies log, the race log stores ({@link RaceEntry}, with
 * {@code to} implied by whose log it is in), the soundness checker orders accesses by, and the
 * replayer waits on. Printed as {@code from:fromIc -> to:toIc}.
 */
public record Arc(int from, long fromIc, int to, long toIc) {
    @Override
    public String toString() {
        return from + ":" + fromIc + " -> " + to + ":" + toIc;
    }
}
