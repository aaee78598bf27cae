package org.fdrsim.io.log;

/**
 * One interrupt log entry: interrupt {@code number} was taken after {@code ic} instructions
 * had committed in the epoch ({@code ic} as logged: its low 32 bits, unsigned).
 */
public record InterruptEntry(long ic, int number) {}
