package org.fdrsim.workloads;

/**
 * stencil.s in plain Java: Jacobi iterations of the rounded four-neighbour average over a
 * grid with a fixed boundary, and the total absolute change over all points and iterations.
 */
final class StencilReference {
    private StencilReference() {}

    /** The program's grid: the top 20 bits of successive LCG states, row-major. */
    static long[][] grid(int n, long seed) {
        long[][] g = new long[n][n];
        long s = seed;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                s = Checksums.lcg(s);
                g[i][j] = s >>> 44;
            }
        }
        return g;
    }

    /** What stencil.s prints: the checksum of the final grid, then the total change. */
    static long checksum(int n, int iterations, long seed) {
        long[][] src = grid(n, seed);
        long[][] dst = grid(n, seed);
        long change = 0;
        for (int t = 0; t < iterations; t++) {
            for (int i = 1; i < n - 1; i++) {
                for (int j = 1; j < n - 1; j++) {
                    long v = (src[i - 1][j] + src[i + 1][j] + src[i][j - 1] + src[i][j + 1] + 2) >> 2;
                    change += Math.abs(v - src[i][j]);
                    dst[i][j] = v;
                }
            }
            long[][] t2 = src;
            src = dst;
            dst = t2;
        }
        long h = 0;
        for (long[] row : src) {
            for (long v : row) {
                h = Checksums.fold(h, v);
            }
        }
        return Checksums.fold(h, change);
    }
}
