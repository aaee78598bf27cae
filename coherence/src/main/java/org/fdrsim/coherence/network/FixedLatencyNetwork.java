package org.fdrsim.coherence.network;

import java.util.Objects;
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
    private final Endpoints endpoints;
    private final long latency;
    private final long maxJitter;
    private final SimRandom random;
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
        this.endpoints = new Endpoints(queue, nodes);
        if (latency < 1) {
            throw new IllegalArgumentException("latency must be >= 1 cycle, got " + latency);
        }
        if (maxJitter < 0) {
            throw new IllegalArgumentException("maxJitter must be >= 0, got " + maxJitter);
        }
        if (maxJitter > 0) {
            Objects.requireNonNull(random, "random (required when maxJitter > 0)");
        }
        this.latency = latency;
        this.maxJitter = maxJitter;
        this.random = random;
    }

    @Override
    public void attach(int node, MessageSink sink) {
        endpoints.attach(node, sink);
    }

    @Override
    public void send(long now, int src, int dst, VirtualNetwork vnet, int sizeBytes, Object message) {
        endpoints.checkSend(src, dst, vnet, sizeBytes, message);
        long delay = maxJitter == 0 ? latency : latency + random.nextLong(maxJitter + 1);
        messages++;
        endpoints.deliverAt(now + delay, dst, vnet, message);
    }

    @Override
    public int nodes() {
        return endpoints.nodes();
    }

    /** Messages sent so far. */
    public long messages() {
        return messages;
    }
}
