package org.fdrsim.recorder.dump;

import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.isa.Registers;

/**
 * The validation trace's 64-bit state hash (docs/replayer.md, "Validation trace"): a chain of
 * the MurmurHash3 64-bit finalizer over 33 words, so that it can be recomputed anywhere:
 *
 * <pre>
 *   h = 0xcbf29ce484222325
 *   for w in r1, r2, ..., r31, pc, ic:   h = fmix64(h ^ w)
 *   fmix64(x): x ^= x &gt;&gt;&gt; 33; x *= 0xff51afd7ed558ccd; x ^= x &gt;&gt;&gt; 33;
 *              x *= 0xc4ceb9fe1a85ec53; x ^= x &gt;&gt;&gt; 33
 * </pre>
 *
 * Registers are the 64-bit values, {@code pc} the next instruction's code index (zero-extended),
 * {@code ic} the instructions committed in the current checkpoint interval. {@code fmix64} is a
 * bijection, so two states that differ in exactly one of the 33 words always hash differently.
 * The hash is taken <em>before</em> an interrupt the log places at that IC is taken (when the
 * recording machine took it as part of the instruction that reached the IC, the pc before the
 * interrupt is its saved {@code epc}).
 */
public final class StateHash {
    /** The chain's starting value (the FNV-1a 64-bit offset basis). */
    public static final long SEED = 0xcbf29ce484222325L;

    private StateHash() {}

    /** The hash of {@code p}'s registers, with {@code pc} as the pc, at IC {@code ic}. */
    public static long of(Processor p, int pc, long ic) {
        long h = SEED;
        for (int r = 1; r < Registers.COUNT; r++) {
            h = fmix64(h ^ p.register(r));
        }
        h = fmix64(h ^ (pc & 0xffff_ffffL));
        return fmix64(h ^ ic);
    }

    /** The hash of {@code p} as it is now (its pc and IC). */
    public static long of(Processor p) {
        return of(p, p.pc(), p.instructionCount());
    }

    /** The hash of r1..r31 of {@code registers} (32 entries, r0 ignored), {@code pc} and {@code ic}. */
    public static long of(long[] registers, int pc, long ic) {
        long h = SEED;
        for (int r = 1; r < Registers.COUNT; r++) {
            h = fmix64(h ^ registers[r]);
        }
        h = fmix64(h ^ (pc & 0xffff_ffffL));
        return fmix64(h ^ ic);
    }

    /** MurmurHash3's 64-bit finalizer. */
    public static long fmix64(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        x ^= x >>> 33;
        return x;
    }
}
