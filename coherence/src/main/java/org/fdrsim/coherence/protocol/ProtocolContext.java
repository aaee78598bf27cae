package org.fdrsim.coherence.protocol;

import org.fdrsim.coherence.CoherenceConfig;
import org.fdrsim.coherence.CoherenceListener;
import org.fdrsim.coherence.network.Network;
import org.fdrsim.cpu.sim.EventHandler;
import org.fdrsim.cpu.sim.EventQueue;

/**
 * What the controllers of one memory system share: time, the network, the message pool,
 * message statistics, the configuration and the listener. Sends may be delayed (a cache's
 * data lookup, the DRAM access); a delayed send is one event, so link contention in the
 * network is reserved at the time the message really leaves.
 */
public final class ProtocolContext {
    private final EventQueue queue;
    private final Network network;
    private final CoherenceConfig config;
    private final MessagePool pool = new MessagePool();
    private final MessageStats messageStats = new MessageStats();
    private final int nodes;
    /** {@code nodes - 1} when nodes is a power of two, else -1: the home node is then a mask. */
    private final long nodeMask;
    private final TransitionCoverage<CacheState, CacheEvent, CacheAction> cacheCoverage =
            new TransitionCoverage<>(ProtocolTable.CACHE);
    private final TransitionCoverage<DirectoryState, DirectoryEvent, DirectoryAction> directoryCoverage =
            new TransitionCoverage<>(ProtocolTable.DIRECTORY);
    private CoherenceListener listener = CoherenceListener.NONE;
    /** Network node of each DMA engine (agent id nodes + i), the I/O bridge it hangs off. */
    private int[] dmaHosts = new int[0];
    private java.util.function.IntToLongFunction dmaIc = engine -> 0;
    private final EventHandler sendLater = (now, payload, arg) -> transmit(now, (Message) payload);

    public ProtocolContext(EventQueue queue, Network network, CoherenceConfig config) {
        this.queue = queue;
        this.network = network;
        this.config = config;
        this.nodes = network.nodes();
        this.nodeMask = Integer.bitCount(nodes) == 1 ? nodes - 1 : -1;
    }

    public EventQueue queue() {
        return queue;
    }

    public CoherenceConfig config() {
        return config;
    }

    public int nodes() {
        return nodes;
    }

    public MessagePool pool() {
        return pool;
    }

    public MessageStats messageStats() {
        return messageStats;
    }

    /** Transitions the cache controllers ran (all nodes). */
    public TransitionCoverage<CacheState, CacheEvent, CacheAction> cacheCoverage() {
        return cacheCoverage;
    }

    /** Transitions the directories ran (all nodes). */
    public TransitionCoverage<DirectoryState, DirectoryEvent, DirectoryAction> directoryCoverage() {
        return directoryCoverage;
    }

    public CoherenceListener listener() {
        return listener;
    }

    public void setListener(CoherenceListener listener) {
        this.listener = listener;
    }

    /** Registers the next DMA engine, attached to network node {@code host}; returns its agent id. */
    public int addDmaEngine(int host) {
        dmaHosts = java.util.Arrays.copyOf(dmaHosts, dmaHosts.length + 1);
        dmaHosts[dmaHosts.length - 1] = host;
        return nodes + dmaHosts.length - 1;
    }

    /** DMA engines registered so far. */
    public int dmaEngines() {
        return dmaHosts.length;
    }

    /** True if agent id {@code id} is a DMA engine rather than a node's cache. */
    public boolean isDmaEngine(int id) {
        return id >= nodes;
    }

    /** Where the memory system reads a DMA engine's instruction count (for replies from memory sent in its name). */
    public void setDmaIcSource(java.util.function.IntToLongFunction dmaIc) {
        this.dmaIc = dmaIc;
    }

    /** The instruction count of DMA engine agent {@code engine}. */
    public long dmaIc(int engine) {
        return dmaIc.applyAsLong(engine);
    }

    /** The network node that carries agent {@code id}'s messages (a DMA engine: its host). */
    public int networkNode(int id) {
        return id < nodes ? id : dmaHosts[id - nodes];
    }

    /** The home node of a block: blocks are interleaved across nodes by block address. */
    public int home(long block) {
        if (nodeMask >= 0) {
            return (int) ((block >>> 6) & nodeMask);
        }
        return (int) Long.remainderUnsigned(block >>> 6, nodes);
    }

    /** A pooled message with its routing fields set. */
    public Message obtain(MessageType type, long block, int src, int dst, int requester) {
        Message m = pool.obtain();
        m.type = type;
        m.block = block;
        m.src = src;
        m.dst = dst;
        m.requester = requester;
        return m;
    }

    /** Sends {@code m} at {@code time} (now or later). */
    public void send(long time, Message m) {
        MessageType t = m.type;
        m.sizeBytes = (t.carriesData() ? config.dataBytes() : config.controlBytes())
                + (t.isReply() ? config.replyExtraBytes() : 0);
        messageStats.record(t, m.sizeBytes);
        if (time <= queue.now()) {
            transmit(queue.now(), m);
        } else {
            queue.schedule(time, sendLater, m, 0);
        }
    }

    private void transmit(long now, Message m) {
        network.send(now, networkNode(m.src), networkNode(m.dst), m.type.vnet(), m.sizeBytes, m);
    }
}
