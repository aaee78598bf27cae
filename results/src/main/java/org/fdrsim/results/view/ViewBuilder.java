package org.fdrsim.results.view;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.fdrsim.cpu.asm.Disassembler;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.io.log.InterruptEntry;
import org.fdrsim.recorder.policy.ReductionExplanation;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.trace.AccessTrace;
import org.fdrsim.replayer.CommitTrace;
import org.fdrsim.results.view.ExecutionView.CodeLine;
import org.fdrsim.results.view.ExecutionView.Lane;
import org.fdrsim.results.view.ExecutionView.Window;

/**
 * Builds an {@link ExecutionView} from one recorded execution: the instructions each processor
 * committed (from a traced replay of its dump), the DMA engines' block transfers and every
 * access's block (from the recorder's access trace), and the arcs the policies kept while
 * observing it (all-arcs, fdr, netzer). Rows: a longest-path layout, so every arc points down.
 */
public final class ViewBuilder {
    /** {@code name:} prefixes of a source line (the lane shows the label in its own column). */
    private static final Pattern LEADING_LABELS = Pattern.compile("^([A-Za-z_.$][\\w.$]*:\\s*)+");

    private final ProgramImage program;
    private final CommitTrace commits;
    private final AccessTrace accesses;
    private final int agents;
    private final ReductionExplanation explanation;
    private final ArcLog netzer;
    private Function<SourceLocation, String> sourceText = loc -> null;

    /**
     * @param program  the program that ran
     * @param commits  a traced replay of the run's last interval
     * @param accesses the recorder's access trace of the same interval (processors and DMA engines)
     * @param agents   processors plus DMA engines
     * @param all      the all-arcs log, {@code fdr} the fdr log, {@code netzer} netzer's arcs, of the same interval
     */
    public ViewBuilder(ProgramImage program, CommitTrace commits, AccessTrace accesses, int agents, ArcLog all,
            ArcLog fdr, ArcLog netzer) {
        this.program = program;
        this.commits = commits;
        this.accesses = accesses;
        this.agents = agents;
        this.explanation = ReductionExplanation.of(all, fdr);
        this.netzer = netzer;
    }

    /** Where the source text of a line comes from (null: show the assembly). */
    public ViewBuilder sourceText(Function<SourceLocation, String> lines) {
        this.sourceText = lines;
        return this;
    }

    /**
     * The view of the whole interval, or of {@code window} ({@code agent:fromIc-toIc}, null for
     * all). More than {@link ExecutionView#MAX_INSTRUCTIONS} instructions need {@code force}.
     *
     * @throws IllegalArgumentException (a one-line message) for a window outside the run or too large
     */
    public ExecutionView build(String title, int checkpoint, String verdict, long[] window, boolean force) {
        int cpus = commits.cpus();
        long[] length = new long[agents];
        for (int a = 0; a < agents; a++) {
            length[a] = a < cpus ? commits.instructions(a) : 0;
        }
        Long2LongOpenHashMap blockAt = new Long2LongOpenHashMap();
        blockAt.defaultReturnValue(-1);
        for (int k = 0; k < accesses.size(); k++) {
            int a = accesses.agent(k);
            if (a >= agents) {
                continue;
            }
            blockAt.put(key(a, accesses.ic(k)), accesses.address(k) & ~63L);
            if (a >= cpus) {
                length[a] = Math.max(length[a], accesses.ic(k));
            }
        }
        int[][] rows = layout(length);
        // DMA engines that moved nothing and come last (the NIC's, in a disk-only program) get no lane.
        int shownAgents = agents;
        while (shownAgents > cpus && length[shownAgents - 1] == 0) {
            shownAgents--;
        }
        Window w = window == null ? null : window(window, length, rows);
        List<Lane> lanes = new ArrayList<>();
        long shown = 0;
        for (int a = 0; a < shownAgents; a++) {
            long lo = 1;
            long hi = length[a];
            if (w != null) {
                while (lo <= hi && rows[a][(int) lo] < w.fromRow()) {
                    lo++;
                }
                while (hi >= lo && rows[a][(int) hi] > w.toRow()) {
                    hi--;
                }
            }
            lanes.add(lane(a, cpus, lo, hi, rows[a]));
            shown += Math.max(0, hi - lo + 1);
        }
        if (shown > ExecutionView.MAX_INSTRUCTIONS && !force) {
            throw new IllegalArgumentException(String.format("%,d instructions %s: more than %,d; pick a range "
                    + "with --window C:IC1-IC2 (or draw them all with --force)", shown,
                    w == null ? "in the run" : "in window " + w, ExecutionView.MAX_INSTRUCTIONS));
        }
        ArcLog all = explanation.arcs();
        long[] blocks = new long[all.size() + netzer.size()];
        for (int k = 0; k < all.size(); k++) {
            blocks[k] = blockAt.get(key(all.to(k), all.toIc(k)));
        }
        for (int k = 0; k < netzer.size(); k++) {
            blocks[all.size() + k] = blockAt.get(key(netzer.to(k), netzer.toIc(k)));
        }
        return new ExecutionView(title, checkpoint, code(), lanes, explanation, netzer, blocks, w, verdict);
    }

    private static long key(int agent, long ic) {
        return ((long) agent << 48) | ic;
    }

    /** Validates {@code agent:from-to} against the run and finds its rows. */
    private Window window(long[] spec, long[] length, int[][] rows) {
        int a = (int) spec[0];
        long from = spec[1];
        long to = spec[2];
        if (spec[0] < 0 || spec[0] >= agents) {
            throw new IllegalArgumentException("--window " + spec[0] + ":" + from + "-" + to + ": no agent "
                    + spec[0] + " (expected 0.." + (agents - 1) + ": processors, then DMA engines)");
        }
        if (from < 1 || to < from || to > length[a]) {
            throw new IllegalArgumentException("--window " + a + ":" + from + "-" + to + ": outside the run ("
                    + (a < commits.cpus() ? "processor " : "DMA engine ") + a + " committed ICs 1.." + length[a]
                    + " since the checkpoint; expected 1 <= IC1 <= IC2 <= " + length[a] + ")");
        }
        return new Window(a, from, to, rows[a][(int) from], rows[a][(int) to]);
    }

    private Lane lane(int a, int cpus, long lo, long hi, int[] rowsOf) {
        int n = (int) Math.max(0, hi - lo + 1);
        int[] rows = new int[n];
        int[] pcs = new int[n];
        String[] marks = new String[n];
        int[] allPcs = a < cpus ? commits.pcs(a) : null;
        for (int k = 0; k < n; k++) {
            long ic = lo + k;
            rows[k] = rowsOf[(int) ic];
            pcs[k] = allPcs != null ? allPcs[(int) ic] : -1;
        }
        if (a < cpus) {
            for (long ic : commits.inputReads(a)) {
                mark(marks, lo, hi, ic, "input log");
            }
            for (long ic : commits.deviceStores(a)) {
                mark(marks, lo, hi, ic, "device store");
            }
            for (InterruptEntry e : commits.interrupts(a)) {
                mark(marks, lo, hi, e.ic() + 1, "interrupt " + e.number());
            }
        } else {
            for (int k = 0; k < accesses.size(); k++) {
                if (accesses.agent(k) == a) {
                    mark(marks, lo, hi, accesses.ic(k), (accesses.write(k) ? "DMA write 0x" : "DMA read 0x")
                            + Long.toHexString(accesses.address(k) & ~63L));
                }
            }
        }
        String name = a < cpus ? "cpu " + a : "dma " + (a - cpus);
        return new Lane(name, lo, rows, pcs, marks);
    }

    private static void mark(String[] marks, long lo, long hi, long ic, String text) {
        if (ic < lo || ic > hi) {
            return;
        }
        int k = (int) (ic - lo);
        marks[k] = marks[k] == null ? text : marks[k] + ", " + text;
    }

    /**
     * Rows such that each agent's instructions go down in program order and every arc (conflict
     * and netzer) ends below its start: each instruction is placed once its arcs' sources are.
     */
    private int[][] layout(long[] length) {
        ArcLog all = explanation.arcs();
        int total = all.size() + netzer.size();
        // Incoming arcs per agent, by the IC they end at.
        long[][] in = new long[agents][];
        int[] count = new int[agents];
        for (int k = 0; k < total; k++) {
            int to = k < all.size() ? all.to(k) : netzer.to(k - all.size());
            if (to < agents) {
                count[to]++;
            }
        }
        for (int a = 0; a < agents; a++) {
            in[a] = new long[count[a] * 3];
            count[a] = 0;
        }
        for (int k = 0; k < total; k++) {
            ArcLog log = k < all.size() ? all : netzer;
            int i = k < all.size() ? k : k - all.size();
            int to = log.to(i);
            if (to >= agents || log.from(i) >= agents) {
                continue;
            }
            long[] t = in[to];
            int c = count[to]++;
            t[c * 3] = log.toIc(i);
            t[c * 3 + 1] = log.from(i);
            t[c * 3 + 2] = log.fromIc(i);
        }
        Integer[][] order = new Integer[agents][];
        for (int a = 0; a < agents; a++) {
            int n = count[a];
            long[] t = in[a];
            order[a] = new Integer[n];
            for (int k = 0; k < n; k++) {
                order[a][k] = k;
            }
            Arrays.sort(order[a], (x, y) -> Long.compare(t[x * 3], t[y * 3]));
        }
        int[][] rows = new int[agents][];
        long[] pos = new long[agents];
        int[] next = new int[agents];
        for (int a = 0; a < agents; a++) {
            rows[a] = new int[(int) length[a] + 1];
            pos[a] = 1;
        }
        boolean left = true;
        while (left) {
            left = false;
            boolean progress = false;
            for (int a = 0; a < agents; a++) {
                while (pos[a] <= length[a]) {
                    int need = place(a, pos[a], in[a], order[a], next, pos, rows, length, false);
                    if (need < 0) {
                        break;
                    }
                    progress = true;
                }
                left |= pos[a] <= length[a];
            }
            if (left && !progress) {
                // Cannot happen for arcs of one execution (they are acyclic); place one anyway.
                for (int a = 0; a < agents; a++) {
                    if (pos[a] <= length[a]) {
                        place(a, pos[a], in[a], order[a], next, pos, rows, length, true);
                        break;
                    }
                }
            }
        }
        return rows;
    }

    /** Places instruction {@code ic} of agent {@code a} if its arcs' sources are placed; returns its row or -1. */
    private static int place(int a, long ic, long[] in, Integer[] order, int[] next, long[] pos, int[][] rows,
            long[] length, boolean force) {
        int row = ic > 1 ? rows[a][(int) ic - 1] + 1 : 0;
        int k = next[a];
        while (k < order.length && in[order[k] * 3] < ic) {
            k++;
        }
        for (int j = k; j < order.length && in[order[j] * 3] == ic; j++) {
            int from = (int) in[order[j] * 3 + 1];
            long fromIc = Math.min(in[order[j] * 3 + 2], length[from]);
            if (fromIc < 1) {
                continue;
            }
            if (pos[from] <= fromIc) {
                if (!force) {
                    next[a] = k;
                    return -1;
                }
                continue;
            }
            row = Math.max(row, rows[from][(int) fromIc] + 1);
        }
        next[a] = k;
        rows[a][(int) ic] = row;
        pos[a] = ic + 1;
        return row;
    }

    /** The code table: label, assembly and source line of every instruction index. */
    private List<CodeLine> code() {
        List<CodeLine> out = new ArrayList<>();
        String label = "";
        int at = 0;
        for (int pc = 0; pc < program.code().length(); pc++) {
            String here = program.symbols().textLabelAt(pc);
            if (here != null) {
                label = here;
                at = pc;
            }
            String asm = Disassembler.format(program.code().get(pc), program.symbols());
            SourceLocation loc = program.locationOf(pc);
            String src = loc == null ? null : sourceText.apply(loc);
            src = src == null ? asm : LEADING_LABELS.matcher(src.strip()).replaceFirst("");
            out.add(new CodeLine(pc == at ? label : label + "+" + (pc - at), asm, src.isEmpty() ? asm : src,
                    loc == null ? "" : loc.toString()));
        }
        return out;
    }
}
