package org.fdrsim.workloads;

/** The generator and the checksum the SPLASH-style programs share (Knuth's MMIX LCG). */
final class Checksums {
    static final long MCG = 6364136223846793005L;
    static final long INC = 1442695040888963407L;

    private Checksums() {}

    /** The next LCG state: s * MCG + INC (mod 2^64). */
    static long lcg(long s) {
        return s * MCG + INC;
    }

    /** The programs' checksum step: h * MCG + value (mod 2^64). */
    static long fold(long h, long value) {
        return h * MCG + value;
    }
}
