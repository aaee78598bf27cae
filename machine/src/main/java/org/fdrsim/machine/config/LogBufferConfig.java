package org.fdrsim.machine.config;

/**
 * One log buffer.
 *
 * @param sizeKB     capacity in KB (1024 bytes)
 * @param drainMBps  drain bandwidth into the compressor, MB (10^6 bytes) per second
 * @param entryBytes bytes per entry, 0 for variable-size entries
 */
public record LogBufferConfig(int sizeKB, double drainMBps, int entryBytes) {}
