package org.fdrsim.machine.config;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A whole number written with a leading zero ({@code 010}, {@code 0440}): YAML 1.1, which the
 * configuration's parser follows, reads it as octal where its digits allow, so
 * {@code dramCycles: 0440} ran with 288 cycles without a word. Such a number is refused, saying
 * what YAML made of it; {@code 0}, hexadecimal {@code 0x...} and numbers with a fraction stay.
 */
final class LeadingZero {
    private static final Pattern LEADING_ZERO = Pattern.compile("[-+]?0[0-9_]*[0-9][0-9_]*");

    private LeadingZero() {
    }

    /**
     * Why the whole number {@code text}, which YAML read as {@code read}, is refused, or null if
     * it has no leading zero.
     */
    static String problem(String text, long read) {
        if (!LEADING_ZERO.matcher(text).matches()) {
            return null;
        }
        String digits = text.replaceFirst("^[-+]?0[0_]*", "");
        boolean octal = text.replaceFirst("^[-+]", "").matches("[0-7_]+");
        String sign = text.startsWith("-") ? "-" : "";
        return String.format(Locale.ROOT, "'%s' has a leading zero (YAML reads it as %d%s); expected the number without"
                + " it, %s, or 0x for hexadecimal", text, read, octal ? ", octal" : "",
                digits.isEmpty() ? "0" : sign + digits);
    }
}
