package org.fdrsim.results;

import org.fdrsim.workloads.WorkloadRegistry;

/**
 * Where the commercial proxies' small kernel stops scaling, told to whoever runs them on more
 * processors: its spin locks (one run-queue lock for all) take a growing share of their
 * instructions past the paper's 4 processors, and its scheduler collapses past 6
 * (docs/workloads.md, "The kernel's spin locks, measured"). Such numbers are the kernel's.
 */
public final class KernelScaling {
    /** The most processors the proxies are measured on as workloads: FDR1's. */
    public static final int PROCESSORS = 4;

    private KernelScaling() {}

    /** Whether {@code workload} on {@code cpus} processors measures the kernel's scheduler more than the workload. */
    public static boolean beyond(String workload, int cpus) {
        return cpus > PROCESSORS && WorkloadRegistry.commercialProxies().contains(workload);
    }

    /** The one-line note for a run of a commercial proxy on {@code cpus} processors. */
    public static String note(int cpus) {
        return "note: on " + cpus + " processors the commercial proxies measure their small kernel more than"
                + " themselves: its spin locks take more of their instructions with every processor past "
                + PROCESSORS + ", and past 6 its scheduler collapses (docs/workloads.md, \"The kernel's spin locks, measured\")";
    }
}
