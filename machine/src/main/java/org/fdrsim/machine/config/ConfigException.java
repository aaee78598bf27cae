package org.fdrsim.machine.config;

/**
 * A configuration the user wrote that cannot be used; the message is one line naming the setting.
 * It is kept one line here, whatever text of the user's it quotes: control and line-separator
 * characters in it are escaped (a YAML value folded over lines, a {@code --set} with a carriage
 * return), so that no place that builds a message has to remember to.
 */
public final class ConfigException extends Exception {
    public ConfigException(String message) {
        super(printable(message));
    }

    public ConfigException(String message, Throwable cause) {
        super(printable(message), cause);
    }

    /** Text fit for a one-line message: control and line-separator characters escaped as {@code \\uXXXX}. */
    private static String printable(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c) || Character.getType(c) == Character.LINE_SEPARATOR
                    || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
