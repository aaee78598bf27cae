package org.fdrsim.cpu.text;

/**
 * Text made fit for a one-line message to a user. Error messages quote what the user gave (a
 * file name, a flag's value, a program's character, a dump's string), and any of those can hold
 * a line break; the exceptions users see, and the command line's error printer, pass their
 * messages through {@link #escape} so that no place that builds a message has to remember to.
 */
public final class OneLine {
    private OneLine() {
    }

    /**
     * {@code text} with every control character (C0, DEL, C1 such as NEL) and every line or
     * paragraph separator written as {@code \\uXXXX}; text without them comes back as it is.
     */
    public static String escape(String text) {
        int i = 0;
        while (i < text.length() && !breaksLine(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 8).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (breaksLine(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** {@link #escape} of {@code String.valueOf(value)}: a file name or a name the user gave, as a report shows it. */
    public static String of(Object value) {
        return escape(String.valueOf(value));
    }

    /**
     * The first line of {@code text} (a library's message, which may go on over more lines), or ""
     * for null.
     */
    public static String firstLine(String text) {
        return text == null ? "" : text.lines().findFirst().orElse("");
    }

    /** Whether {@code text} holds no character that {@link #escape} would escape. */
    public static boolean isOneLine(String text) {
        return holdsNoBreak(text, false);
    }

    /**
     * As {@link #isOneLine}, with tabs allowed: a line of words a user typed, where a tab separates
     * words as a space does (a {@code --set} value, a debugger command).
     */
    public static boolean isOneLineOrTabs(String text) {
        return holdsNoBreak(text, true);
    }

    private static boolean holdsNoBreak(String text, boolean tabs) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (breaksLine(c) && !(tabs && c == '\t')) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code c} may end or move a terminal's line: a control character or a Unicode line or paragraph separator. */
    private static boolean breaksLine(char c) {
        int type = Character.getType(c);
        return Character.isISOControl(c) || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR;
    }
}
