package org.fdrsim.results;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.workloads.CommercialWorkload;
import org.fdrsim.workloads.RandomTester;

/** The workloads experiments can run: the four commercial proxies and the random tester. */
public final class WorkloadCatalog {
    public static final String RANDOM_TESTER = "random-tester";

    private WorkloadCatalog() {}

    public static List<String> names() {
        List<String> n = new ArrayList<>();
        for (CommercialWorkload w : CommercialWorkload.values()) {
            n.add(w.key());
        }
        n.add(RANDOM_TESTER);
        return n;
    }

    /** Refuses unknown names with a one-line message. */
    public static void check(String name) {
        if (!names().contains(name)) {
            throw new IllegalArgumentException("unknown workload '" + name + "', expected one of " + names());
        }
    }

    /** The program of {@code name} doing {@code work} (transactions, requests, or tester iterations). */
    public static ProgramImage program(String name, long work, int cpus) {
        check(name);
        if (name.equals(RANDOM_TESTER)) {
            return new RandomTester(cpus, 16, work).assemble();
        }
        try {
            return CommercialWorkload.parse(name).assemble(work);
        } catch (AssemblyException e) {
            throw new IllegalStateException(name + " does not assemble: " + e.getMessage(), e);
        }
    }

    /** The settings the workload needs ({@code path=value}). */
    public static List<String> settings(String name, long work) {
        check(name);
        List<String> out = new ArrayList<>();
        if (!name.equals(RANDOM_TESTER)) {
            CommercialWorkload.parse(name).settings(work).forEach((k, v) -> out.add(k + "=" + v));
        }
        return out;
    }

    /** The default work of {@code name} at {@code scale}. */
    public static long work(String name, Scale scale) {
        check(name);
        if (name.equals(RANDOM_TESTER)) {
            return switch (scale) {
                case TINY -> 500;
                case DEFAULT -> 20_000;
                case PAPER -> 2_000_000;
            };
        }
        return scale.work(CommercialWorkload.parse(name));
    }
}
