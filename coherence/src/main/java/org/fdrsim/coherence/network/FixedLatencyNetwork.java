package org.fdrsim.coherence.network;

import java.util.Objects;
import org.fdrsim.cpu.sim.EventHandler;
import org.fdrsim.cpu.sim.EventQueue;
import org.fdrsim.cpu.sim.SimRandom;

/**
 * A contention-free network for protocol tests: every message arrives {@code latency} cycles
 * after it is sent, plus an optional seeded random delay in {@code [0, maxJitter]}. With
 * jitter, messages between the same pair overtake each other, which is what a protocol tester
 * wants to provoke races that {@link TorusNetwork} (FIFO in practice) rarely shows.
 * Allocation-free per message, like {@link TorusNetwork}.
 */
public final class FixedLatencyNetwork implements Network {
    private static final VirtualNetwork[] VNETS = VirtualNetwork.values();
    private static final int VNET_BITS = 2;

    private final EventQueue queue;
    private final MessageSink[] sinks;
    private final long latency;
    private final long maxJitter;
    private final SimRandom random;
    private final EventHandler deliver = this::deliver;
    private long messages;

    /** Every message takes exactly {@code latency} (>= 1) cycles. */
    public FixedLatencyNetwork(EventQueue queue, int nodes, long latency) {
        this(queue, nodes, latency, 0, null);
    }

    /**
     * Every message takes {@code latency} (>= 1) cycles plus a uniform random delay in
     * {@code [0, maxJitter]} drawn from {@code random} (needed only if {@code maxJitter > 0}).
     */
    public FixedLatencyNetwork(EventQueue queue, int nodes, long latency, long maxJitter, SimRandom random) {
        this.queue = Objects.requireNonNull(queue, "queue");
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be >= 1, got " + nodes);
        }
        if (latency < 1) {
            throw new IllegalArgumentException("latency must be >= 1 cycle, got " + latency);
        }
        if (maxJitter < 0) {
            throw new IllegalArgumentException("maxJitter must be >= 0, got " + maxJitter);
        }
        if (maxJitter > 0) {
            Objects.requireNonNull(random, "random (required when maxJitter > 0)");
        }
        this.sinks = new MessageSink[nodes];
        this.latency = latency;
        this.maxJitter = maxJitter;
        this.random = random;
    }

    @Override
    public void attach(int node, MessageSink sink) {
        checkNode("node", node);
        Objects.requireNonNull(sink, "sink");
        if (sinks[node] != null) {
            throw new IllegalStateException("node " + node + " already has a sink attached");
        }
        sinks[node] = sink;
    }

    @Override
    public void send(long now, int src, int dst, VirtualNetwork vnet, int sizeBytes, Object message) {
        checkNode("src", src);
        checkNode("dst", dst);
        Objects.requireNonNull(vnet, "vnet");
        Objects.requireNonNull(message, "message");
        if (sizeBytes <= 0) {
            throw new IllegalArgumentException("sizeBytes must be > 0, got " + sizeBytes);
        }
        if (sinks[dst] == null) {
            throw new IllegalStateException("node " + dst + " has no sink attached");
        }
        long delay = maxJitter == 0 ? latency : latency + random.nextLong(maxJitter + 1);
        messages++;
        queue.schedule(now + delay, deliver, message, ((long) dst << VNET_BITS) | vnet.ordinal());
    }

    @Override
    public int nodes() {
        return sinks.length;
    }

    /** Messages sent so far. */
    public long messages() {
        return messages;
    }

    private void deliver(long now, Object message, long arg) {
        sinks[(int) (arg >>> VNET_BITS)].receive(now, message, VNETS[(int) (arg & ((1 << VNET_BITS) - 1))]);
    }

    private void checkNode(String what, int node) {
        if (node < 0 || node >= sinks.length) {
            throw new IllegalArgumentException(what + " must be in 0.." + (sinks.length - 1) + ", got " + node);
        }
    }
}
