package org.fdrsim.benchmarks;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * One build of fdrsim loaded into its own class loader, so that two builds can run side by side
 * in one JVM ({@link BuildComparison}): a run of the chosen work returns how much it did
 * (simulated instructions, or coherence messages). The work is the loaded build's own benchmark
 * method ({@link WorkloadBenchmark#timed}, {@link WorkloadBenchmark#recorded},
 * {@link CoherenceBenchmark#messages}) on a benchmark object set up as JMH would, so both builds
 * run what their JMH benchmarks run; reached by reflection, since the two builds' classes have
 * the same names.
 */
final class BuildUnderTest {
    private static final String WORKLOAD = "org.fdrsim.benchmarks.WorkloadBenchmark";
    private static final int ARITHMETIC_STEPS = 20_000_000;
    private static long arithmeticState = 1;

    private BuildUnderTest() {
    }

    /**
     * The work {@code what} on {@code cpus} processors in the build at {@code classpath} (a
     * benchmarks jar, a directory, or several joined with the path separator):
     * {@code coherence} ({@link CoherenceBenchmark}; counts messages), {@code timed:<workload>},
     * {@code recorded:<workload>} or {@code replay:<workload>} ({@link WorkloadBenchmark}; count
     * instructions), or
     * {@code arithmetic} (a loop in registers that loads nothing: the host's own noise floor).
     */
    static LongSupplier load(String classpath, String what, int cpus) {
        if (what.equals("arithmetic")) {
            return BuildUnderTest::arithmetic;
        }
        ClassLoader loader = loader(classpath);
        try {
            if (what.equals("coherence")) {
                return coherence(loader, cpus);
            }
            int colon = what.indexOf(':');
            String kind = colon < 0 ? "" : what.substring(0, colon);
            if (!kind.equals("timed") && !kind.equals("recorded") && !kind.equals("replay")) {
                throw new IllegalArgumentException("unknown work '" + what + "': expected coherence,"
                        + " timed:<workload>, recorded:<workload>, replay:<workload> or arithmetic");
            }
            return workload(loader, what.substring(colon + 1), cpus, kind);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(classpath + ": " + e.getCause().getMessage());
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(classpath + " lacks " + e.getMessage()
                    + ": expected a benchmarks jar of this project (benchmarks/target/benchmarks.jar)");
        }
    }

    private static ClassLoader loader(String classpath) {
        String[] parts = classpath.split(File.pathSeparator);
        URL[] urls = new URL[parts.length];
        for (int i = 0; i < parts.length; i++) {
            Path p = Path.of(parts[i]);
            if (!Files.exists(p)) {
                throw new IllegalArgumentException("no such jar or directory: " + parts[i]);
            }
            try {
                urls[i] = p.toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("not a path: " + parts[i]);
            }
        }
        // the platform loader as parent: nothing of this build leaks into the other's classes
        return new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
    }

    /** {@link CoherenceBenchmark#messages} of the loaded build at {@code cpus} processors. */
    private static LongSupplier coherence(ClassLoader loader, int cpus) throws ReflectiveOperationException {
        Class<?> type = loader.loadClass("org.fdrsim.benchmarks.CoherenceBenchmark");
        Object benchmark = type.getConstructor().newInstance();
        type.getField("cpus").setInt(benchmark, cpus);
        type.getMethod("setup").invoke(benchmark);
        Object cpu = loader.loadClass(WORKLOAD + "$CpuTime").getConstructor().newInstance();
        Method messages = type.getMethod("messages", cpu.getClass());
        return () -> (Long) call(messages, benchmark, cpu);
    }

    /**
     * {@link WorkloadBenchmark#timed}, {@link WorkloadBenchmark#recorded} or
     * {@link WorkloadBenchmark#replay} ({@code kind}) of the loaded build; its setup records the
     * workload once, the dump the replay runs from.
     */
    private static LongSupplier workload(ClassLoader loader, String key, int cpus, String kind)
            throws ReflectiveOperationException {
        Class<?> type = loader.loadClass(WORKLOAD);
        Object benchmark = type.getConstructor().newInstance();
        type.getField("workload").set(benchmark, key);
        type.getField("cpus").setInt(benchmark, cpus);
        type.getMethod("setup").invoke(benchmark);
        Object instructions = loader.loadClass(WORKLOAD + "$Instructions").getConstructor().newInstance();
        Object cpu = loader.loadClass(WORKLOAD + "$CpuTime").getConstructor().newInstance();
        Method run = type.getMethod(kind, instructions.getClass(), cpu.getClass());
        return () -> (Long) call(run, benchmark, instructions, cpu);
    }

    private static Object call(Method m, Object target, Object... args) {
        try {
            return m.invoke(target, args);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("the build under test failed: " + e.getCause(), e.getCause());
        }
    }

    /** About 20 ms of register arithmetic: its steps. */
    private static long arithmetic() {
        long x = arithmeticState;
        for (int i = 0; i < ARITHMETIC_STEPS; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            x ^= x >>> 17;
        }
        arithmeticState = x; // kept, so the JIT cannot drop the loop
        return ARITHMETIC_STEPS;
    }
}
