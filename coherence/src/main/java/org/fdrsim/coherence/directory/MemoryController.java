package org.fdrsim.coherence.directory;

import org.fdrsim.coherence.protocol.Message;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.sim.SimRandom;

/**
 * One node's DRAM: the blocks homed at this node, in the machine's physical memory (a
 * {@link SparseMemory} shared by all controllers; each touches only its own interleaved
 * blocks, so the whole image can be dumped and checkpointed as one). Each read costs the DRAM
 * latency plus a seeded perturbation in [0, perturbation].
 */
public final class MemoryController {
    private final SparseMemory memory;
    private final int latency;
    private final int perturbation;
    private final SimRandom random;
    private long reads;
    private long writes;

    public MemoryController(int node, SparseMemory memory, int latency, int perturbation, long seed) {
        this.memory = memory;
        this.latency = latency;
        this.perturbation = perturbation;
        this.random = SimRandom.forComponent(seed, "mem" + node);
    }

    /** Copies the block into {@code m.data} and returns the cycles the access takes. */
    public int read(long block, Message m) {
        reads++;
        memory.readBlock(block, m.data, 0);
        return latency + (perturbation == 0 ? 0 : random.nextInt(perturbation + 1));
    }

    /** Writes the block from {@code m.data} (off the critical path: no latency is charged). */
    public void write(long block, Message m) {
        writes++;
        memory.writeBlock(block, m.data, 0);
    }

    public long word(long address) {
        return memory.loadWord(address);
    }

    public long reads() {
        return reads;
    }

    public long writes() {
        return writes;
    }
}
