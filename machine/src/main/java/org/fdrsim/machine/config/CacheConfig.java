package org.fdrsim.machine.config;

/**
 * One cache level.
 *
 * @param sizeKB capacity in KB
 * @param ways associativity
 * @param hitCycles processor cycles a hit adds to the instruction's own cycle
 */
public record CacheConfig(int sizeKB, int ways, int hitCycles) {}
