package org.fdrsim.cli;

import java.util.List;
import org.fdrsim.cpu.text.OneLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * "; did you mean --cpus?" after an unknown option or command. picocli finds the close names
 * ({@link UnmatchedArgumentException#getSuggestions}) but says them only in its own multi-line
 * form, and ranks them by shared letter pairs, which put {@code --dap} before {@code --dap-port}
 * for {@code --dap-prot}; of its names this says the one fewest edits away (picocli's order breaks ties).
 */
final class Suggestions {
    private Suggestions() {
    }

    /** The suggestion to add to {@code ex}'s message, or "" if there is none. */
    static String of(ParameterException ex) {
        if (!(ex instanceof UnmatchedArgumentException unmatched) || unmatched.getUnmatched().isEmpty()) {
            return "";
        }
        String typed = unmatched.getUnmatched().get(0);
        String best = null;
        int fewest = Integer.MAX_VALUE;
        for (String name : unmatched.getSuggestions()) {
            int edits = edits(typed, name);
            if (edits < fewest) {
                best = name;
                fewest = edits;
            }
        }
        return best == null ? "" : "; did you mean " + OneLine.escape(best) + "?";
    }

    /** Levenshtein distance: insertions, deletions and substitutions that make {@code a} into {@code b}. */
    static int edits(String a, String b) {
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
}
