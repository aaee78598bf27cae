package org.fdrsim.cli;

import org.fdrsim.cpu.text.EditDistance;
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
        // any distance: picocli offers only names it finds close
        String best = EditDistance.closest(unmatched.getUnmatched().get(0), unmatched.getSuggestions(), Integer.MAX_VALUE);
        return best == null ? "" : "; did you mean " + OneLine.escape(best) + "?";
    }
}
