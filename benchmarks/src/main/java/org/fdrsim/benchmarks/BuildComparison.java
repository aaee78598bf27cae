package org.fdrsim.benchmarks;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.LongSupplier;

/**
 * Two builds of fdrsim in one JVM, alternated every fraction of a second of thread CPU time:
 * the same work (a workload's timed or recorded runs or its replay, or the protocol tester) in
 * the base and the new build, turn by turn, with which goes first swapped every turn. Each turn pair gives a
 * ratio new / base of work per CPU second; the median and quartiles of those ratios are the
 * result. The host's speed drifts by up to 1.4x within minutes on this project's machine, so
 * rounds minutes apart, in separate JVMs, compare phases of the host as much as builds; turns a
 * second apart are meant to see more nearly the same host, and an A/A run shows how nearly
 * (docs/performance-history.md, "Stop 29": quartiles 0.91-1.02 on the recorded random tester). Each
 * build's classes are compiled by the JIT of the same JVM, with the same warm-up. An A/A run (one
 * jar as both builds) gives the spread to read a result against.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar org.fdrsim.benchmarks.BuildComparison \
 *     base.jar new.jar recorded:random-tester --cpus 16 --turns 40 --seconds 0.5
 * </pre>
 */
public final class BuildComparison {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String USAGE = "usage: BuildComparison BASE NEW WORK [--cpus N] [--turns N] [--seconds S]"
            + " [--warmup N]; BASE and NEW are benchmarks jars, WORK is coherence, timed:<workload>,"
            + " recorded:<workload>, replay:<workload> or arithmetic";

    private final LongSupplier base;
    private final LongSupplier next;
    private final double seconds;

    BuildComparison(LongSupplier base, LongSupplier next, double seconds) {
        this.base = base;
        this.next = next;
        this.seconds = seconds;
    }

    public static void main(String[] args) {
        try {
            Options o = Options.parse(args);
            BuildComparison c = new BuildComparison(BuildUnderTest.load(o.base, o.work, o.cpus),
                    BuildUnderTest.load(o.next, o.work, o.cpus), o.seconds);
            Result r = c.compare(o.warmup, o.turns, System.out);
            System.out.printf("%s on %d processors, %d turns of %.2f s after %d warm-up turns:%n", o.work, o.cpus,
                    o.turns, o.seconds, o.warmup);
            System.out.printf("  new / base: median %.3f, quartiles %.3f-%.3f%n", r.median(), r.lowerQuartile(),
                    r.upperQuartile());
            System.out.printf("  base %.3f M, new %.3f M %s per CPU second (means of the turns)%n", r.baseMean() / 1e6,
                    r.newMean() / 1e6, unit(o.work));
        } catch (IllegalArgumentException e) {
            System.err.println("BuildComparison: " + e.getMessage());
            System.exit(2);
        } catch (IllegalStateException e) {
            System.err.println("BuildComparison: " + e.getMessage()); // a build under test failed its run
            System.exit(1);
        }
    }

    private static String unit(String work) {
        return switch (work) {
            case "coherence" -> "coherence messages";
            case "arithmetic" -> "arithmetic steps";
            default -> "simulated instructions";
        };
    }

    /**
     * Warms both builds up, alternating, then measures {@code turns} turn pairs; prints each
     * pair to {@code out}.
     */
    Result compare(int warmup, int turns, PrintStream out) {
        for (int i = 0; i < warmup; i++) {
            rate(base);
            rate(next);
        }
        double[] ratios = new double[turns];
        double baseSum = 0;
        double newSum = 0;
        for (int t = 0; t < turns; t++) {
            // swap the order every turn: the second of a pair must not always be the same build
            double b;
            double n;
            if (t % 2 == 0) {
                b = rate(base);
                n = rate(next);
            } else {
                n = rate(next);
                b = rate(base);
            }
            ratios[t] = n / b;
            baseSum += b;
            newSum += n;
            out.printf("turn %d: base %.3f M/s, new %.3f M/s, new / base %.3f%n", t + 1, b / 1e6, n / 1e6,
                    ratios[t]);
        }
        return Result.of(ratios, baseSum / turns, newSum / turns);
    }

    /** Runs {@code work} for about {@link #seconds} of this thread's CPU time: work per CPU second. */
    private double rate(LongSupplier work) {
        long start = THREADS.getCurrentThreadCpuTime();
        long done = 0;
        long spent;
        do {
            done += work.getAsLong();
            spent = THREADS.getCurrentThreadCpuTime() - start;
        } while (spent < seconds * 1e9);
        return done / (spent / 1e9);
    }

    /** The ratios' median and quartiles (nearest rank), and each build's mean rate. */
    record Result(double median, double lowerQuartile, double upperQuartile, double baseMean, double newMean) {
        static Result of(double[] ratios, double baseMean, double newMean) {
            double[] r = ratios.clone();
            Arrays.sort(r);
            return new Result(rank(r, 0.5), rank(r, 0.25), rank(r, 0.75), baseMean, newMean);
        }

        private static double rank(double[] sorted, double q) {
            int i = (int) Math.ceil(q * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
        }
    }

    /** The command line. */
    private record Options(String base, String next, String work, int cpus, int turns, double seconds, int warmup) {
        static Options parse(String[] args) {
            String[] positional = new String[3];
            int given = 0;
            int cpus = 4;
            int turns = 30;
            double seconds = 0.5;
            int warmup = 16;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.startsWith("--")) {
                    if (i + 1 == args.length) {
                        throw new IllegalArgumentException(a + " needs a value; " + USAGE);
                    }
                    String v = args[++i];
                    switch (a) {
                        case "--cpus" -> cpus = positive(a, v);
                        case "--turns" -> turns = positive(a, v);
                        case "--warmup" -> warmup = positive(a, v);
                        case "--seconds" -> seconds = positiveSeconds(v);
                        default -> throw new IllegalArgumentException("unknown option " + a + "; " + USAGE);
                    }
                } else if (given < 3) {
                    positional[given++] = a;
                } else {
                    throw new IllegalArgumentException("unexpected argument '" + a + "'; " + USAGE);
                }
            }
            if (given < 3) {
                throw new IllegalArgumentException(USAGE);
            }
            return new Options(positional[0], positional[1], positional[2], cpus, turns, seconds, warmup);
        }

        private static int positive(String option, String v) {
            try {
                int n = Integer.parseInt(v);
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(option + " must be a positive whole number, got '" + v + "'");
        }

        private static double positiveSeconds(String v) {
            try {
                double s = Double.parseDouble(v);
                if (s > 0 && s <= 60) {
                    return s;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("--seconds must be a number of seconds in (0, 60], got '" + v + "'");
        }
    }
}
