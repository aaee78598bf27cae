package org.fdrsim.coherence.network;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counters of a {@link TorusNetwork}: per directed link, per virtual network and in total.
 * Updated at send time, when a message's whole path is reserved, so a message counts as soon
 * as it is sent (its link occupancy may lie partly in the future).
 */
public final class NetworkStatistics {
    private static final VirtualNetwork[] VNETS = VirtualNetwork.values();
    // a link's counters, at COUNTERS * link + these
    private static final int BYTES = 0;
    private static final int MESSAGES = 1;
    private static final int BUSY = 2;
    private static final int QUEUEING = 3;
    private static final int COUNTERS = 4;

    private final TorusTopology topology;
    /**
     * Per directed link slot, its four counters side by side (bytes, messages, busy cycles,
     * queueing cycles at {@code COUNTERS * link + BYTES ...}): a hop updates one or two host cache
     * lines, not four.
     */
    private final long[] links;
    private final long[] vnetMessages = new long[VNETS.length];
    private final long[] vnetBytes = new long[VNETS.length];
    private long totalLatencyCycles;
    private long maxLatencyCycles;
    private long totalQueueingCycles;

    NetworkStatistics(TorusTopology topology) {
        this.topology = topology;
        links = new long[topology.linkSlots() * COUNTERS];
    }

    void recordHop(int link, int sizeBytes, long busyCycles, long queueingCycles) {
        int at = link * COUNTERS;
        links[at + BYTES] += sizeBytes;
        links[at + MESSAGES]++;
        links[at + BUSY] += busyCycles;
        links[at + QUEUEING] += queueingCycles;
    }

    void recordMessage(VirtualNetwork vnet, int sizeBytes, long latencyCycles, long queueingCycles) {
        vnetMessages[vnet.ordinal()]++;
        vnetBytes[vnet.ordinal()] += sizeBytes;
        totalLatencyCycles += latencyCycles;
        maxLatencyCycles = Math.max(maxLatencyCycles, latencyCycles);
        totalQueueingCycles += queueingCycles;
    }

    /** Clears every counter (e.g. after warm-up). */
    public void reset() {
        Arrays.fill(links, 0);
        Arrays.fill(vnetMessages, 0);
        Arrays.fill(vnetBytes, 0);
        totalLatencyCycles = 0;
        maxLatencyCycles = 0;
        totalQueueingCycles = 0;
    }

    public long messages() {
        long sum = 0;
        for (long m : vnetMessages) {
            sum += m;
        }
        return sum;
    }

    public long bytes() {
        long sum = 0;
        for (long b : vnetBytes) {
            sum += b;
        }
        return sum;
    }

    public long messages(VirtualNetwork vnet) {
        return vnetMessages[vnet.ordinal()];
    }

    public long bytes(VirtualNetwork vnet) {
        return vnetBytes[vnet.ordinal()];
    }

    public long linkBytes(int link) {
        return links[link * COUNTERS + BYTES];
    }

    public long linkMessages(int link) {
        return links[link * COUNTERS + MESSAGES];
    }

    public long linkBusyCycles(int link) {
        return links[link * COUNTERS + BUSY];
    }

    public long linkQueueingCycles(int link) {
        return links[link * COUNTERS + QUEUEING];
    }

    /** Sum over messages of send-to-arrival time. */
    public long totalLatencyCycles() {
        return totalLatencyCycles;
    }

    public long maxLatencyCycles() {
        return maxLatencyCycles;
    }

    public double averageLatencyCycles() {
        long m = messages();
        return m == 0 ? 0.0 : (double) totalLatencyCycles / m;
    }

    /** Sum over messages of the time spent waiting for busy links. */
    public long totalQueueingCycles() {
        return totalQueueingCycles;
    }

    /** Utilization of the physical links over {@code spanCycles} (busy cycles / span; may exceed 1 if
     * messages sent within the span occupy links beyond it). */
    public LinkUtilization utilization(long spanCycles) {
        if (spanCycles <= 0) {
            throw new IllegalArgumentException("spanCycles must be > 0, got " + spanCycles);
        }
        double max = 0;
        double sum = 0;
        int links = 0;
        int busiest = -1;
        for (int l = 0; l < topology.linkSlots(); l++) {
            if (!topology.linkExists(l)) {
                continue;
            }
            double u = (double) linkBusyCycles(l) / spanCycles;
            sum += u;
            links++;
            if (busiest < 0 || u > max) {
                max = u;
                busiest = l;
            }
        }
        return new LinkUtilization(spanCycles, max, links == 0 ? 0.0 : sum / links,
                busiest < 0 ? "" : topology.linkName(busiest));
    }

    /** The counters as a nested, deterministically ordered map for text or JSON output. */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("topology", topology.toString());
        map.put("messages", messages());
        map.put("bytes", bytes());
        map.put("averageLatencyCycles", averageLatencyCycles());
        map.put("maxLatencyCycles", maxLatencyCycles);
        map.put("queueingCycles", totalQueueingCycles);
        Map<String, Object> vnets = new LinkedHashMap<>();
        for (VirtualNetwork v : VNETS) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("messages", vnetMessages[v.ordinal()]);
            m.put("bytes", vnetBytes[v.ordinal()]);
            vnets.put(v.name(), m);
        }
        map.put("vnets", vnets);
        Map<String, Object> byLink = new LinkedHashMap<>();
        for (int l = 0; l < topology.linkSlots(); l++) {
            if (!topology.linkExists(l)) {
                continue;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("messages", linkMessages(l));
            m.put("bytes", linkBytes(l));
            m.put("busyCycles", linkBusyCycles(l));
            m.put("queueingCycles", linkQueueingCycles(l));
            byLink.put(topology.linkName(l), m);
        }
        map.put("links", byLink);
        return map;
    }

    /** {@link #toMap()} plus a "utilization" entry over {@code spanCycles}. */
    public Map<String, Object> toMap(long spanCycles) {
        Map<String, Object> map = toMap();
        LinkUtilization u = utilization(spanCycles);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("spanCycles", u.spanCycles());
        m.put("max", u.max());
        m.put("mean", u.mean());
        m.put("busiestLink", u.busiestLink());
        map.put("utilization", m);
        return map;
    }
}
