package org.fdrsim.results;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Mean, sample standard deviation and a two-sided 95% confidence interval of the mean from
 * Student's t with n - 1 degrees of freedom: mean +- t(0.975, n-1) * sd / sqrt(n). With one
 * sample the deviation and the half-width are 0 (no interval can be estimated).
 *
 * @param n      samples
 * @param mean   arithmetic mean
 * @param sd     sample standard deviation (divisor n - 1)
 * @param ciHalf half-width of the 95% confidence interval
 */
public record Summary(int n, double mean, double sd, double ciHalf) {
    public static final double CONFIDENCE = 0.95;

    public static Summary of(double... xs) {
        int n = xs.length;
        if (n == 0) {
            return new Summary(0, 0, 0, 0);
        }
        double sum = 0;
        for (double x : xs) {
            sum += x;
        }
        double mean = sum / n;
        if (n == 1) {
            return new Summary(1, mean, 0, 0);
        }
        double ss = 0;
        for (double x : xs) {
            ss += (x - mean) * (x - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        double t = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
        return new Summary(n, mean, sd, t * sd / Math.sqrt(n));
    }

    /** False with fewer than two samples: there is no interval, and nothing can be judged significant. */
    public boolean hasInterval() {
        return n > 1;
    }

    /** "mean +- half" with {@code decimals}, or "mean (n = 1: no interval)". */
    public String format(int decimals) {
        return Outputs.f(mean, decimals) + (hasInterval() ? " +- " + Outputs.f(ciHalf, decimals) : " (n = 1: no interval)");
    }

    public double low() {
        return mean - ciHalf;
    }

    public double high() {
        return mean + ciHalf;
    }

    /** True if the two 95% intervals share a point. */
    public boolean overlaps(Summary other) {
        return low() <= other.high() && other.low() <= high();
    }
}
