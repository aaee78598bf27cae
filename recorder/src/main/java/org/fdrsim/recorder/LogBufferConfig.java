package org.fdrsim.recorder;

/**
 * One log buffer. Its entries' size is not a setting: each log's format fixes it.
 *
 * @param sizeKB     capacity in KB (1024 bytes)
 * @param drainMBps  drain bandwidth into the compressor, MB (10^6 bytes) per second
 */
public record LogBufferConfig(int sizeKB, double drainMBps) {}
