package org.fdrsim.coherence.protocol;

import org.fdrsim.coherence.network.MessageSink;
import org.fdrsim.coherence.network.Network;
import org.fdrsim.coherence.network.VirtualNetwork;
import org.fdrsim.cpu.sim.EventHandler;
import org.fdrsim.cpu.sim.EventQueue;
import org.fdrsim.cpu.sim.SimRandom;

/**
 * A contention-free network: every message takes {@code latency} cycles plus a seeded random
 * jitter in [0, jitter]. With jitter, messages overtake each other freely, which is what the
 * protocol tester wants (the torus happens to keep point-to-point order).
 */
public final class FixedLatencyNetwork implements Network {
    private static final VirtualNetwork[] VNETS = VirtualNetwork.values();

    private final EventQueue queue;
    private final MessageSink[] sinks;
    private final int latency;
    private final int jitter;
    private final SimRandom random;
    private final EventHandler deliver = this::deliver;

    public FixedLatencyNetwork(EventQueue queue, int nodes, int latency, int jitter, long seed) {
        if (nodes <= 0 || latency < 1 || jitter < 0) {
            throw new IllegalArgumentException("need nodes > 0, latency >= 1, jitter >= 0");
        }
        this.queue = queue;
        this.sinks = new MessageSink[nodes];
        this.latency = latency;
        this.jitter = jitter;
        this.random = SimRandom.forComponent(seed, "network");
    }

    @Override
    public void attach(int node, MessageSink sink) {
        sinks[node] = sink;
    }

    @Override
    public void send(long now, int src, int dst, VirtualNetwork vnet, int sizeBytes, Object message) {
        long delay = latency + (jitter == 0 ? 0 : random.nextInt(jitter + 1));
        queue.schedule(now + delay, deliver, message, ((long) dst << 2) | vnet.ordinal());
    }

    @Override
    public int nodes() {
        return sinks.length;
    }

    private void deliver(long now, Object message, long arg) {
        sinks[(int) (arg >>> 2)].receive(now, message, VNETS[(int) (arg & 3)]);
    }
}
