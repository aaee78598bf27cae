package org.fdrsim.machine.config;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.sim.LatencyLimit;
import org.fdrsim.recorder.RecorderConfig;

/**
 * Checks a configuration's values and names each bad setting by its path in the tree
 * (e.g. {@code caches.l2.ways}), with what is expected.
 */
final class ConfigValidator {
    /** A cache's largest size: 1 GiB, whose bytes still fit the int the cache's geometry keeps them in. */
    private static final int MAX_CACHE_KB = 1 << 20;
    /** A message's largest size in bytes (a block's data message is 72). */
    private static final int MAX_MESSAGE_BYTES = 1 << 16;

    private final List<String> problems = new ArrayList<>();

    static List<String> problems(MachineConfig c) {
        ConfigValidator v = new ConfigValidator();
        v.check(c);
        return v.problems;
    }

    private void check(MachineConfig c) {
        range("cpus", c.cpus(), 1, 64);
        // the network keeps the clock and the links' bandwidth in whole kHz and kB/s
        atLeastMillionth("processor.clockGHz", c.processor().clockGHz());
        positive("processor.systemClockGHz", c.processor().systemClockGHz());
        cycles("processor.deviceAccessCycles", c.processor().deviceAccessCycles());
        cache("caches.l1", c.caches().l1());
        cache("caches.l2", c.caches().l2());
        if (c.caches().l1().sizeKB() > c.caches().l2().sizeKB()) {
            problems.add("caches.l1.sizeKB (" + c.caches().l1().sizeKB() + ") must not exceed caches.l2.sizeKB ("
                    + c.caches().l2().sizeKB() + "): L1 is included in L2");
        }
        MemoryConfig m = c.memory();
        if (!MemoryConfig.TIMED.equals(m.model()) && !MemoryConfig.IDEAL.equals(m.model())) {
            problems.add("memory.model must be 'timed' or 'ideal', got '" + m.model() + "'");
        }
        range("memory.perCpuMB", m.perCpuMB(), 1, 1 << 16);
        cycles("memory.directoryCycles", m.directoryCycles());
        cycles("memory.dramCycles", m.dramCycles());
        cycles("memory.perturbationCycles", m.perturbationCycles());
        atLeast("memory.idealMaxSlice", m.idealMaxSlice(), 1);
        NetworkConfig n = c.network();
        atLeast("network.dimX", n.dimX(), 0);
        atLeast("network.dimY", n.dimY(), 0);
        if ((n.dimX() == 0) != (n.dimY() == 0)) {
            problems.add("network.dimX and network.dimY must both be 0 (automatic) or both set");
        } else if (n.dimX() > 0 && n.dimX() * n.dimY() != c.cpus()) {
            problems.add("network.dimX x network.dimY (" + n.dimX() + " x " + n.dimY() + ") must equal cpus ("
                    + c.cpus() + ")");
        }
        atLeastMillionth("network.linkGBps", n.linkGBps());
        cycles("network.hopCycles", n.hopCycles());
        cycles("network.interfaceCycles", n.interfaceCycles());
        // a reply adds its instruction count's bytes to these in an int
        range("network.controlBytes", n.controlBytes(), 1, MAX_MESSAGE_BYTES);
        range("network.dataBytes", n.dataBytes(), 1, MAX_MESSAGE_BYTES);
        atLeast("limits.maxInstructions", c.limits().maxInstructions(), 0);
        atLeast("limits.maxCycles", c.limits().maxCycles(), 0);
        recorder(c.recorder());
        if (c.checkpoint() == null) {
            problems.add("checkpoint is missing");
        } else if (c.processor() != null) {
            problems.addAll(c.checkpoint().problems(c.processor().clockGHz(), c.processor().systemClockGHz()));
        }
        if (c.devices() == null) {
            problems.add("devices is missing");
        } else {
            problems.addAll(c.devices().problems("devices", c.cpus()));
        }
    }

    private void recorder(RecorderConfig r) {
        if (r == null) {
            problems.add("recorder is missing");
        } else {
            problems.addAll(r.problems());
        }
    }

    private void cache(String path, CacheConfig cache) {
        if (cache == null) {
            problems.add(path + " is missing");
            return;
        }
        range(path + ".sizeKB", cache.sizeKB(), 1, MAX_CACHE_KB);
        atLeast(path + ".ways", cache.ways(), 1);
        cycles(path + ".hitCycles", cache.hitCycles());
        if (cache.sizeKB() >= 1 && cache.sizeKB() <= MAX_CACHE_KB && cache.ways() >= 1) {
            long frames = cache.sizeKB() * 1024L / 64;
            if (frames % cache.ways() != 0 || Long.bitCount(frames / cache.ways()) != 1) {
                problems.add(path + ": " + cache.sizeKB() + " KB in " + cache.ways()
                        + " ways does not give a power-of-two number of 64-byte sets");
            }
        }
    }

    private void range(String path, long value, long min, long max) {
        if (value < min || value > max) {
            problems.add(path + " must be " + min + ".." + max + ", got " + value);
        }
    }

    private void cycles(String path, long value) {
        String problem = LatencyLimit.problem(path, value, 0);
        if (problem != null) {
            problems.add(problem);
        }
    }

    private void atLeast(String path, long value, long min) {
        if (value < min) {
            problems.add(path + " must be at least " + min + ", got " + value);
        }
    }

    private void atLeastMillionth(String path, double value) {
        if (!(value >= 0.000001) || Double.isInfinite(value)) {
            problems.add(path + " must be a finite number of at least 0.000001, got " + value);
        }
    }

    private void positive(String path, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            problems.add(path + " must be a positive number, got " + value);
        }
    }
}
