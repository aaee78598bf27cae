package org.fdrsim.coherence.tester;

import org.fdrsim.coherence.cache.CacheController;
import org.fdrsim.coherence.network.MessageSink;
import org.fdrsim.coherence.network.Network;
import org.fdrsim.coherence.network.VirtualNetwork;
import org.fdrsim.coherence.protocol.CacheState;
import org.fdrsim.coherence.protocol.Message;
import org.fdrsim.coherence.protocol.MessageType;

/**
 * A network that puts one {@link FaultInjection} into one cache's traffic, so the protocol
 * tester can show it catches bugs while the cache controllers stay the real ones. The fault
 * fires once, at the first opportunity: the faulty cache's first Inv-Ack is lost; or its
 * first data reply to a Fwd-GetS arrives with word 0 changed; or the first Inv that reaches it
 * while it holds the block in S is answered as if the block were not there (the I x Inv cell:
 * an ack), and the stale S copy stays. The tester has no DMA engines: agent ids are nodes.
 */
final class FaultyNetwork implements Network {
    private final Network network;
    private final int node;
    private final int ackBytes;
    private FaultInjection fault;
    private CacheController cache;
    // The first Fwd-GetS the faulty cache received (CORRUPT_ONE_DATA_REPLY): its block and requester.
    private long readBlock = -1;
    private int readRequester = -1;

    /** {@code network} with {@code fault} at node {@code node}'s cache; Inv-Acks are {@code ackBytes} long. */
    FaultyNetwork(Network network, FaultInjection fault, int node, int ackBytes) {
        this.network = network;
        this.fault = fault;
        this.node = node;
        this.ackBytes = ackBytes;
    }

    /** The faulty cache, whose state decides when IGNORE_ONE_INVALIDATION fires. */
    void setCache(CacheController cache) {
        this.cache = cache;
    }

    @Override
    public void attach(int n, MessageSink sink) {
        network.attach(n, n != node ? sink : (now, message, vnet) -> {
            if (!intercepted(now, (Message) message)) {
                sink.receive(now, message, vnet);
            }
        });
    }

    /** True if the fault takes {@code m}, addressed to the faulty node, out of the cache's hands. */
    private boolean intercepted(long now, Message m) {
        if (fault == FaultInjection.IGNORE_ONE_INVALIDATION && m.type == MessageType.INV
                && cache.state(m.block) == CacheState.S) {
            fault = FaultInjection.NONE;
            int requester = m.requester;
            m.type = MessageType.INV_ACK;
            m.src = node;
            m.dst = requester;
            m.piggyback = 0;
            m.sizeBytes = ackBytes;
            network.send(now, node, requester, MessageType.INV_ACK.vnet(), ackBytes, m);
            return true;
        }
        if (fault == FaultInjection.CORRUPT_ONE_DATA_REPLY && m.type == MessageType.FWD_GETS && readBlock < 0) {
            readBlock = m.block;
            readRequester = m.requester;
        }
        return false;
    }

    @Override
    public void send(long now, int src, int dst, VirtualNetwork vnet, int sizeBytes, Object message) {
        Message m = (Message) message;
        if (m.src == node && !m.fromDirectory) {
            if (fault == FaultInjection.DROP_ONE_INV_ACK && m.type == MessageType.INV_ACK) {
                fault = FaultInjection.NONE;
                return;
            }
            if (fault == FaultInjection.CORRUPT_ONE_DATA_REPLY && m.type == MessageType.DATA
                    && m.block == readBlock && m.dst == readRequester) {
                fault = FaultInjection.NONE;
                m.data[0] ^= 0x5a5a;
            }
        }
        network.send(now, src, dst, vnet, sizeBytes, message);
    }

    @Override
    public int nodes() {
        return network.nodes();
    }
}
