/**
 * The interconnect between coherence controllers: the {@link org.fdrsim.coherence.network.Network}
 * interface, the FDR1 2D torus ({@link org.fdrsim.coherence.network.TorusNetwork}: dimension-order
 * routing, per-link bandwidth and contention, three virtual networks sharing each link) and a
 * contention-free {@link org.fdrsim.coherence.network.FixedLatencyNetwork} for protocol tests.
 *
 * <p>FDR1 torus timing (processor cycles at 4 GHz): uncontended latency is
 * {@code 20 + 40 * hops + ceil(bytes / 1.6) + 20}, e.g. 85 / 125 cycles for an 8-byte control
 * message over 1 / 2 hops and 125 / 165 cycles for a 72-byte data message. A message to its own
 * node takes 40 cycles. Networks do not promise FIFO delivery between a pair of nodes.
 */
package org.fdrsim.coherence.network;
