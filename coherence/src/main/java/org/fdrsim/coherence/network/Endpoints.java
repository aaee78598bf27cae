package org.fdrsim.coherence.network;

import java.util.Objects;
import org.fdrsim.cpu.sim.EventHandler;
import org.fdrsim.cpu.sim.EventQueue;

/**
 * The nodes' message sinks and the delivery of a message at its arrival time, shared by the
 * network models: they differ only in when a message arrives. Delivery is one event-queue
 * event whose argument packs the destination and the virtual network, so nothing is
 * allocated per message.
 */
final class Endpoints {
    private static final VirtualNetwork[] VNETS = VirtualNetwork.values();
    private static final int VNET_BITS = 2;

    private final EventQueue queue;
    private final MessageSink[] sinks;
    private final EventHandler deliver = this::deliver;

    Endpoints(EventQueue queue, int nodes) {
        this.queue = Objects.requireNonNull(queue, "queue");
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be >= 1, got " + nodes);
        }
        this.sinks = new MessageSink[nodes];
    }

    int nodes() {
        return sinks.length;
    }

    void attach(int node, MessageSink sink) {
        checkNode("node", node);
        Objects.requireNonNull(sink, "sink");
        if (sinks[node] != null) {
            throw new IllegalStateException("node " + node + " already has a sink attached");
        }
        sinks[node] = sink;
    }

    /** Refuses a send with a bad node, virtual network, size or message, or to a node without a sink. */
    void checkSend(int src, int dst, VirtualNetwork vnet, int sizeBytes, Object message) {
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
    }

    /** Hands {@code message} to {@code dst}'s sink at time {@code arrival}. */
    void deliverAt(long arrival, int dst, VirtualNetwork vnet, Object message) {
        queue.schedule(arrival, deliver, message, ((long) dst << VNET_BITS) | vnet.ordinal());
    }

    private void deliver(long now, Object message, long arg) {
        sinks[(int) (arg >>> VNET_BITS)].receive(now, message, VNETS[(int) (arg & ((1 << VNET_BITS) - 1))]);
    }

    void checkNode(String what, int node) {
        if (node < 0 || node >= sinks.length) {
            throw new IllegalArgumentException(what + " must be in 0.." + (sinks.length - 1) + ", got " + node);
        }
    }
}
