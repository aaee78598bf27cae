package org.fdrsim.coherence;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.coherence.network.MessageSink;
import org.fdrsim.coherence.network.Network;
import org.fdrsim.coherence.network.VirtualNetwork;
import org.fdrsim.coherence.protocol.Message;
import org.fdrsim.coherence.protocol.MessageType;
import org.fdrsim.cpu.sim.EventQueue;

/** A network that holds every message until the test delivers it: interleavings by script. */
final class ScriptedNetwork implements Network {
    private final MessageSink[] sinks;
    private final List<Message> inFlight = new ArrayList<>();
    private final List<VirtualNetwork> vnets = new ArrayList<>();
    private final EventQueue queue;

    ScriptedNetwork(EventQueue queue, int nodes) {
        this.queue = queue;
        this.sinks = new MessageSink[nodes];
    }

    @Override
    public void attach(int node, MessageSink sink) {
        sinks[node] = sink;
    }

    @Override
    public void send(long time, int src, int dst, VirtualNetwork vnet, int sizeBytes, Object message) {
        inFlight.add((Message) message);
        vnets.add(vnet);
    }

    @Override
    public int nodes() {
        return sinks.length;
    }

    /** Delivers the oldest in-flight message of {@code type} addressed to {@code dst}. */
    void deliver(MessageType type, int dst) {
        for (int i = 0; i < inFlight.size(); i++) {
            Message m = inFlight.get(i);
            if (m.type == type && m.dst == dst) {
                deliverAt(i);
                return;
            }
        }
        throw new AssertionError("no " + type + " to node " + dst + " in flight; in flight: " + inFlight);
    }

    /** Delivers the oldest in-flight message of {@code type} from {@code src} to {@code dst}. */
    void deliver(MessageType type, int src, int dst) {
        for (int i = 0; i < inFlight.size(); i++) {
            Message m = inFlight.get(i);
            if (m.type == type && m.dst == dst && m.src == src) {
                deliverAt(i);
                return;
            }
        }
        throw new AssertionError("no " + type + " from " + src + " to " + dst + " in flight; in flight: " + inFlight);
    }

    /** True if a message of {@code type} to {@code dst} is in flight. */
    boolean has(MessageType type, int dst) {
        for (Message m : inFlight) {
            if (m.type == type && m.dst == dst) {
                return true;
            }
        }
        return false;
    }

    /** Delivers everything, oldest first, including messages sent meanwhile. */
    void deliverAll() {
        while (!inFlight.isEmpty()) {
            deliverAt(0);
        }
    }

    int inFlightCount() {
        return inFlight.size();
    }

    @Override
    public String toString() {
        return inFlight.toString();
    }

    private void deliverAt(int i) {
        Message m = inFlight.remove(i);
        VirtualNetwork vnet = vnets.remove(i);
        queue.advanceTo(queue.now() + 1); // each delivery is its own cycle; nothing else is queued
        sinks[m.dst].receive(queue.now(), m, vnet);
    }
}
