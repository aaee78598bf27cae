package org.fdrsim.cpu.text;

/**
 * How far a mistyped name is from a real one, for "did you mean ...?" (the command line's
 * options and commands, the debugger's commands): the Levenshtein distance.
 */
public final class EditDistance {
    private EditDistance() {
    }

    /** The insertions, deletions and substitutions of single characters that make {@code a} into {@code b}. */
    public static int between(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }

    /**
     * The name of {@code names} closest to {@code typed} (the first of equals), or null if none is
     * within {@code most} edits.
     */
    public static String closest(String typed, Iterable<String> names, int most) {
        String best = null;
        int fewest = most + 1;
        for (String name : names) {
            int edits = between(typed, name);
            if (edits < fewest) {
                best = name;
                fewest = edits;
            }
        }
        return best;
    }
}
