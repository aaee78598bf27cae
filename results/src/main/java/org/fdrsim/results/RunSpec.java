package org.fdrsim.results;

import java.util.List;

/**
 * One simulated run: a workload at a work scale, a seed, with or without the recorder, and
 * configuration overrides ({@code path=value}, applied after the workload's own settings).
 *
 * @param trace keep the access trace and compute Netzer's reduction (checkpointing off, so the
 *              arcs of every policy cover the whole run)
 */
public record RunSpec(String workload, long work, long seed, boolean fdr, boolean trace, List<String> settings) {
    public RunSpec {
        settings = List.copyOf(settings);
    }
}
