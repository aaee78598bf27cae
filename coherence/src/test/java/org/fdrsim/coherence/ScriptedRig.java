package org.fdrsim.coherence;

import static org.assertj.core.api.Assertions.assertThat;

import org.fdrsim.coherence.cache.CacheGeometry;
import org.fdrsim.coherence.protocol.CacheState;
import org.fdrsim.coherence.protocol.DirectoryState;
import org.fdrsim.cpu.core.MemoryPort;
import org.fdrsim.cpu.sim.EventQueue;

/**
 * A memory system with zero latencies on a {@link ScriptedNetwork}: every message waits for
 * the test, so a race is a script. L1s have one frame, and so do L2s unless asked for more
 * (then any other block evicts), so replacements are easy to force.
 */
final class ScriptedRig {
    final EventQueue queue = new EventQueue();
    final ScriptedNetwork net;
    final MemorySystem mem;
    final boolean[] completed;
    final long[] observed;
    private final long[] pendingAddress;
    private final boolean[] pendingWrite;
    private final long[] pendingDelta;

    ScriptedRig(int nodes) {
        this(nodes, 1);
    }

    /** Like {@link #ScriptedRig(int)} with {@code l2Ways} L2 frames (one set): that many blocks fit. */
    ScriptedRig(int nodes, int l2Ways) {
        net = new ScriptedNetwork(queue, nodes);
        CoherenceConfig config = CoherenceConfig.fdr1()
                .withDirectoryCycles(0)
                .withMemoryCycles(0, 0)
                .withCaches(new CacheGeometry(64, 1, 0), new CacheGeometry(64 * l2Ways, l2Ways, 0))
                .withMemoryBytesPerNode(1 << 20);
        mem = new MemorySystem(config, queue, net);
        completed = new boolean[nodes];
        observed = new long[nodes];
        pendingAddress = new long[nodes];
        pendingWrite = new boolean[nodes];
        pendingDelta = new long[nodes];
        for (int c = 0; c < nodes; c++) {
            mem.cache(c).setMissCompletion((cpu, now) -> completeMiss(cpu));
        }
    }

    /**
     * Starts an access that adds {@code delta} (a write) or just reads (delta ignored when
     * {@code !write}); true if it hit. Like a processor, the access executes at once on a hit,
     * or in the event that completes its miss; {@link #observed} then holds the old value.
     */
    boolean start(int cpu, long address, boolean write, long delta) {
        completed[cpu] = false;
        pendingAddress[cpu] = address;
        pendingWrite[cpu] = write;
        pendingDelta[cpu] = delta;
        if (mem.cache(cpu).acquire(address, write, 0, 0) == MemoryPort.MISS) {
            return false;
        }
        execute(cpu);
        completed[cpu] = true;
        return true;
    }

    /** A whole read, every message delivered in send order; returns the value read. */
    long load(int cpu, long address) {
        if (!start(cpu, address, false, 0)) {
            net.deliverAll();
        }
        assertThat(completed[cpu]).as("access of cpu %d completed", cpu).isTrue();
        return observed[cpu];
    }

    /** A whole fetch-and-add, every message delivered in send order; returns the old value. */
    long add(int cpu, long address, long delta) {
        if (!start(cpu, address, true, delta)) {
            net.deliverAll();
        }
        assertThat(completed[cpu]).as("access of cpu %d completed", cpu).isTrue();
        return observed[cpu];
    }

    private void completeMiss(int cpu) {
        assertThat(mem.cache(cpu).acquire(pendingAddress[cpu], pendingWrite[cpu], 0, 0))
                .as("re-executed access hits").isNotEqualTo(MemoryPort.MISS);
        execute(cpu);
        completed[cpu] = true;
    }

    private void execute(int cpu) {
        long old = mem.cache(cpu).loadWord(pendingAddress[cpu]);
        observed[cpu] = old;
        if (pendingWrite[cpu]) {
            mem.cache(cpu).storeWord(pendingAddress[cpu], old + pendingDelta[cpu]);
        }
    }

    CacheState state(int cpu, long address) {
        return mem.cache(cpu).state(address);
    }

    DirectoryState dirState(long address) {
        return mem.directory(mem.home(address)).state(address);
    }
}
