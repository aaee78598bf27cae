package org.fdrsim.machine.config;

/**
 * The processor side: clocks and the cost of an uncached device register access.
 *
 * @param clockGHz processor clock (FDR1: 4 GHz); simulated time is counted in its cycles
 * @param systemClockGHz system clock (FDR1: 1 GHz), used to express controller latencies
 * @param deviceAccessCycles processor cycles an uncached device register load or store takes
 */
public record ProcessorConfig(double clockGHz, double systemClockGHz, int deviceAccessCycles) {
    public static ProcessorConfig fdr1() {
        return new ProcessorConfig(4.0, 1.0, 100);
    }
}
