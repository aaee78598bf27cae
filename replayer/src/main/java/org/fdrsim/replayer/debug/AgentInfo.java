package org.fdrsim.replayer.debug;

/**
 * One agent of the replay, for {@code info cpus} and DAP threads: agent number (processors
 * 0..P-1, DMA engines P..), its IC and the interval's end IC for it, pc (-1 for DMA), run state,
 * and what it waits on (the next incoming arc it cannot pass yet, e.g. {@code "arc 1:40 -> 0:12"},
 * or empty).
 */
public record AgentInfo(int agent, boolean dma, long ic, long endIc, int pc, String state, String waitingOn) {
    /** The thread name front ends show: {@code cpu 0} or {@code dma 2}. */
    public String name() {
        return (dma ? "dma " : "cpu ") + agent;
    }
}
