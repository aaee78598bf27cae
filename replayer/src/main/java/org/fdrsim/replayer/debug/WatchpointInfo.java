package org.fdrsim.replayer.debug;

/**
 * A watchpoint on one 8-byte word: its number (shared numbering with breakpoints, as in gdb),
 * what the user typed, the word's address, its condition (null: none) and how often it was hit.
 */
public record WatchpointInfo(int number, String spec, long address, String condition, long hits) {}
