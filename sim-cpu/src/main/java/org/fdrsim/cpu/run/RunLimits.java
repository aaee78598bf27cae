package org.fdrsim.cpu.run;

/**
 * The instruction and cycle limits of a run, and the stop they cause: one definition for the
 * timed and the functional machines' loops. A configured 0 means no limit.
 *
 * @param maxInstructions instructions over the whole run ({@link Long#MAX_VALUE}: none)
 * @param maxCycles       the cycle at which the run stops ({@link Long#MAX_VALUE}: none)
 */
public record RunLimits(long maxInstructions, long maxCycles) {

    /** The limits as configured, 0 meaning none. */
    public static RunLimits of(long maxInstructions, long maxCycles) {
        return new RunLimits(maxInstructions == 0 ? Long.MAX_VALUE : maxInstructions,
                maxCycles == 0 ? Long.MAX_VALUE : maxCycles);
    }

    /**
     * Why the run stops before a processor runs at {@code time} with {@code instructions}
     * committed so far: the cycle limit, then the instruction limit; null to go on.
     */
    public StopCause reached(long time, long instructions) {
        if (time >= maxCycles) {
            return StopCause.CYCLE_LIMIT;
        }
        if (instructions >= maxInstructions) {
            return StopCause.INSTRUCTION_LIMIT;
        }
        return null;
    }
}
