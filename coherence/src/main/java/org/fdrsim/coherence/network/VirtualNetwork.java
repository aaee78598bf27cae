package org.fdrsim.coherence.network;

/**
 * The three virtual networks of the directory protocol. Requests go to the home directory,
 * forwards go from the directory to caches, responses (data and acks) complete transactions.
 * Keeping them apart is what lets a protocol avoid message-dependent deadlock; in
 * {@link TorusNetwork} buffers are unbounded, so no vnet can ever block another.
 */
public enum VirtualNetwork {
    REQUEST,
    FORWARD,
    RESPONSE
}
