package org.fdrsim.results.view;

import java.util.List;
import org.fdrsim.recorder.policy.ReductionExplanation;
import org.fdrsim.recorder.race.ArcLog;

/**
 * What {@code fdr view} draws: one lane per processor and DMA engine with the instructions each
 * committed (in commit order, since the last checkpoint), the conflict arcs with FDR's reasoning
 * for each, netzer's minimal set, and the marks (interrupts, input-log reads, DMA transfers).
 * Every instruction gets a row such that each arc points downwards (a longest-path layout over
 * program order and the arcs), the way the paper's Figure 1 draws two processors' streams.
 *
 * <p>Built by {@link ViewBuilder}; written by {@link ViewPage}.
 *
 * @param title       the run, e.g. {@code message-passing.s, 2 cpus, seed 1}
 * @param checkpoint  the number of the checkpoint the instructions start after
 * @param code        one line per instruction index of the program (label, assembly, source)
 * @param lanes       one per agent: processors 0..P-1, then DMA engines
 * @param explanation every conflict arc and why FDR logged or dropped it
 * @param netzer      netzer's minimal set on the same execution
 * @param blockOf     the block address of each conflict arc, then of each netzer arc (-1: unknown)
 * @param window      the window shown, or null for the whole interval
 * @param verdict     how replaying the dump of this run compared with the recording
 */
public record ExecutionView(
        String title,
        int checkpoint,
        List<CodeLine> code,
        List<Lane> lanes,
        ReductionExplanation explanation,
        ArcLog netzer,
        long[] blockOf,
        Window window,
        String verdict) {

    /** Instructions in a lane, beyond which {@code fdr view} asks for {@code --window} (or {@code --force}). */
    public static final int MAX_INSTRUCTIONS = 100_000;

    /**
     * One agent's committed instructions (IC {@code first} .. {@code first + size - 1}).
     *
     * @param name  {@code cpu 0}, {@code dma 0}, ...
     * @param first the IC of the first instruction shown
     * @param rows  the row of each instruction shown
     * @param pcs   per instruction: its pc, an index into the code table (processors), or -1 (DMA)
     * @param marks per instruction: a short mark, or null
     */
    public record Lane(String name, long first, int[] rows, int[] pcs, String[] marks) {
        public int size() {
            return rows.length;
        }

        /** The row of IC {@code ic}, or -1 if it is not shown. */
        public int rowOf(long ic) {
            long k = ic - first;
            return k >= 0 && k < rows.length ? rows[(int) k] : -1;
        }
    }

    /**
     * One instruction of the program.
     *
     * @param label    the nearest text label at or before it, e.g. {@code wait} or {@code wait+1}
     * @param asm      the instruction in assembly syntax
     * @param source   the source line as written (or the assembly, if the source is not readable)
     * @param location {@code file:line}
     */
    public record CodeLine(String label, String asm, String source, String location) {}

    /** A window {@code agent:fromIc-toIc}: rows {@code fromRow..toRow} of every lane are shown. */
    public record Window(int agent, long fromIc, long toIc, int fromRow, int toRow) {
        @Override
        public String toString() {
            return agent + ":" + fromIc + "-" + toIc;
        }
    }

    /** Instructions shown over all lanes. */
    public long instructions() {
        long n = 0;
        for (Lane l : lanes) {
            n += l.size();
        }
        return n;
    }
}
