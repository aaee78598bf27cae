package org.fdrsim.debugadapter;

/**
 * One call frame of a processor: the code index it is at (the pc for the innermost frame, a
 * return address's caller otherwise) and how the debugger names it ("loop+2", "trap frame").
 */
public record Frame(int pc, String name) {}
