package org.fdrsim.recorder.check;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.trace.AccessTrace;

/**
 * Checks the paper's correctness condition on a log, independently of any replayer: every
 * two conflicting accesses (same 64-byte block, different agents, at least one a store) must
 * be ordered by the logged arcs plus program order.
 *
 * <p>Method. A vector clock per arc target: VC(j, b) = what of every agent is known to happen
 * before instruction b of agent j, i.e. the join of VC(i, a) over logged arcs i:a -> j:b' with
 * b' &lt;= b (plus j's own program order). Arcs are processed in a dependency order (an arc
 * into j needs every arc into its source i that ends at or before its start); if some arcs can
 * never be processed, the arcs form a cycle with program order. Then the trace is walked in
 * commit order, keeping per block the last store and, per agent, the last load since it;
 * each access is checked against those only: older conflicting accesses are ordered through
 * them by transitivity. Pair (i:a, j:b) is ordered iff VC(j, b)[i] &gt;= a.
 */
public final class SoundnessChecker {
    private final int agents;
    /** Per target agent: arc end ICs ascending, and the VC after each (agents longs each). */
    private long[][] targetIc;
    private long[][] snapshots;
    private int[] counts;
    private boolean cyclic;

    private SoundnessChecker(int agents) {
        this.agents = agents;
    }

    /**
     * Checks {@code trace} against the race logs of one checkpoint interval as they go into the
     * dump: the bytes of every memory-race and DMA-race segment of {@code interval}, decoded
     * ({@link #storedArcs}). So a log the recorder encodes, buffers or compresses wrongly fails
     * here even when the policy's own list of arcs is sound.
     */
    public static SoundnessReport check(AccessTrace trace, CheckpointState interval, int cpus) {
        return check(trace, storedArcs(interval, cpus), cpus);
    }

    /** The arcs the race-log segments of {@code interval} hold (DMA engine e is agent cpus + e). */
    public static ArcLog storedArcs(CheckpointState interval, int cpus) {
        ArcLog arcs = new ArcLog();
        for (LogSegment s : interval.segments(LogKind.MEMORY_RACE)) {
            arcs.addEntries(s.owner(), s.decompress());
        }
        for (LogSegment s : interval.segments(LogKind.DMA_RACE)) {
            arcs.addEntries(cpus + s.owner(), s.decompress());
        }
        return arcs;
    }

    /** Checks {@code trace} against {@code arcs}; agent ids below {@code agents}. */
    public static SoundnessReport check(AccessTrace trace, ArcLog arcs, int agents) {
        int n = Math.max(agents, Math.max(trace.agents(), maxAgent(arcs) + 1));
        SoundnessChecker c = new SoundnessChecker(n);
        c.buildClocks(arcs);
        return c.walk(trace);
    }

    private static int maxAgent(ArcLog arcs) {
        int max = -1;
        for (int i = 0; i < arcs.size(); i++) {
            max = Math.max(max, Math.max(arcs.from(i), arcs.to(i)));
        }
        return max;
    }

    // ---------------------------------------------------------------- vector clocks over arcs

    private void buildClocks(ArcLog arcs) {
        // Group arcs by target, ordered by end IC.
        counts = new int[agents];
        for (int i = 0; i < arcs.size(); i++) {
            if (arcs.from(i) != arcs.to(i)) {
                counts[arcs.to(i)]++;
            }
        }
        int[][] byTarget = new int[agents][];
        for (int a = 0; a < agents; a++) {
            byTarget[a] = new int[counts[a]];
        }
        int[] fill = new int[agents];
        for (int i = 0; i < arcs.size(); i++) {
            if (arcs.from(i) != arcs.to(i)) {
                byTarget[arcs.to(i)][fill[arcs.to(i)]++] = i;
            }
        }
        targetIc = new long[agents][];
        snapshots = new long[agents][];
        for (int a = 0; a < agents; a++) {
            int[] list = byTarget[a];
            // Sort by end IC (stable enough: equal ends join anyway).
            long[] keys = new long[list.length];
            for (int k = 0; k < list.length; k++) {
                keys[k] = (arcs.toIc(list[k]) << 24) | k; // ICs stay far below 2^39
            }
            Arrays.sort(keys);
            int[] sorted = new int[list.length];
            for (int k = 0; k < list.length; k++) {
                sorted[k] = list[(int) (keys[k] & 0xffffff)];
            }
            byTarget[a] = sorted;
            targetIc[a] = new long[list.length];
            snapshots[a] = new long[list.length * agents];
        }
        int[] done = new int[agents];
        long remaining = 0;
        for (int a = 0; a < agents; a++) {
            remaining += counts[a];
        }
        long[] source = new long[agents];
        boolean progress = true;
        while (remaining > 0 && progress) {
            progress = false;
            for (int j = 0; j < agents; j++) {
                while (done[j] < counts[j]) {
                    int arc = byTarget[j][done[j]];
                    int i = arcs.from(arc);
                    long a = arcs.fromIc(arc);
                    if (done[i] < counts[i] && arcs.toIc(byTarget[i][done[i]]) <= a) {
                        break; // an arc into the source before the start is still open
                    }
                    clockAt(i, a, done[i], source);
                    int k = done[j];
                    long[] snap = snapshots[j];
                    if (k > 0) {
                        System.arraycopy(snap, (k - 1) * agents, snap, k * agents, agents);
                    }
                    for (int x = 0; x < agents; x++) {
                        snap[k * agents + x] = Math.max(snap[k * agents + x], source[x]);
                    }
                    targetIc[j][k] = arcs.toIc(arc);
                    done[j]++;
                    remaining--;
                    progress = true;
                }
            }
        }
        cyclic = remaining > 0;
        counts = done; // only processed arcs count (all of them unless cyclic)
    }

    /** VC(agent, ic) from the first {@code processed} arcs into agent, into {@code out}. */
    private void clockAt(int agent, long ic, int processed, long[] out) {
        int k = lastAtOrBefore(targetIc[agent], processed, ic);
        if (k < 0) {
            Arrays.fill(out, 0);
        } else {
            System.arraycopy(snapshots[agent], k * agents, out, 0, agents);
        }
        out[agent] = Math.max(out[agent], ic);
    }

    private static int lastAtOrBefore(long[] sorted, int n, long key) {
        int lo = 0;
        int hi = n - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= key) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** True if i:a happens before j:b by the arcs plus program order. */
    private boolean ordered(int i, long a, int j, long b) {
        if (i == j) {
            return a <= b;
        }
        int k = lastAtOrBefore(targetIc[j], counts[j], b);
        return k >= 0 && snapshots[j][k * agents + i] >= a;
    }

    // ---------------------------------------------------------------- walking the trace

    private SoundnessReport walk(AccessTrace trace) {
        Long2IntOpenHashMap index = new Long2IntOpenHashMap();
        index.defaultReturnValue(-1);
        int blocks = 0;
        int[] writer = new int[256];
        long[] writeIc = new long[256];
        long[] readIc = new long[256 * agents]; // last load per agent since the last store; 0 = none
        long pairs = 0;
        long violations = 0;
        String first = "";
        for (int t = 0; t < trace.size(); t++) {
            int j = trace.agent(t);
            long b = trace.ic(t);
            long block = trace.address(t) & ~63L;
            int e = index.get(block);
            if (e < 0) {
                if (blocks == writer.length) {
                    writer = Arrays.copyOf(writer, blocks * 2);
                    writeIc = Arrays.copyOf(writeIc, blocks * 2);
                    readIc = Arrays.copyOf(readIc, blocks * 2 * agents);
                }
                e = blocks++;
                writer[e] = -1;
                index.put(block, e);
            }
            int w = writer[e];
            if (w >= 0 && w != j) {
                pairs++;
                if (!ordered(w, writeIc[e], j, b)) {
                    violations++;
                    if (first.isEmpty()) {
                        first = describe(w, writeIc[e], true, j, b, trace.write(t), block);
                    }
                }
            }
            if (trace.write(t)) {
                for (int r = 0; r < agents; r++) {
                    long rIc = readIc[e * agents + r];
                    if (rIc != 0 && r != j) {
                        pairs++;
                        if (!ordered(r, rIc, j, b)) {
                            violations++;
                            if (first.isEmpty()) {
                                first = describe(r, rIc, false, j, b, true, block);
                            }
                        }
                    }
                    readIc[e * agents + r] = 0;
                }
                writer[e] = j;
                writeIc[e] = b;
            } else {
                readIc[e * agents + j] = b;
            }
        }
        return new SoundnessReport(trace.size(), pairs, violations, first, cyclic);
    }

    private static String describe(int i, long a, boolean iWrite, int j, long b, boolean jWrite, long block) {
        return String.format("%s %d:%d and %s %d:%d on block 0x%x", iWrite ? "store" : "load", i, a,
                jWrite ? "store" : "load", j, b, block);
    }
}
