package org.fdrsim.recorder.policy;

import org.fdrsim.recorder.race.ArcLog;

/**
 * Why FDR's log is enough (the paper's Figure 1): for every conflict arc of one execution (the
 * {@code all-arcs} policy's log) either "logged" (it is in the {@code fdr} policy's log) or
 * "implied by" a logged arc and program order. FDR drops an arc i:a -&gt; j:b when a &le;
 * VIC[j][i]; the VIC entry was set by the last logged arc i:a' -&gt; j:b' (a' &ge; a, and
 * b' &le; b because it was logged earlier), so the path i:a -po-&gt; i:a' -&gt; j:b' -po-&gt; j:b
 * orders the dropped arc.
 *
 * <p>Built from the two logs the policies kept while observing the same replies, not by
 * recomputing arcs: the fdr log is the subsequence of the all-arcs log that FDR kept. If the
 * logs do not fit together that way (not from one execution), construction fails.
 */
public final class ReductionExplanation {
    private final ArcLog all;
    private final ArcLog fdr;
    /** For arc k of {@code all}: the index in {@code fdr} that logs it or implies it. */
    private final int[] by;
    private final boolean[] logged;
    private final int implied;

    private ReductionExplanation(ArcLog all, ArcLog fdr, int[] by, boolean[] logged, int implied) {
        this.all = all;
        this.fdr = fdr;
        this.by = by;
        this.logged = logged;
        this.implied = implied;
    }

    /**
     * Explains every arc of {@code all} (the all-arcs log) by {@code fdr} (the fdr log of the
     * same execution and epoch).
     *
     * @throws IllegalArgumentException if {@code fdr} is not FDR's reduction of {@code all}
     */
    public static ReductionExplanation of(ArcLog all, ArcLog fdr) {
        int n = all.size();
        int[] by = new int[n];
        boolean[] logged = new boolean[n];
        int agents = 1;
        for (int k = 0; k < n; k++) {
            agents = Math.max(agents, Math.max(all.from(k), all.to(k)) + 1);
        }
        // lastLogged[to * agents + from]: the fdr arc that set VIC[to][from] (-1: none yet).
        int[] lastLogged = new int[agents * agents];
        java.util.Arrays.fill(lastLogged, -1);
        int f = 0;
        int implied = 0;
        for (int k = 0; k < n; k++) {
            int cell = all.to(k) * agents + all.from(k);
            if (f < fdr.size() && same(all, k, fdr, f)) {
                logged[k] = true;
                by[k] = f;
                lastLogged[cell] = f++;
                continue;
            }
            int v = lastLogged[cell];
            if (v < 0 || fdr.fromIc(v) < all.fromIc(k) || fdr.toIc(v) > all.toIc(k)) {
                throw new IllegalArgumentException("arc " + all.line(k) + " is neither logged nor implied by the "
                        + "fdr log: the logs are not from the same execution");
            }
            by[k] = v;
            implied++;
        }
        if (f != fdr.size()) {
            throw new IllegalArgumentException("fdr arc " + fdr.line(f) + " is not among the conflict arcs: "
                    + "the logs are not from the same execution");
        }
        return new ReductionExplanation(all, fdr, by, logged, implied);
    }

    private static boolean same(ArcLog a, int i, ArcLog b, int j) {
        return a.from(i) == b.from(j) && a.fromIc(i) == b.fromIc(j) && a.to(i) == b.to(j) && a.toIc(i) == b.toIc(j);
    }

    /** The conflict arcs (the all-arcs log). */
    public ArcLog arcs() {
        return all;
    }

    /** FDR's log. */
    public ArcLog logged() {
        return fdr;
    }

    public int size() {
        return all.size();
    }

    /** Conflict arcs FDR logged. */
    public int loggedCount() {
        return all.size() - implied;
    }

    /** Conflict arcs FDR dropped because a logged arc implies them. */
    public int impliedCount() {
        return implied;
    }

    /** Whether conflict arc {@code k} is in FDR's log. */
    public boolean isLogged(int k) {
        return logged[k];
    }

    /** The index in {@link #logged()} of the arc that logs or implies conflict arc {@code k}. */
    public int loggedBy(int k) {
        return by[k];
    }

    /**
     * The program-order path that carries conflict arc {@code k} through its logged arc, e.g.
     * {@code 0:3 -po-> 0:5 -> 1:7 -po-> 1:9} (steps of length zero are left out).
     */
    public String path(int k) {
        int v = by[k];
        StringBuilder sb = new StringBuilder();
        sb.append(all.from(k)).append(':').append(all.fromIc(k));
        if (fdr.fromIc(v) != all.fromIc(k)) {
            sb.append(" -po-> ").append(fdr.from(v)).append(':').append(fdr.fromIc(v));
        }
        sb.append(" -> ").append(fdr.to(v)).append(':').append(fdr.toIc(v));
        if (fdr.toIc(v) != all.toIc(k)) {
            sb.append(" -po-> ").append(all.to(k)).append(':').append(all.toIc(k));
        }
        return sb.toString();
    }

    /** Conflict arc {@code k} and its reason: {@code logged} or {@code implied by <arc> via <path>}. */
    public String reason(int k) {
        return logged[k] ? "logged" : "implied by " + fdr.line(by[k]) + " via " + path(k);
    }
}
