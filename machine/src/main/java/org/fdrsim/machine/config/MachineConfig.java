package org.fdrsim.machine.config;

import org.fdrsim.checkpoint.CheckpointConfig;
import org.fdrsim.checkpoint.CheckpointSchedule;
import org.fdrsim.io.device.DevicesConfig;
import org.fdrsim.recorder.RecorderConfig;

/**
 * The whole configuration of a simulated machine: one tree, read from YAML or JSON by
 * {@link ConfigLoader}, with the FDR1 parameters (Table 3 of the paper) as defaults.
 *
 * @param cpus processors (FDR1 evaluates 4)
 * @param seed seeds every random stream of the run (scheduler, latency perturbation)
 * @param recorder the FDR recorder (off unless enabled)
 * @param devices disk, NIC, interrupt controller, DMA engines (off unless enabled), console input
 * @param checkpoint logical checkpoints taken while the recorder is on
 */
public record MachineConfig(
        int cpus,
        long seed,
        ProcessorConfig processor,
        CachesConfig caches,
        MemoryConfig memory,
        NetworkConfig network,
        LimitsConfig limits,
        RecorderConfig recorder,
        DevicesConfig devices,
        CheckpointConfig checkpoint) {

    /** The FDR1 machine of the paper, with 4 processors and seed 1. */
    public static MachineConfig fdr1() {
        return new MachineConfig(4, 1, ProcessorConfig.fdr1(), CachesConfig.fdr1(), MemoryConfig.fdr1(),
                NetworkConfig.fdr1(), LimitsConfig.none(), RecorderConfig.fdr1(),
                org.fdrsim.io.device.DevicesConfig.defaults(), CheckpointConfig.fdr1());
    }

    public long memoryBytesPerCpu() {
        return (long) memory.perCpuMB() << 20;
    }

    /** The checkpoint schedule in processor cycles: the configured times converted at the processor and system clocks, on each call. */
    public CheckpointSchedule checkpointSchedule() {
        return checkpoint.schedule(processor.clockGHz(), processor.systemClockGHz());
    }
}
