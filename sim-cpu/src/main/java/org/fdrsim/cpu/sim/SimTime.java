package org.fdrsim.cpu.sim;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fdrsim.cpu.text.Blanks;

/**
 * A span of simulated time as a configuration writes it, with an explicit unit, so that it
 * cannot be misread: {@code 1/3 s}, {@code 333 ms}, {@code 10 us}, {@code 250 ns},
 * {@code 333333333 system cycles} (the system clock, FDR1: 1 GHz) or {@code 1333333333 cycles}
 * (processor cycles, FDR1: 4 GHz). The simulator counts processor cycles; {@link #cycles}
 * converts once, at the processor clock. {@code off} is zero.
 */
public final class SimTime {
    private static final Pattern FORM = Pattern.compile(
            "\\s*([0-9]+(?:\\.[0-9]+)?)(?:\\s*/\\s*([0-9]+(?:\\.[0-9]+)?))?\\s*(s|ms|us|µs|ns|cycles?|processor cycles?|system cycles?)\\s*");
    private static final MathContext MC = MathContext.DECIMAL128;

    private SimTime() {}

    /** What a unit-less or unreadable value should have looked like. */
    public static String expected() {
        return "expected a time with a unit, e.g. '1/3 s', '333 ms', '10 us', '333333333 system cycles' or '1333333333 cycles'";
    }

    /**
     * Processor cycles of {@code text} at a processor clock of {@code cpuGHz} and a system clock of
     * {@code systemGHz}, rounded to the nearest cycle.
     *
     * @throws IllegalArgumentException with a one-line message naming {@code path} if the text has no unit,
     *         is negative, cannot be read, or is more than zero but rounds to zero cycles
     */
    public static long cycles(String path, String text, double cpuGHz, double systemGHz) {
        if (text == null) {
            throw new IllegalArgumentException(path + " is missing, " + expected());
        }
        String t = Blanks.strip(text).toLowerCase(Locale.ROOT);
        // YAML 1.1 reads a bare `off` as the boolean false
        if (t.equals("off") || t.equals("false") || t.equals("0")) {
            return 0;
        }
        if (t.startsWith("-")) {
            throw new IllegalArgumentException(path + " must not be negative, got '" + text + "'");
        }
        Matcher m = FORM.matcher(t);
        if (!m.matches()) {
            if (t.matches("[0-9.]+")) {
                throw new IllegalArgumentException(path + ": '" + text + "' has no unit, " + expected());
            }
            throw new IllegalArgumentException(path + ": cannot read '" + text + "', " + expected());
        }
        BigDecimal value = new BigDecimal(m.group(1));
        if (m.group(2) != null) {
            BigDecimal den = new BigDecimal(m.group(2));
            if (den.signum() == 0) {
                throw new IllegalArgumentException(path + ": '" + text + "' divides by zero");
            }
            value = value.divide(den, MC);
        }
        String unit = m.group(3);
        BigDecimal cpuHz = BigDecimal.valueOf(cpuGHz).multiply(BigDecimal.valueOf(1_000_000_000L));
        BigDecimal cycles = switch (unit) {
            case "s" -> value.multiply(cpuHz, MC);
            case "ms" -> value.multiply(cpuHz, MC).divide(BigDecimal.valueOf(1_000L), MC);
            case "us", "µs" -> value.multiply(cpuHz, MC).divide(BigDecimal.valueOf(1_000_000L), MC);
            case "ns" -> value.multiply(cpuHz, MC).divide(BigDecimal.valueOf(1_000_000_000L), MC);
            case "system cycle", "system cycles" ->
                    value.multiply(BigDecimal.valueOf(cpuGHz), MC).divide(BigDecimal.valueOf(systemGHz), MC);
            default -> value; // processor cycles
        };
        BigDecimal rounded = cycles.setScale(0, RoundingMode.HALF_EVEN);
        if (rounded.signum() == 0 && cycles.signum() > 0) {
            // zero means off (no periodic checkpoints, no warm-up): a tiny time must not turn a feature off unseen
            throw new IllegalArgumentException(path + ": '" + text + "' is less than one processor cycle ("
                    + digits(1 / cpuGHz) + " ns at " + digits(cpuGHz) + " GHz); write 'off' for none");
        }
        if (rounded.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException(path + ": '" + text + "' is too long to simulate");
        }
        return rounded.longValueExact();
    }

    /** {@code cycles} processor cycles as seconds and cycles side by side, e.g. {@code 0.333333 s (1,333,333,333 cycles)}. */
    public static String describe(long cycles, double cpuGHz) {
        return String.format(Locale.ROOT, "%s (%,d %s)", seconds(cycles / (cpuGHz * 1e9)), cycles,
                cycles == 1 ? "cycle" : "cycles");
    }

    /** Seconds in the unit that reads best (s, ms, us or ns), to 6 significant digits. */
    public static String seconds(double s) {
        double a = Math.abs(s);
        if (a == 0 || a >= 1) {
            return digits(s) + " s";
        }
        if (a >= 1e-3) {
            return digits(s * 1e3) + " ms";
        }
        if (a >= 1e-6) {
            return digits(s * 1e6) + " us";
        }
        return digits(s * 1e9) + " ns";
    }

    private static String digits(double v) {
        if (!Double.isFinite(v)) {
            return Double.toString(v);
        }
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
