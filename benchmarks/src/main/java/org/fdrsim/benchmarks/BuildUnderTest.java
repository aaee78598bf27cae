package org.fdrsim.benchmarks;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * One build of fdrsim loaded into its own class loader, so that two builds can run side by side
 * in one JVM ({@link BuildComparison}): a run of the chosen work returns how much it did
 * (simulated instructions, or coherence messages). Reaches the build through the public API
 * that {@link WorkloadBenchmark} and {@link CoherenceBenchmark} use, by reflection, since the two
 * builds' classes have the same names.
 */
final class BuildUnderTest {
    private static final String WORKLOAD = "org.fdrsim.benchmarks.BenchmarkWorkload";
    private static final int ARITHMETIC_STEPS = 20_000_000;
    private static long arithmeticState = 1;

    private BuildUnderTest() {
    }

    /**
     * The work {@code what} on {@code cpus} processors in the build at {@code classpath} (a
     * benchmarks jar, a directory, or several joined with the path separator):
     * {@code coherence} (the protocol tester of {@link CoherenceBenchmark}; counts messages),
     * {@code timed:<workload>} or {@code recorded:<workload>} ({@link BenchmarkWorkload}'s runs;
     * count instructions), or {@code arithmetic} (a loop in registers that loads nothing: the
     * host's own noise floor).
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
            if (!kind.equals("timed") && !kind.equals("recorded")) {
                throw new IllegalArgumentException("unknown work '" + what
                        + "': expected coherence, timed:<workload>, recorded:<workload> or arithmetic");
            }
            return workload(loader, what.substring(colon + 1), cpus, kind.equals("recorded"));
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

    /**
     * {@link CoherenceBenchmark}'s tester configuration, built here through the tester's public API
     * rather than asked of the benchmark, so that builds older than this class compare too.
     */
    private static LongSupplier coherence(ClassLoader loader, int cpus) throws ReflectiveOperationException {
        Class<?> config = loader.loadClass("org.fdrsim.coherence.tester.TesterConfig");
        Object c = config.getMethod("defaults").invoke(null);
        c = config.getMethod("withTorus", boolean.class).invoke(c, true);
        c = config.getMethod("withCaches", int.class, int.class, int.class).invoke(c, 1024, 4, 64);
        c = config.getMethod("withShape", int.class, int.class, int.class).invoke(c, cpus, 8, 8);
        Object base = config.getMethod("withOps", long.class).invoke(c, 100_000L);
        Method withSeed = config.getMethod("withSeed", long.class);
        Method run = loader.loadClass("org.fdrsim.coherence.tester.ProtocolTester").getMethod("run", config);
        Method stats = loader.loadClass("org.fdrsim.coherence.tester.TesterResult").getMethod("stats");
        long[] seed = {0};
        return () -> {
            Map<?, ?> s = (Map<?, ?>) call(stats, call(run, null, call(withSeed, base, ++seed[0])));
            Map<?, ?> total = (Map<?, ?>) ((Map<?, ?>) s.get("messages")).get("total");
            return ((Number) total.get("count")).longValue();
        };
    }

    private static LongSupplier workload(ClassLoader loader, String key, int cpus, boolean recorded)
            throws ReflectiveOperationException {
        Class<?> workloads = loader.loadClass(WORKLOAD);
        Object w = accessible(workloads.getDeclaredMethod("of", String.class)).invoke(null, key);
        Object program = accessible(workloads.getDeclaredMethod("program", int.class)).invoke(w, cpus);
        Object config = accessible(workloads.getDeclaredMethod("config", int.class, boolean.class))
                .invoke(w, cpus, recorded);
        Class<?> simulation = loader.loadClass("org.fdrsim.machine.Simulation");
        Object console = loader.loadClass("org.fdrsim.cpu.io.Console").getMethod("silent").invoke(null);
        Class<?> options = loader.loadClass("org.fdrsim.machine.RunOptions");
        Object logs = options.getField("LOGS").get(null);
        Method run = simulation.getMethod("run", loader.loadClass("org.fdrsim.cpu.program.ProgramImage"),
                loader.loadClass("org.fdrsim.machine.config.MachineConfig"),
                loader.loadClass("org.fdrsim.cpu.io.Console"), options);
        Method machine = run.getReturnType().getMethod("machine");
        Method instructions = machine.getReturnType().getMethod("instructionsSoFar");
        return () -> (Long) call(instructions, call(machine, call(run, null, program, config, console, logs)));
    }

    private static Method accessible(Method m) {
        m.setAccessible(true); // BenchmarkWorkload is package-private in the loaded build
        return m;
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
