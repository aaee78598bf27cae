package org.fdrsim.results;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.fdrsim.machine.config.ConfigException;

/**
 * The one parallel runner (experiment runs, random testing, protocol-tester seeds): tasks on a
 * fixed thread pool.
 * Results come back in the order of the tasks whatever order they finish in, and runs share
 * nothing, so the thread count never changes a number.
 */
public final class Parallel {
    private Parallel() {}

    /** Measures every spec with {@code threads} workers (at least 1). */
    public static List<Measurement> run(List<RunSpec> specs, int threads, Progress progress) throws ConfigException {
        return run(specs, threads, progress, null);
    }

    /**
     * Like {@link #run(List, int, Progress)}, but runs kept in {@code store} (if not null) are
     * read instead of run again, and each finished run is kept there at once.
     */
    public static List<Measurement> run(List<RunSpec> specs, int threads, Progress progress, RunStore store)
            throws ConfigException {
        Measurement[] kept = new Measurement[specs.size()];
        int todo = 0;
        for (int i = 0; i < specs.size(); i++) {
            kept[i] = store == null ? null : store.load(specs.get(i));
            if (kept[i] == null) {
                todo++;
            }
        }
        progress.start("runs", todo);
        try {
            List<Callable<Measurement>> tasks = new ArrayList<>();
            for (int i = 0; i < specs.size(); i++) {
                RunSpec s = specs.get(i);
                Measurement done = kept[i];
                tasks.add(done != null ? () -> done : () -> {
                    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
                    long cpu0 = mx.getCurrentThreadCpuTime();
                    long wall0 = System.nanoTime();
                    Measurement m = Runner.run(s);
                    if (store != null) {
                        store.save(s, m);
                        store.saveHostTime(s, (mx.getCurrentThreadCpuTime() - cpu0) / 1e9, (System.nanoTime() - wall0) / 1e9);
                    }
                    progress.finished(s, m);
                    return m;
                });
            }
            List<Measurement> out = new ArrayList<>();
            each(tasks, threads, out::add);
            return out;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ConfigException ce) {
                throw ce;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            progress.finish();
        }
    }

    /**
     * Runs every task on a fixed pool of {@code threads} workers (at least 1) and hands each
     * result to {@code inOrder}, on the calling thread and in task order, as soon as it and every
     * earlier one are done. The first failure in task order ends the run: an unchecked exception
     * is rethrown as it is, anything else comes back in the {@link ExecutionException}.
     */
    public static <R> void each(List<? extends Callable<R>> tasks, int threads, Consumer<? super R> inOrder)
            throws ExecutionException {
        int workers = Math.max(1, Math.min(threads, Math.max(1, tasks.size())));
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "fdr-run");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<R>> futures = new ArrayList<>();
            for (Callable<R> task : tasks) {
                futures.add(pool.submit(task));
            }
            for (Future<R> f : futures) {
                R result;
                try {
                    result = f.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException re) {
                        throw re;
                    }
                    throw e;
                }
                inOrder.accept(result);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The default worker count: the host's processors. */
    public static int defaultThreads() {
        return Runtime.getRuntime().availableProcessors();
    }
}
