package org.fdrsim.workloads;

/**
 * fft.s in plain Java: the same fixed-point radix-2 FFT (16-bit integer inputs from the
 * program's LCG, Q30 twiddles built by w^k = w^(k-h) * w^h, rounding (p + 2^29) >> 30), so
 * its checksum must equal the program's bit for bit.
 */
final class FftReference {
    static final int Q = 30;
    private static final long ROUND = 1L << (Q - 1);

    private FftReference() {}

    /** The input: (re, im) pairs from the LCG, re and im are the top 16 bits, signed. */
    static long[][] input(int n, long seed) {
        long[] re = new long[n];
        long[] im = new long[n];
        long s = seed;
        for (int i = 0; i < n; i++) {
            s = Checksums.lcg(s);
            re[i] = s >> 48;
            s = Checksums.lcg(s);
            im[i] = s >> 48;
        }
        return new long[][] {re, im};
    }

    /** Transforms the (re, im) arrays of {@link #input} in place (decimation in time). */
    static void transform(long[] re, long[] im) {
        int n = re.length;
        int logn = Integer.numberOfTrailingZeros(n);
        long[][] w = twiddles(n, logn);
        for (int i = 0; i < n; i++) {
            int r = Integer.reverse(i) >>> (32 - logn);
            if (r > i) {
                swap(re, i, r);
                swap(im, i, r);
            }
        }
        for (int half = 1, shift = logn - 1; half < n; half *= 2, shift--) {
            for (int group = 0; group < n; group += 2 * half) {
                for (int k = 0; k < half; k++) {
                    int i = group + k;
                    int j = i + half;
                    long wr = w[0][k << shift];
                    long wi = w[1][k << shift];
                    long tr = (re[j] * wr - im[j] * wi + ROUND) >> Q;
                    long ti = (re[j] * wi + im[j] * wr + ROUND) >> Q;
                    re[j] = re[i] - tr;
                    im[j] = im[i] - ti;
                    re[i] += tr;
                    im[i] += ti;
                }
            }
        }
    }

    /** w^k = exp(-2 pi i k / n) in Q30 for k < n/2, built as the program builds them. */
    static long[][] twiddles(int n, int logn) {
        long[] wr = new long[n / 2];
        long[] wi = new long[n / 2];
        wr[0] = 1L << Q;
        for (int h = 1, m = logn; h < n / 2; h *= 2, m--) {
            double angle = 2 * Math.PI / (1L << m);
            long c = Math.round(Math.cos(angle) * (1L << Q));
            long s = Math.round(Math.sin(angle) * (1L << Q));
            for (int k = h; k < 2 * h; k++) {
                long a = wr[k - h];
                long b = wi[k - h];
                wr[k] = (a * c + b * s + ROUND) >> Q;
                wi[k] = (b * c - a * s + ROUND) >> Q;
            }
        }
        return new long[][] {wr, wi};
    }

    /** What fft.s prints: the checksum of the transform of its input. */
    static long checksum(int n, long seed) {
        long[][] x = input(n, seed);
        transform(x[0], x[1]);
        long h = 0;
        for (int i = 0; i < n; i++) {
            h = Checksums.fold(h, x[0][i]);
            h = Checksums.fold(h, x[1][i]);
        }
        return h;
    }

    private static void swap(long[] a, int i, int j) {
        long t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
