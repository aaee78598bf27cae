package org.fdrsim.workloads;

import java.math.BigInteger;

/**
 * lu.s checked against the textbook: plain (unblocked) Doolittle LU decomposition modulo a
 * prime. Over a field the factorisation A = L * U with L unit lower triangular is unique, so
 * the program's blocked, parallel factorisation must produce exactly these numbers.
 */
final class LuReference {
    private LuReference() {}

    /** The program's matrix: LCG states' top 31 bits, mod p, row-major. */
    static long[][] input(int n, long seed, long p) {
        long[][] a = new long[n][n];
        long s = seed;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                s = Checksums.lcg(s);
                a[i][j] = (s >>> 33) % p;
            }
        }
        return a;
    }

    /** Factors {@code a} in place: L below the diagonal (unit diagonal implied), U on and above. */
    static void factor(long[][] a, long p) {
        int n = a.length;
        for (int k = 0; k < n; k++) {
            if (a[k][k] == 0) {
                throw new ArithmeticException("zero pivot at " + k);
            }
            long inv = BigInteger.valueOf(a[k][k]).modInverse(BigInteger.valueOf(p)).longValueExact();
            for (int i = k + 1; i < n; i++) {
                a[i][k] = a[i][k] * inv % p;
                for (int j = k + 1; j < n; j++) {
                    a[i][j] = Math.floorMod(a[i][j] - a[i][k] * a[k][j] % p, p);
                }
            }
        }
    }

    /** L * U (mod p) of a factored matrix: the input again if the factorisation is right. */
    static long[][] multiply(long[][] lu, long p) {
        int n = lu.length;
        long[][] product = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                long sum = 0;
                for (int k = 0; k <= Math.min(i, j); k++) {
                    long l = k == i ? 1 : lu[i][k];
                    sum = (sum + l * lu[k][j]) % p;
                }
                product[i][j] = sum;
            }
        }
        return product;
    }

    /** What lu.s prints: the checksum of the factored matrix, row-major. */
    static long checksum(long[][] lu) {
        long h = 0;
        for (long[] row : lu) {
            for (long v : row) {
                h = Checksums.fold(h, v);
            }
        }
        return h;
    }
}
