package org.fdrsim.coherence.network;

import java.util.Objects;
import org.fdrsim.cpu.sim.EventQueue;

/**
 * A 2D torus with dimension-order routing, per-link bandwidth and contention, and three
 * virtual networks. Time is in processor cycles.
 *
 * <p><b>Timing.</b> Virtual cut-through: a message pays the interface latency at injection,
 * then on each link of its route its head waits until the link is free, the link is busy for
 * the message's serialization time, and the head moves on after the hop latency; at the
 * destination the tail arrives one serialization time after the head, plus the interface
 * latency at ejection. Uncontended, {@code latency = 2 * interface + hops * hop + ser(size)}.
 * A message to its own node uses no link and arrives after {@code 2 * interface} cycles (at
 * least 1).
 *
 * <p><b>Contention.</b> Each directed link keeps one "busy until" time, shared by the three
 * virtual networks (they are virtual channels over the same wires). {@link #send} walks the
 * whole route at once and reserves each link from {@code max(head arrival, link free)}, so
 * links are granted in send order. That is deterministic and costs O(hops) without per-hop
 * events; its one inaccuracy is that a message sent later never slips into an idle gap before
 * a reservation made earlier for a link further along another message's route (pessimistic,
 * and only under load).
 *
 * <p><b>Virtual networks and deadlock.</b> Buffers are unbounded, so no message ever waits for
 * buffer space and no virtual network can block another: the model cannot deadlock. A protocol
 * must still keep its message classes on separate vnets, as real hardware requires.
 *
 * <p><b>Ordering.</b> This model happens to deliver messages between the same pair of nodes in
 * send order, but {@link Network} does not promise it; protocols must not rely on it.
 *
 * <p>{@code send} allocates nothing: delivery is one {@link EventQueue} event whose payload is
 * the caller's message and whose argument packs the destination and vnet.
 */
public final class TorusNetwork implements Network {
    private final Endpoints endpoints;
    private final TorusConfig config;
    private final TorusTopology topology;
    /** Per directed link slot: the first cycle at which it is free. */
    private final long[] linkFreeAt;
    private final NetworkStatistics statistics;
    private final long hopLatency;
    private final long interfaceLatency;
    /** The topology's routing, tabulated once: {@code nextLink[at * nodes + dst]}, and each link's far end. */
    private final int[] nextLink;
    private final int nodeCount;
    private final int[] linkTarget;
    /** Serialization cycles by message size for the sizes messages have (no division per hop). */
    private final long[] serialization = new long[256];

    /** A network of {@code nodes} nodes with the FDR1 defaults. */
    public TorusNetwork(EventQueue queue, int nodes) {
        this(queue, nodes, TorusConfig.fdr1());
    }

    /**
     * A network of {@code nodes} nodes; the configuration's dimensions, if not automatic, must
     * multiply to {@code nodes}.
     */
    public TorusNetwork(EventQueue queue, int nodes, TorusConfig config) {
        this.config = Objects.requireNonNull(config, "config");
        this.topology = TorusTopology.of(nodes, config);
        this.endpoints = new Endpoints(queue, nodes);
        this.linkFreeAt = new long[topology.linkSlots()];
        this.statistics = new NetworkStatistics(topology);
        this.hopLatency = config.hopLatencyCycles();
        this.interfaceLatency = config.interfaceLatencyCycles();
        this.nodeCount = nodes;
        this.nextLink = new int[nodes * nodes];
        for (int at = 0; at < nodes; at++) {
            for (int dst = 0; dst < nodes; dst++) {
                nextLink[at * nodes + dst] = at == dst ? -1 : topology.nextLink(at, dst);
            }
        }
        this.linkTarget = new int[topology.linkSlots()];
        for (int link = 0; link < linkTarget.length; link++) {
            linkTarget[link] = topology.linkTarget(link);
        }
        for (int size = 1; size < serialization.length; size++) {
            serialization[size] = config.serializationCycles(size);
        }
    }

    @Override
    public void attach(int node, MessageSink sink) {
        endpoints.attach(node, sink);
    }

    @Override
    public void send(long now, int src, int dst, VirtualNetwork vnet, int sizeBytes, Object message) {
        endpoints.checkSend(src, dst, vnet, sizeBytes, message);
        long arrival;
        long queued = 0;
        if (src == dst) {
            arrival = now + Math.max(1, 2 * interfaceLatency);
        } else {
            long ser = serializationCycles(sizeBytes);
            long head = now + interfaceLatency;
            int at = src;
            while (at != dst) {
                int link = nextLink[at * nodeCount + dst];
                long start = Math.max(head, linkFreeAt[link]);
                long waited = start - head;
                linkFreeAt[link] = start + ser;
                statistics.recordHop(link, sizeBytes, ser, waited);
                queued += waited;
                head = start + hopLatency;
                at = linkTarget[link];
            }
            arrival = head + ser + interfaceLatency;
        }
        statistics.recordMessage(vnet, sizeBytes, arrival - now, queued);
        endpoints.deliverAt(arrival, dst, vnet, message);
    }

    @Override
    public int nodes() {
        return endpoints.nodes();
    }

    public TorusConfig config() {
        return config;
    }

    public TorusTopology topology() {
        return topology;
    }

    public NetworkStatistics statistics() {
        return statistics;
    }

    /** Hops on the route from {@code src} to {@code dst}. */
    public int hops(int src, int dst) {
        endpoints.checkNode("src", src);
        endpoints.checkNode("dst", dst);
        return topology.hops(src, dst);
    }

    /** Cycles one link is busy with a message of {@code sizeBytes}. */
    public long serializationCycles(int sizeBytes) {
        if (sizeBytes > 0 && sizeBytes < serialization.length) {
            return serialization[sizeBytes];
        }
        return config.serializationCycles(sizeBytes);
    }

    /** Send-to-arrival time of a message on an idle network (see the class comment for the formula). */
    public long uncontendedLatency(int src, int dst, int sizeBytes) {
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("sizeBytes must be > 0, got " + sizeBytes);
        }
        int hops = hops(src, dst);
        if (hops == 0) {
            return Math.max(1, 2 * interfaceLatency);
        }
        return 2 * interfaceLatency + hops * hopLatency + serializationCycles(sizeBytes);
    }

    /** The first cycle at which directed link slot {@code link} is free (for tests and tools). */
    public long linkFreeAt(int link) {
        return linkFreeAt[link];
    }
}
