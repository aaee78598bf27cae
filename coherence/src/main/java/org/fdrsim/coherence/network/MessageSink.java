package org.fdrsim.coherence.network;

/** The receiving end of a node's network interface. */
@FunctionalInterface
public interface MessageSink {
    /** Called at the message's arrival time {@code now}. */
    void receive(long now, Object message, VirtualNetwork vnet);
}
