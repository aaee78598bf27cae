package org.fdrsim.machine.config;

import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.util.regex.Pattern;
import org.fdrsim.cpu.text.OneLine;

/**
 * A text Jackson refuses for its size rather than its form (a number of more than 1,000 digits,
 * nesting more than 1,000 deep): its {@link StreamConstraintsException} names the Java method
 * that holds the limit ("from `StreamReadConstraints.getMaxNumberLength()`"), which is Jackson's
 * word, not the user's; this says the same in one line without it.
 */
public final class ParserLimit {
    /** The end of Jackson's message that names where the limit comes from. */
    private static final Pattern FROM = Pattern.compile(", from [^,]*\\)$");

    private ParserLimit() {
    }

    /** The limit {@code e} or one of its causes ran into, or null if none did. */
    public static StreamConstraintsException of(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof StreamConstraintsException limit) {
                return limit;
            }
        }
        return null;
    }

    /** "too large for the parser: number value length (1037) exceeds the maximum allowed (1000)". */
    public static String describe(StreamConstraintsException e) {
        String m = OneLine.firstLine(e.getOriginalMessage());
        m = FROM.matcher(m).replaceFirst(")");
        return "too large for the parser: " + (m.isEmpty() ? m : Character.toLowerCase(m.charAt(0)) + m.substring(1));
    }
}
