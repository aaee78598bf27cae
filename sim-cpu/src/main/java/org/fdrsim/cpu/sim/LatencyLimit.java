package org.fdrsim.cpu.sim;

/**
 * The largest latency a configuration may set, in processor cycles: a billion, a quarter of a
 * second at FDR1's 4 GHz. The timing model adds latencies in int arithmetic (a directory's or
 * DRAM's latency and the seeded perturbation, an access's L1 and L2 hit cycles), so a setting
 * near the int range wrapped round to a negative latency and ran a wrong machine without a word;
 * any two settings under this bound add up without overflow.
 */
public final class LatencyLimit {
    public static final long MAX_CYCLES = 1_000_000_000L;

    private LatencyLimit() {
    }

    /** Why setting {@code path}'s {@code value} is not a latency of {@code min} to {@link #MAX_CYCLES}, or null. */
    public static String problem(String path, long value, long min) {
        return value < min || value > MAX_CYCLES ? path + " must be " + min + ".." + MAX_CYCLES + ", got " + value : null;
    }
}
