package org.fdrsim.results;

/**
 * How large an experiment or a sweep may be. Its plan (every run's spec) is made in memory before
 * anything runs, and a Slurm array gets a task per run or point; past these a plan ran the host
 * out of memory ({@code --runs 2000000000} was an {@code OutOfMemoryError} with a stack trace).
 */
final class RunLimits {
    /** Seeds per workload (an experiment) or per point (a sweep). */
    static final int MAX_SEEDS = 10_000;
    /** Points of a sweep: the product of its parameters' value counts. */
    static final long MAX_POINTS = 100_000;
    /** Runs of a sweep in all: points x seeds x 2 (without and with the recorder). */
    static final long MAX_RUNS = 1_000_000;

    private RunLimits() {}

    /** Refuses a seed count outside 1..{@link #MAX_SEEDS}. */
    static void checkSeeds(int runs) {
        if (runs < 1 || runs > MAX_SEEDS) {
            throw new IllegalArgumentException("--runs must be 1.." + MAX_SEEDS + ", got " + runs);
        }
    }

    /**
     * Refuses a sweep of more than {@link #MAX_POINTS} points or {@link #MAX_RUNS} runs.
     *
     * @param counts each parameter's number of values
     */
    static void checkSweep(long[] counts, int runs) {
        long points = 1;
        StringBuilder product = new StringBuilder();
        for (long c : counts) {
            if (points <= MAX_POINTS) { // past the bound it stays past it, without overflowing
                points *= c;
            }
            product.append(product.length() == 0 ? "" : " x ").append(c);
        }
        if (points > MAX_POINTS) {
            throw new IllegalArgumentException("the sweep has more than " + MAX_POINTS + " points (" + product
                    + " values), expected at most " + MAX_POINTS);
        }
        if (points * 2 * runs > MAX_RUNS) {
            throw new IllegalArgumentException("the sweep has " + points * 2 * runs + " runs (" + points + " points x "
                    + runs + " seeds x 2, without and with the recorder), expected at most " + MAX_RUNS);
        }
    }
}
