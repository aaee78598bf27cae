package org.fdrsim.replayer;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The order in which agents become the root of the depth-first schedule: each root runs
 * ahead of everything it does not wait for, its arc sources lag as far behind as its arcs
 * allow. A complete log gives the same execution under every order; different orders run
 * different arcs' targets ahead of their sources, so a missing arc changes the execution
 * under some order (see {@link Verifier}).
 *
 * @param shuffleSeed 0: agents in ascending order; -1: descending; otherwise a seeded shuffle
 */
public record RootOrder(long shuffleSeed) {
    public static final RootOrder FORWARD = new RootOrder(0);
    public static final RootOrder REVERSE = new RootOrder(-1);

    /** The orders {@link Verifier} uses by default, then {@code extra} seeded shuffles. */
    public static List<RootOrder> standard(int count) {
        List<RootOrder> out = new ArrayList<>(List.of(FORWARD, REVERSE));
        for (int i = 1; out.size() < count; i++) {
            out.add(new RootOrder(i));
        }
        return out.subList(0, Math.max(1, count));
    }

    /** Agents 0..agents-1 in this order. */
    int[] roots(int agents) {
        int[] r = new int[agents];
        for (int k = 0; k < agents; k++) {
            r[k] = shuffleSeed == -1 ? agents - 1 - k : k;
        }
        if (shuffleSeed > 0) {
            SplittableRandom rnd = new SplittableRandom(shuffleSeed);
            for (int k = agents - 1; k > 0; k--) {
                int j = rnd.nextInt(k + 1);
                int t = r[k];
                r[k] = r[j];
                r[j] = t;
            }
        }
        return r;
    }
}
