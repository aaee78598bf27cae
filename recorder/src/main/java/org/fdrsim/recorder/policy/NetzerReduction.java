package org.fdrsim.recorder.policy;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import org.fdrsim.recorder.race.ArcLog;

/**
 * The reference reduction ({@code netzer}): Netzer's transitive reduction of the block-conflict
 * arcs, over SC arcs with maximal sources, computed online while the access trace is recorded
 * (the trace feeds every committed access to {@link #access}, in commit order, which is the SC
 * order). See docs/recorder.md, "The netzer reference", for why it is sound and never logs more
 * than {@code fdr} on the same execution.
 *
 * <p>Each agent keeps a vector clock: what of every agent is known to precede its current
 * instruction through program order and the arcs kept so far (arcs only end at accesses, so
 * an agent's clock only changes at its own accesses). Per block the last store and, per agent,
 * the last load since it are kept (older conflicts are implied through those, as in the
 * checker). When agent j commits access y, each of those conflicting accesses i:a that j's
 * clock does not cover yet is a requirement. Its candidate arc starts at i's <em>current</em>
 * committed instruction count m (not at a): every instruction of i up to m precedes j:y in the
 * SC order, so i:m -&gt; j:y is a valid arc, and it carries i's whole current clock, the most an
 * arc from i into j:y can carry. A smallest set of candidates covering all requirements is kept
 * (usually one; exact search over subsets for up to 12 requirements, greedy beyond) and their
 * clocks join j's.
 *
 * <p>Where the current IC comes from: a {@link CurrentIc} source (the machine's processors,
 * which are not running while another agent commits, so their IC fields are up to date); for
 * agents it does not know (DMA engines, unit tests) the agent's last access in the trace is
 * used, which is the engine's current IC for a DMA engine (its IC counts block commits) and
 * gives exactly the same keep/drop decisions for anyone (only accesses are ever compared).
 *
 * <p>Memory is per block touched (a store IC and one load IC per agent) plus the kept arcs;
 * nothing is allocated per access except when a new block or agent appears.
 */
public final class NetzerReduction {
    /** Agent {@code agent}'s committed instruction count right now, or a negative value if unknown. */
    @FunctionalInterface
    public interface CurrentIc {
        long of(int agent);
    }

    /** Exact minimum cover up to this many requirements at one access; greedy above. */
    private static final int EXACT_LIMIT = 12;

    private final ArcLog arcs = new ArcLog();
    private CurrentIc currentIc;
    private int n;
    /** clock[i * n + k]: the largest IC of k known to precede agent i's current instruction. */
    private long[] clock;
    /** The IC of each agent's last access in the trace (0 = none). */
    private long[] last;

    private final Long2IntOpenHashMap index = new Long2IntOpenHashMap();
    private int blocks;
    private int[] writer = new int[256];
    private long[] writeIc = new long[256];
    /** readIc[e * n + r]: agent r's last load of block e since its last store (0 = none). */
    private long[] readIc;

    // Scratch for one access (sized n).
    private int[] reqAgent;
    private long[] reqIc;
    private long[] covers;
    private long[] source;

    public NetzerReduction(int agents) {
        this.n = Math.max(1, agents);
        this.clock = new long[n * n];
        this.last = new long[n];
        this.readIc = new long[writer.length * n];
        this.index.defaultReturnValue(-1);
        scratch();
    }

    /** Where current ICs come from (null: every agent's last access). */
    public void setCurrentIc(CurrentIc currentIc) {
        this.currentIc = currentIc;
    }

    /** The arcs kept so far, in the order they were kept. */
    public ArcLog arcs() {
        return arcs;
    }

    /** Forgets everything (a new checkpoint epoch: ICs restart). */
    public void reset() {
        arcs.clear();
        Arrays.fill(clock, 0);
        Arrays.fill(last, 0);
        index.clear();
        blocks = 0;
    }

    /** Agent {@code j} committed access {@code y} to {@code address}. */
    public void access(int j, long y, long address, boolean write) {
        if (j >= n) {
            grow(j + 1);
        }
        long block = address & ~63L;
        int e = index.get(block);
        if (e < 0) {
            e = newBlock(block);
        }
        int base = j * n;
        clock[base + j] = y;
        last[j] = y;
        // Requirements: conflicting accesses not yet known to precede j:y.
        int m = 0;
        int w = writer[e];
        if (w >= 0 && w != j && writeIc[e] > clock[base + w]) {
            reqAgent[m] = w;
            reqIc[m++] = writeIc[e];
        }
        int rb = e * n;
        if (write) {
            for (int r = 0; r < n; r++) {
                long a = readIc[rb + r];
                if (a != 0 && r != j && a > clock[base + r]) {
                    int at = indexOf(r, m);
                    if (at < 0) {
                        reqAgent[m] = r;
                        reqIc[m++] = a;
                    } else {
                        reqIc[at] = Math.max(reqIc[at], a);
                    }
                }
                readIc[rb + r] = 0;
            }
            writer[e] = j;
            writeIc[e] = y;
        } else {
            readIc[rb + j] = y;
        }
        if (m > 0) {
            keep(j, y, m);
        }
    }

    /** Keeps a smallest set of maximal-source candidates covering the m requirements of j:y. */
    private void keep(int j, long y, int m) {
        // covers[x]: bit z set iff candidate x's clock covers requirement z.
        for (int x = 0; x < m; x++) {
            int i = reqAgent[x];
            long src = last[i];
            if (currentIc != null) {
                long now = currentIc.of(i);
                if (now > src) {
                    src = now;
                }
            }
            source[x] = src;
            long mask = 1L << x;
            for (int z = 0; z < m; z++) {
                if (z != x && clock[i * n + reqAgent[z]] >= reqIc[z]) {
                    mask |= 1L << z;
                }
            }
            covers[x] = mask;
        }
        long chosen = m == 1 ? 1L : choose(m);
        int base = j * n;
        for (int x = 0; x < m; x++) {
            if ((chosen & (1L << x)) != 0) {
                int i = reqAgent[x];
                arcs.add(i, source[x], j, y);
                int ib = i * n;
                for (int k = 0; k < n; k++) {
                    if (clock[ib + k] > clock[base + k]) {
                        clock[base + k] = clock[ib + k];
                    }
                }
                if (source[x] > clock[base + i]) {
                    clock[base + i] = source[x];
                }
            }
        }
    }

    /** A smallest subset of candidates (bit mask) whose covers include every requirement. */
    private long choose(int m) {
        long all = (1L << m) - 1;
        if (m <= EXACT_LIMIT) {
            long best = all;
            int bestCount = m;
            for (long s = 1; s <= all; s++) {
                int c = Long.bitCount(s);
                if (c >= bestCount) {
                    continue;
                }
                long u = 0;
                for (long t = s; t != 0; t &= t - 1) {
                    u |= covers[Long.numberOfTrailingZeros(t)];
                }
                if (u == all) {
                    best = s;
                    bestCount = c;
                }
            }
            return best;
        }
        long chosen = 0;
        long covered = 0;
        while (covered != all) {
            int pick = -1;
            int gain = 0;
            for (int x = 0; x < m; x++) {
                int g = Long.bitCount(covers[x] & ~covered);
                if (g > gain) {
                    gain = g;
                    pick = x;
                }
            }
            chosen |= 1L << pick;
            covered |= covers[pick];
        }
        return chosen;
    }

    private int indexOf(int agent, int m) {
        for (int x = 0; x < m; x++) {
            if (reqAgent[x] == agent) {
                return x;
            }
        }
        return -1;
    }

    private int newBlock(long block) {
        if (blocks == writer.length) {
            int cap = blocks * 2;
            writer = Arrays.copyOf(writer, cap);
            writeIc = Arrays.copyOf(writeIc, cap);
            readIc = Arrays.copyOf(readIc, cap * n);
        }
        int e = blocks++;
        writer[e] = -1;
        writeIc[e] = 0;
        Arrays.fill(readIc, e * n, (e + 1) * n, 0);
        index.put(block, e);
        return e;
    }

    private void grow(int agents) {
        if (agents > 64) {
            throw new IllegalArgumentException("netzer: at most 64 agents, got id " + (agents - 1));
        }
        long[] c = new long[agents * agents];
        for (int i = 0; i < n; i++) {
            System.arraycopy(clock, i * n, c, i * agents, n);
        }
        long[] r = new long[writer.length * agents];
        for (int e = 0; e < blocks; e++) {
            System.arraycopy(readIc, e * n, r, e * agents, n);
        }
        clock = c;
        readIc = r;
        last = Arrays.copyOf(last, agents);
        n = agents;
        scratch();
    }

    private void scratch() {
        reqAgent = new int[n];
        reqIc = new long[n];
        covers = new long[n];
        source = new long[n];
    }
}
