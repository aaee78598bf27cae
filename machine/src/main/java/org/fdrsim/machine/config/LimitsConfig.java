package org.fdrsim.machine.config;

/**
 * When to stop a run that has not stopped by itself.
 *
 * @param maxInstructions instructions in all processors together (0 = no limit)
 * @param maxCycles processor cycles (0 = no limit)
 */
public record LimitsConfig(long maxInstructions, long maxCycles) {
    public static LimitsConfig none() {
        return new LimitsConfig(0, 0);
    }
}
