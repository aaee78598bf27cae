package org.fdrsim.cpu.functional;

import org.fdrsim.cpu.isa.AddressMap;

/**
 * Settings of the functional (ideal-memory) machine.
 *
 * @param cpus processors, 1..256
 * @param seed seeds the scheduler that interleaves processors
 * @param memoryPerCpu bytes of data memory per processor
 * @param maxSlice the scheduler runs a processor for 1..maxSlice cycles at a time
 * @param maxInstructions stop after this many instructions in all (0 = no limit)
 * @param maxCycles stop when every processor reached this cycle (0 = no limit)
 */
public record FunctionalConfig(
        int cpus, long seed, long memoryPerCpu, int maxSlice, long maxInstructions, long maxCycles) {

    public static final int DEFAULT_MAX_SLICE = 256;

    public FunctionalConfig {
        if (cpus < 1 || cpus > 256) {
            throw new IllegalArgumentException("cpus must be 1..256, got " + cpus);
        }
        if (memoryPerCpu <= 0 || memoryPerCpu % 4096 != 0) {
            throw new IllegalArgumentException("memoryPerCpu must be a positive multiple of 4096");
        }
        if (maxSlice < 1) {
            throw new IllegalArgumentException("maxSlice must be at least 1");
        }
        if (maxInstructions < 0 || maxCycles < 0) {
            throw new IllegalArgumentException("limits must not be negative");
        }
    }

    public static FunctionalConfig of(int cpus, long seed) {
        return new FunctionalConfig(cpus, seed, AddressMap.DEFAULT_MEMORY_PER_CPU, DEFAULT_MAX_SLICE, 0, 0);
    }

    public FunctionalConfig withLimits(long maxInstructions, long maxCycles) {
        return new FunctionalConfig(cpus, seed, memoryPerCpu, maxSlice, maxInstructions, maxCycles);
    }

    public FunctionalConfig withMaxSlice(int maxSlice) {
        return new FunctionalConfig(cpus, seed, memoryPerCpu, maxSlice, maxInstructions, maxCycles);
    }

    public long memorySize() {
        return memoryPerCpu * cpus;
    }
}
