package org.fdrsim.cpu.text;

import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * How far a mistyped name is from a real one, for "did you mean ...?" (the command line's
 * options and commands, the debugger's commands): the Levenshtein distance, Commons Text's.
 */
public final class EditDistance {
    private static final LevenshteinDistance LEVENSHTEIN = LevenshteinDistance.getDefaultInstance();

    private EditDistance() {
    }

    /** The insertions, deletions and substitutions of single characters that make {@code a} into {@code b}. */
    public static int between(String a, String b) {
        return LEVENSHTEIN.apply(a, b);
    }

    /**
     * The name of {@code names} a mistyped {@code typed} most likely meant: the closest within two
     * edits and a third of its length (so {@code l3} suggests nothing rather than {@code l1}), or null.
     */
    public static String meant(String typed, Iterable<String> names) {
        return closest(typed, names, Math.min(2, typed.length() / 3));
    }

    /**
     * The name of {@code names} closest to {@code typed} (the first of equals), or null if none is
     * within {@code most} edits.
     */
    public static String closest(String typed, Iterable<String> names, int most) {
        String best = null;
        int fewest = Integer.MAX_VALUE;
        for (String name : names) {
            int edits = between(typed, name);
            if (edits <= most && edits < fewest) {
                best = name;
                fewest = edits;
            }
        }
        return best;
    }
}
