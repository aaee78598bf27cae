package org.fdrsim.io.device;

import org.fdrsim.coherence.CoherenceConfig;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.coherence.network.TorusNetwork;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.core.MemoryPort;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.sim.EventQueue;

/** A memory system and a device system without a machine loop: tests drive registers and step events. */
final class DeviceRig {
    final EventQueue queue = new EventQueue();
    final MemorySystem mem;
    final DeviceSystem devices;
    final Processor[] cpus;
    private final boolean[] done = new boolean[1];

    DeviceRig(int n, long seed, DevicesConfig config) {
        CoherenceConfig cc = CoherenceConfig.fdr1().withMemoryBytesPerNode(1 << 24);
        mem = new MemorySystem(cc, queue, new TorusNetwork(queue, n));
        devices = new DeviceSystem(config.withEnabled(true), seed, n, queue, mem, Console.silent());
        ProgramImage idle;
        try {
            idle = Assembler.assemble("idle.s", "_start: halt\n", IncludeResolver.none());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        cpus = new Processor[n];
        for (int i = 0; i < n; i++) {
            cpus[i] = new Processor(i, idle, mem.memory().size(), mem.cache(i), devices);
            mem.cache(i).setMissCompletion((c, now) -> done[0] = true);
        }
        devices.attach(cpus);
    }

    static DevicesConfig config() {
        return DevicesConfig.defaults().withDisk(new DevicesConfig.DiskConfig(64, 1000, 200));
    }

    void store(long reg, long value) {
        devices.store(0, reg, value, queue.now());
    }

    long load(long reg) {
        return devices.load(0, reg, queue.now());
    }

    /** Runs events until {@code cond} holds (fails after many events). */
    void until(java.util.function.BooleanSupplier cond) {
        int guard = 0;
        while (!cond.getAsBoolean()) {
            if (!queue.step() || ++guard > 10_000_000) {
                throw new AssertionError("condition never held; queue empty=" + queue.isEmpty());
            }
        }
    }

    void drain() {
        while (queue.step()) {
            // all pending events
        }
    }

    /** A coherent load through cpu's cache (misses are run to completion). */
    long cpuLoad(int cpu, long a) {
        done[0] = false;
        if (mem.cache(cpu).acquire(a, false, 0, queue.now()) == MemoryPort.MISS) {
            until(() -> done[0]);
            mem.cache(cpu).acquire(a, false, 0, queue.now());
        }
        return mem.cache(cpu).loadWord(a);
    }

    void cpuStore(int cpu, long a, long v) {
        done[0] = false;
        if (mem.cache(cpu).acquire(a, true, 0, queue.now()) == MemoryPort.MISS) {
            until(() -> done[0]);
            mem.cache(cpu).acquire(a, true, 0, queue.now());
        }
        mem.cache(cpu).storeWord(a, v);
    }
}
