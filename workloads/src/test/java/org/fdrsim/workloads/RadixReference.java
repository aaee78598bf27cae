package org.fdrsim.workloads;

import java.util.Arrays;

/**
 * radix.s checked against the library: the program's keys sorted by {@link Arrays#sort}.
 * Keys are non-negative 32-bit values in 64-bit words, so signed order is their order.
 */
final class RadixReference {
    private RadixReference() {}

    /** The program's keys: the high halves of successive LCG states. */
    static long[] keys(int n, long seed) {
        long[] keys = new long[n];
        long s = seed;
        for (int i = 0; i < n; i++) {
            s = Checksums.lcg(s);
            keys[i] = s >>> 32;
        }
        return keys;
    }

    /** What radix.s prints: the checksum of its keys in sorted order. */
    static long checksum(int n, long seed) {
        long[] keys = keys(n, seed);
        Arrays.sort(keys);
        long h = 0;
        for (long k : keys) {
            h = Checksums.fold(h, k);
        }
        return h;
    }
}
