package org.fdrsim.coherence.tester;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.coherence.CoherenceConfig;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.coherence.cache.CacheController;
import org.fdrsim.coherence.cache.CacheGeometry;
import org.fdrsim.coherence.network.FixedLatencyNetwork;
import org.fdrsim.coherence.network.Network;
import org.fdrsim.coherence.network.TorusNetwork;
import org.fdrsim.cpu.core.MemoryPort;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.sim.EventHandler;
import org.fdrsim.cpu.sim.EventQueue;
import org.fdrsim.cpu.sim.SimRandom;

/**
 * A random protocol tester in the spirit of gem5's Ruby tester, checked against sequential
 * consistency. Simulated processors (no ISA) drive the cache controllers through their
 * {@link MemoryPort}s with seeded random loads, stores and atomics on a few falsely shared
 * blocks, with tiny caches. An access commits at the moment {@code acquire} succeeds; a shadow
 * memory is updated in commit order and every load and atomic's old value is checked against
 * it. Because commits happen in simulated-time order on single-copy coherent data, any
 * mismatch is a coherence (hence SC) violation. A period without commits is a deadlock.
 */
public final class ProtocolTester {
    private static final int LOAD = 0;
    private static final int STORE = 1;
    private static final int CAS = 2;
    private static final int SWAP = 3;
    private static final int FADD = 4;
    private static final String[] OP_NAMES = {"load", "store", "cas", "swap", "fadd"};
    private static final long BASE = 0x10000;
    private static final int MAX_LISTED = 10;

    private final TesterConfig config;
    private final EventQueue queue = new EventQueue();
    private final MemorySystem memory;
    private final int cpus;
    private final MemoryPort[] ports;
    private final SimRandom[] random;
    private final long[] opsLeft;
    private final int[] pendingOp;
    private final long[] pendingAddress;
    private final long[] ic;
    private final long[] stores;
    private final long[] shadow;
    private final List<Violation> violations = new ArrayList<>();
    private final EventHandler issue = (now, payload, arg) -> issue((int) arg, now);
    private final EventHandler watchdog = (now, payload, arg) -> watchdog(now);
    private long committed;
    private long checked;
    private long violationCount;
    private long lastCommit;
    private int finishedCpus;
    private boolean stop;
    private String deadlock;
    private String error;

    /** Runs one configuration to completion. */
    public static TesterResult run(TesterConfig config) {
        return new ProtocolTester(config).execute();
    }

    private ProtocolTester(TesterConfig config) {
        this.config = config;
        this.cpus = config.processors();
        long needed = BASE + (long) config.blocks() * 64;
        long perNode = ((needed / cpus) / 4096 + 1) * 4096;
        CoherenceConfig cc;
        Network network;
        if (config.torus()) {
            cc = CoherenceConfig.fdr1();
            network = new TorusNetwork(queue, cpus);
        } else {
            // Short latencies and a jittery, freely reordering network: many races per op.
            cc = CoherenceConfig.fdr1().withDirectoryCycles(2).withMemoryCycles(20, 0);
            network = new FixedLatencyNetwork(queue, cpus, 4, config.networkJitter(),
                    SimRandom.forComponent(config.seed(), "network"));
        }
        cc = cc.withMemoryCycles(cc.memoryCycles(), config.memoryPerturbation())
                .withCaches(new CacheGeometry(config.l1Frames() * 64, config.l1Frames(), 0),
                        new CacheGeometry(config.l2Frames() * 64, config.l2Ways(), config.torus() ? 12 : 2))
                .withMemoryBytesPerNode(perNode)
                .withSeed(config.seed());
        FaultyNetwork faulty = config.fault() == FaultInjection.NONE ? null
                : new FaultyNetwork(network, config.fault(), 0, cc.controlBytes() + cc.replyExtraBytes());
        this.memory = new MemorySystem(cc, queue, faulty != null ? faulty : network);
        if (faulty != null) {
            faulty.setCache(memory.cache(0));
        }
        this.ports = new MemoryPort[cpus];
        this.random = new SimRandom[cpus];
        this.opsLeft = new long[cpus];
        this.pendingOp = new int[cpus];
        this.pendingAddress = new long[cpus];
        this.ic = new long[cpus];
        this.stores = new long[cpus];
        this.shadow = new long[config.blocks() * 8];
        for (int c = 0; c < cpus; c++) {
            CacheController cache = memory.cache(c);
            cache.setMissCompletion(this::missCompleted);
            ports[c] = cache;
            random[c] = SimRandom.forComponent(config.seed(), "tester" + c);
            opsLeft[c] = config.ops() / cpus + (c < config.ops() % cpus ? 1 : 0);
        }
    }

    private TesterResult execute() {
        for (int c = 0; c < cpus; c++) {
            if (opsLeft[c] > 0) {
                queue.schedule(c, issue, null, c);
            } else {
                finishedCpus++;
            }
        }
        queue.schedule(config.deadlockCycles(), watchdog, null, 0);
        try {
            while (!stop && queue.step()) {
                // events drive everything
            }
        } catch (IllegalStateException e) {
            error = e.getMessage();
        }
        if (error == null && deadlock == null && finishedCpus < cpus) {
            deadlock = "the event queue ran dry with " + (config.ops() - committed) + " ops left\n"
                    + memory.describeOutstanding();
        }
        if (error == null && deadlock == null) {
            finalCheck();
        }
        return new TesterResult(committed, checked, violationCount, List.copyOf(violations), deadlock, error,
                lastCommit, memory.stats(), memory.cacheCoverage(), memory.directoryCoverage());
    }

    private void issue(int cpu, long now) {
        SimRandom r = random[cpu];
        int roll = r.nextInt(100);
        int op;
        if (roll < config.loadPercent()) {
            op = LOAD;
        } else if (roll < config.loadPercent() + config.atomicPercent()) {
            op = CAS + r.nextInt(3);
        } else {
            op = STORE;
        }
        long address = BASE + (long) r.nextInt(config.blocks()) * 64 + (long) r.nextInt(config.words()) * 8;
        pendingOp[cpu] = op;
        pendingAddress[cpu] = address;
        int latency = ports[cpu].acquire(address, op != LOAD, ic[cpu] + 1, now);
        if (latency != MemoryPort.MISS) {
            commit(cpu, now, latency);
        }
    }

    private void missCompleted(int cpu, long now) {
        // The processor re-executes the access in the event that completed the miss: it must hit.
        int latency = ports[cpu].acquire(pendingAddress[cpu], pendingOp[cpu] != LOAD, ic[cpu] + 1, now);
        if (latency == MemoryPort.MISS) {
            error = "cpu " + cpu + ": " + OP_NAMES[pendingOp[cpu]] + " to 0x" + Long.toHexString(pendingAddress[cpu])
                    + " missed again in the event that completed its miss (no forward progress)";
            stop = true;
            return;
        }
        commit(cpu, now, latency);
    }

    private void commit(int cpu, long now, int latency) {
        MemoryPort port = ports[cpu];
        long address = pendingAddress[cpu];
        int slot = (int) ((address - BASE) >>> 3);
        int op = pendingOp[cpu];
        ic[cpu]++;
        if (op == LOAD) {
            check(cpu, op, now, address, shadow[slot], port.loadWord(address));
        } else if (op == STORE) {
            long v = nextValue(cpu);
            port.storeWord(address, v);
            shadow[slot] = v;
        } else {
            long old = port.loadWord(address);
            check(cpu, op, now, address, shadow[slot], old);
            long v;
            if (op == CAS) {
                long expected = random[cpu].nextBoolean() ? old : old + 1; // succeed or fail, half each
                v = old == expected ? nextValue(cpu) : old;
            } else if (op == SWAP) {
                v = nextValue(cpu);
            } else {
                v = old + cpu + 1;
            }
            port.storeWord(address, v);
            shadow[slot] = v;
        }
        committed++;
        lastCommit = now;
        if (--opsLeft[cpu] > 0) {
            queue.schedule(now + 1 + latency + random[cpu].nextInt(config.maxThinkCycles() + 1), issue, null, cpu);
        } else {
            finishedCpus++;
        }
    }

    private long nextValue(int cpu) {
        return ((long) (cpu + 1) << 40) | ++stores[cpu];
    }

    private void check(int cpu, int op, long now, long address, long expected, long actual) {
        checked++;
        if (expected != actual) {
            violationCount++;
            if (violations.size() < MAX_LISTED) {
                violations.add(new Violation(OP_NAMES[op], cpu, now, address, expected, actual));
            }
        }
    }

    private void watchdog(long now) {
        if (finishedCpus == cpus) {
            return;
        }
        if (now - lastCommit >= config.deadlockCycles()) {
            deadlock = "no access committed from cycle " + lastCommit + " to " + now + "\n"
                    + memory.describeOutstanding();
            stop = true;
            return;
        }
        queue.schedule(now + config.deadlockCycles() / 2 + 1, watchdog, null, 0);
    }

    /** After the last op and the last message: memory, seen coherently, must equal the shadow. */
    private void finalCheck() {
        if (!memory.quiescent()) {
            deadlock = "transactions still outstanding after the event queue drained\n" + memory.describeOutstanding();
            return;
        }
        SparseMemory image = memory.memory().copy();
        memory.copyOwnedBlocksInto(image);
        for (int b = 0; b < config.blocks(); b++) {
            for (int w = 0; w < config.words(); w++) {
                long address = BASE + (long) b * 64 + w * 8L;
                long expected = shadow[b * 8 + w];
                long actual = memory.coherentWord(address);
                if (image.loadWord(address) != actual) {
                    error = "coherent memory image disagrees with coherentWord at 0x" + Long.toHexString(address);
                }
                if (expected != actual) {
                    violationCount++;
                    if (violations.size() < MAX_LISTED) {
                        violations.add(new Violation("final memory", -1, queue.now(), address, expected, actual));
                    }
                }
            }
        }
    }
}
