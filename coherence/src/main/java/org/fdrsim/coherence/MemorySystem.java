package org.fdrsim.coherence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.coherence.cache.CacheController;
import org.fdrsim.coherence.directory.Directory;
import org.fdrsim.coherence.dma.DmaAgent;
import org.fdrsim.coherence.directory.MemoryController;
import org.fdrsim.coherence.network.Network;
import org.fdrsim.coherence.protocol.CacheAction;
import org.fdrsim.coherence.protocol.CacheEvent;
import org.fdrsim.coherence.protocol.CacheState;
import org.fdrsim.coherence.protocol.DirectoryAction;
import org.fdrsim.coherence.protocol.DirectoryEvent;
import org.fdrsim.coherence.protocol.DirectoryState;
import org.fdrsim.coherence.protocol.Message;
import org.fdrsim.coherence.protocol.ProtocolContext;
import org.fdrsim.coherence.protocol.TransitionCoverage;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.sim.EventQueue;

/**
 * The coherent memory system of a P-processor machine: on every node of the network one
 * {@link CacheController} (the processor's {@code MemoryPort}), one {@link Directory} slice and
 * its {@link MemoryController}. Blocks are interleaved across homes by block address. The
 * node's network sink hands each message to the cache or the directory by its type.
 *
 * <pre>{@code
 * EventQueue queue = new EventQueue();
 * Network net = new TorusNetwork(queue, p);
 * MemorySystem mem = new MemorySystem(CoherenceConfig.fdr1(), queue, net);
 * MemoryPort port = mem.cache(cpu);                  // give it to processor cpu
 * mem.cache(cpu).setMissCompletion((c, now) -> ...); // wake processor c
 * mem.addListener(listener);                          // optional
 * }</pre>
 */
public final class MemorySystem {
    private final ProtocolContext ctx;
    private final SparseMemory memory;
    private final CacheController[] caches;
    private final Directory[] directories;
    private final List<CoherenceListener> listeners = new ArrayList<>();
    private final List<DmaAgent> dmaEngines = new ArrayList<>();

    /** A memory system with fresh physical memory of {@code nodes * memoryBytesPerNode} bytes. */
    public MemorySystem(CoherenceConfig config, EventQueue queue, Network network) {
        this(config, queue, network, new SparseMemory(config.memoryBytesPerNode() * network.nodes()));
    }

    /** A memory system over existing physical memory (e.g. with a program's data loaded). */
    public MemorySystem(CoherenceConfig config, EventQueue queue, Network network, SparseMemory memory) {
        int nodes = network.nodes();
        if (nodes < 1 || nodes > 64) {
            throw new IllegalArgumentException("the directory supports 1 to 64 nodes, got " + nodes);
        }
        this.ctx = new ProtocolContext(queue, network, config);
        this.memory = memory;
        this.caches = new CacheController[nodes];
        this.directories = new Directory[nodes];
        for (int n = 0; n < nodes; n++) {
            caches[n] = new CacheController(n, ctx);
            directories[n] = new Directory(n, ctx, new MemoryController(n, memory, config.memoryCycles(),
                    config.memoryPerturbationCycles(), config.seed()));
            CacheController cache = caches[n];
            Directory directory = directories[n];
            network.attach(n, (now, message, vnet) -> {
                Message m = (Message) message;
                if (m.dst >= nodes) {
                    dmaEngines.get(m.dst - nodes).receive(now, m); // a DMA engine hosted here
                } else if (m.type.toDirectory()) {
                    directory.receive(now, m);
                } else {
                    cache.receive(now, m);
                }
            });
        }
    }

    public int nodes() {
        return caches.length;
    }

    /** Processor {@code cpu}'s caches: its {@code MemoryPort}. */
    public CacheController cache(int cpu) {
        return caches[cpu];
    }

    /**
     * Adds a DMA engine (a pseudo-processor, agent id {@code nodes() + index}) whose messages
     * enter and leave the network at node {@code hostNode}. Call before the run starts.
     */
    public DmaAgent addDmaEngine(int hostNode) {
        if (hostNode < 0 || hostNode >= nodes()) {
            throw new IllegalArgumentException("DMA host node " + hostNode + " is not a node (0.." + (nodes() - 1) + ")");
        }
        if (nodes() + dmaEngines.size() >= 64) {
            throw new IllegalArgumentException("processors plus DMA engines must be at most 64 (sharer bit mask)");
        }
        DmaAgent agent = new DmaAgent(ctx.addDmaEngine(hostNode), ctx);
        dmaEngines.add(agent);
        ctx.setDmaIcSource(id -> dmaEngines.get(id - caches.length).instructionCount());
        return agent;
    }

    /** DMA engine {@code index} (agent id {@code nodes() + index}). */
    public DmaAgent dmaEngine(int index) {
        return dmaEngines.get(index);
    }

    public int dmaEngineCount() {
        return dmaEngines.size();
    }

    public Directory directory(int node) {
        return directories[node];
    }

    /** The physical memory behind all homes (stale where a cache owns a block dirty). */
    public SparseMemory memory() {
        return memory;
    }

    public CoherenceConfig config() {
        return ctx.config();
    }

    /** The home node of the block holding {@code address}. */
    public int home(long address) {
        return ctx.home(address & ~63L);
    }

    /** How often each cache-table cell ran, over all nodes. */
    public TransitionCoverage<CacheState, CacheEvent, CacheAction> cacheCoverage() {
        return ctx.cacheCoverage();
    }

    /** How often each directory-table cell ran, over all nodes. */
    public TransitionCoverage<DirectoryState, DirectoryEvent, DirectoryAction> directoryCoverage() {
        return ctx.directoryCoverage();
    }

    /** Adds a listener; several are called in the order added. */
    public void addListener(CoherenceListener listener) {
        listeners.add(listener);
        ctx.setListener(ListenerChain.of(listeners.toArray(new CoherenceListener[0])));
    }

    /**
     * The coherent value of the word at {@code address}: the owner's copy if a cache owns the
     * block, else memory. Exact when the system is quiescent (no transaction in flight).
     */
    public long coherentWord(long address) {
        Directory home = directories[home(address)];
        if (home.state(address).hasOwner()) {
            int owner = home.owner(address);
            return owner >= caches.length ? dmaEngines.get(owner - caches.length).peekWord(address)
                    : caches[owner].peekWord(address);
        }
        return memory.loadWord(address & ~7L);
    }

    /**
     * Writes every block that a cache owns dirty (O or M) into {@code target}, word for word,
     * without changing any protocol state: {@code memory().copy()} plus this is the coherent
     * memory image (core dumps, checkpoint checks). Exact when the system is quiescent.
     */
    public void copyOwnedBlocksInto(SparseMemory target) {
        for (Directory d : directories) {
            d.forEachOwned((block, owner) -> {
                for (int w = 0; w < 8; w++) {
                    long a = block + 8L * w;
                    target.storeWord(a, owner >= caches.length ? dmaEngines.get(owner - caches.length).peekWord(a)
                            : caches[owner].peekWord(a));
                }
            });
        }
    }

    /** True if no miss, writeback or busy directory entry is outstanding. */
    public boolean quiescent() {
        for (CacheController c : caches) {
            if (c.missOutstanding() || c.writebacksInFlight() > 0) {
                return false;
            }
        }
        for (Directory d : directories) {
            if (d.busyEntries() > 0) {
                return false;
            }
        }
        for (DmaAgent a : dmaEngines) {
            if (a.busy()) {
                return false;
            }
        }
        return true;
    }

    /** Every outstanding transaction, one per line (deadlock reports). */
    public String describeOutstanding() {
        StringBuilder sb = new StringBuilder();
        for (CacheController c : caches) {
            sb.append(c.describeOutstanding());
        }
        for (Directory d : directories) {
            sb.append(d.describeBusy());
        }
        for (DmaAgent a : dmaEngines) {
            sb.append(a.describeOutstanding());
        }
        sb.append("messages in flight: ").append(ctx.pool().inUse()).append('\n');
        return sb.toString();
    }

    /** Statistics tree: caches, directories, messages (deterministic order). */
    public Map<String, Object> stats() {
        Map<String, Object> root = new LinkedHashMap<>();
        Map<String, Object> cs = new LinkedHashMap<>();
        for (CacheController c : caches) {
            cs.put("cpu" + c.cpu(), c.stats().toMap());
        }
        root.put("caches", cs);
        Map<String, Object> ds = new LinkedHashMap<>();
        for (Directory d : directories) {
            ds.put("node" + d.node(), d.stats());
        }
        root.put("directories", ds);
        root.put("messages", ctx.messageStats().toMap());
        Map<String, Object> pool = new LinkedHashMap<>();
        pool.put("allocated", (long) ctx.pool().allocated());
        root.put("messagePool", pool);
        return root;
    }
}
