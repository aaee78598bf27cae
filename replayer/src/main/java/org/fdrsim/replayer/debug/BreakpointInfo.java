package org.fdrsim.replayer.debug;

/**
 * A breakpoint: its number (1, 2, ... never reused), what the user typed ({@code loop},
 * {@code racy-counter.s:14}, {@code @12}), the code index it stops at, the processor it is
 * limited to (-1: any), its condition (an expression, stop when non-zero; null: none) and how
 * often it was hit by forward execution since it was set.
 */
public record BreakpointInfo(int number, String spec, int pc, int cpu, String condition, long hits) {}
