package org.fdrsim.coherence.network;

/**
 * The interconnect between coherence controllers. Time is in processor cycles.
 *
 * <p>The interface does not promise point-to-point FIFO order, not even between the same
 * pair of nodes on the same virtual network; a protocol must tolerate reordering.
 */
public interface Network {
    /** Attaches the receiver of node {@code node} (0..nodes()-1). */
    void attach(int node, MessageSink sink);

    /**
     * Send {@code message} ({@code sizeBytes} long) from node src to dst at time now; the dst
     * sink receives it at the arrival time (strictly later than now, even when src == dst).
     */
    void send(long now, int src, int dst, VirtualNetwork vnet, int sizeBytes, Object message);

    int nodes();
}
