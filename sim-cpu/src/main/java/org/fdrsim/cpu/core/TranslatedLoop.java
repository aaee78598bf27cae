package org.fdrsim.cpu.core;

/**
 * A loop of a processor's code that {@link LoopTranslator} compiled to JVM bytecode, so that
 * the JIT compiles the guest loop itself instead of the interpreter's switch. It does what
 * {@link FlatLoop} would do from the loop's head (same effects, same count), but only
 * instructions it can run without a call into the machine: anything else ends the run with
 * the processor on that instruction, for the interpreter.
 */
interface TranslatedLoop {
    /**
     * Runs from the loop's head, with registers {@code r} and memory reached through
     * {@code kept}'s pages, for at most {@code budget} instructions (at least the loop's length).
     * Returns {@code (instructions executed << 32) | pc to go on at}.
     */
    long run(long[] r, KeptPages kept, int budget);
}
