package org.fdrsim.cpu.text;

/**
 * The blanks around a value a user typed: a flag's value, a {@code --set} assignment, a sweep's
 * list. {@link String#strip} is not used for these because Java counts the control characters
 * U+001C-U+001F (the ASCII separators) as white space: a value such as {@code cpus=<U+001C>2} was
 * read as {@code cpus=2}, while {@code cpus=<U+0001>2} was refused. Here only tabs and space
 * separators are blanks, so every control character stays in the value for its parser to refuse,
 * escaped ({@link OneLine}).
 */
public final class Blanks {
    private Blanks() {
    }

    /** {@code text} without its leading and trailing blanks. */
    public static String strip(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && isBlank(text.charAt(start))) {
            start++;
        }
        while (end > start && isBlank(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(start, end);
    }

    /**
     * Whether {@code c} is a tab or a space separator that {@link String#strip} also drops (not a
     * no-break space); line breaks and the other control characters are not blanks.
     */
    private static boolean isBlank(char c) {
        return c == '\t' || Character.getType(c) == Character.SPACE_SEPARATOR && Character.isWhitespace(c);
    }
}
