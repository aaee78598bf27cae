package org.fdrsim.recorder;

/**
 * One log buffer.
 *
 * @param sizeKB     capacity in KB (1024 bytes)
 * @param drainMBps  drain bandwidth into the compressor, MB (10^6 bytes) per second
 * @param entryBytes Table 3's bytes per entry, 0 for variable-size entries: the paper report's table shows it;
 *                   the log formats fix the real sizes, so the buffers do not read it
 */
public record LogBufferConfig(int sizeKB, double drainMBps, int entryBytes) {}
