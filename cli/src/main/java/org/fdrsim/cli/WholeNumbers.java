package org.fdrsim.cli;

import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.TypeConversionException;

/**
 * The command line's whole-number flags ({@code --cpus}, {@code --seed}, {@code --runs}, ...) read
 * as picocli would, refused in the configuration's words: "'x' is not a whole number" where
 * picocli said "'x' is not an int" (Java's type names), and a number past the type's range said
 * so, with the range, where picocli said the same "is not an int".
 */
final class WholeNumbers {
    /** Digits with an optional sign: what {@code Long.parseLong} reads when the value fits. */
    private static final Pattern DIGITS = Pattern.compile("[+-]?\\p{Nd}+");

    private WholeNumbers() {
    }

    /** Registers the converters on {@code cmd} and every subcommand it has. */
    static void register(CommandLine cmd) {
        cmd.registerConverter(Integer.class, WholeNumbers::toInt);
        cmd.registerConverter(int.class, WholeNumbers::toInt);
        cmd.registerConverter(Long.class, WholeNumbers::toLong);
        cmd.registerConverter(long.class, WholeNumbers::toLong);
    }

    static int toInt(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw refusal(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
    }

    static long toLong(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw refusal(text, Long.MIN_VALUE, Long.MAX_VALUE);
        }
    }

    private static TypeConversionException refusal(String text, long min, long max) {
        return new TypeConversionException(DIGITS.matcher(text).matches()
                ? "'" + text + "' is out of range (expected a whole number from " + min + " to " + max + ")"
                : "'" + text + "' is not a whole number");
    }
}
