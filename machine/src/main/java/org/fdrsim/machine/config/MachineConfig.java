package org.fdrsim.machine.config;

import org.fdrsim.checkpoint.CheckpointConfig;
import org.fdrsim.checkpoint.CheckpointSchedule;
import org.fdrsim.coherence.CoherenceConfig;
import org.fdrsim.coherence.cache.CacheGeometry;
import org.fdrsim.coherence.network.TorusConfig;
import org.fdrsim.cpu.functional.FunctionalConfig;
import org.fdrsim.io.device.DevicesConfig;
import org.fdrsim.recorder.RecorderConfig;
import org.fdrsim.recorder.race.Piggyback;

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

    /** The checkpoint schedule in processor cycles (the times converted once, at the processor and system clocks). */
    public CheckpointSchedule checkpointSchedule() {
        return checkpoint.schedule(processor.clockGHz(), processor.systemClockGHz());
    }

    /** The memory system's parameters. */
    public CoherenceConfig coherence() {
        return new CoherenceConfig(
                new CacheGeometry(caches.l1().sizeKB() * 1024, caches.l1().ways(), caches.l1().hitCycles()),
                new CacheGeometry(caches.l2().sizeKB() * 1024, caches.l2().ways(), caches.l2().hitCycles()),
                memory.directoryCycles(),
                memory.dramCycles(),
                memory.perturbationCycles(),
                memoryBytesPerCpu(),
                network.controlBytes(),
                network.dataBytes(),
                recorder.enabled() ? Piggyback.WIRE_BYTES : 0, // FDR's fields on replies
                seed);
    }

    /** The interconnect's parameters. */
    public TorusConfig torus() {
        return new TorusConfig(network.dimX(), network.dimY(), network.linkGBps(), processor.clockGHz(),
                network.hopCycles(), network.interfaceCycles());
    }

    /** The functional machine's parameters (for {@code memory.model: ideal}). */
    public FunctionalConfig functional() {
        return new FunctionalConfig(cpus, seed, memoryBytesPerCpu(), memory.idealMaxSlice(),
                limits.maxInstructions(), limits.maxCycles());
    }
}
