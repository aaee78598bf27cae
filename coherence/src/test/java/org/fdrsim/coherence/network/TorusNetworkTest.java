package org.fdrsim.coherence.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.fdrsim.cpu.sim.EventQueue;
import org.junit.jupiter.api.Test;

class TorusNetworkTest {
    private static final int CONTROL = 8;
    private static final int DATA = 72;

    /** What a sink saw. */
    record Delivery(long time, int node, Object message, VirtualNetwork vnet) {
    }

    private final EventQueue queue = new EventQueue();
    private final List<Delivery> deliveries = new ArrayList<>();

    private TorusNetwork network(int nodes, TorusConfig config) {
        TorusNetwork net = new TorusNetwork(queue, nodes, config);
        for (int n = 0; n < nodes; n++) {
            int node = n;
            net.attach(n, (now, message, vnet) -> deliveries.add(new Delivery(now, node, message, vnet)));
        }
        return net;
    }

    private TorusNetwork network(int nodes) {
        return network(nodes, TorusConfig.fdr1());
    }

    private void drain() {
        while (queue.step()) {
            // deliveries collect in the sinks
        }
    }

    private long arrivalOf(Object message) {
        return deliveries.stream().filter(d -> d.message() == message).findFirst().orElseThrow().time();
    }

    @Test
    void uncontendedLatencyFormulaWithFdr1Defaults() {
        TorusNetwork net = network(16); // 4x4
        // 20 injection + 40 per hop + serialization + 20 ejection
        assertThat(net.uncontendedLatency(0, 1, CONTROL)).isEqualTo(85);
        assertThat(net.uncontendedLatency(0, 5, CONTROL)).isEqualTo(125);
        assertThat(net.uncontendedLatency(0, 1, DATA)).isEqualTo(125);
        assertThat(net.uncontendedLatency(0, 5, DATA)).isEqualTo(165);
        assertThat(net.uncontendedLatency(0, 10, DATA)).isEqualTo(20 + 4 * 40 + 45 + 20);
        assertThat(net.uncontendedLatency(3, 3, DATA)).isEqualTo(40);
    }

    @Test
    void idleNetworkDeliversAtTheUncontendedLatency() {
        TorusNetwork net = network(16);
        for (int dst = 0; dst < 16; dst++) {
            Object m = "m" + dst;
            long sent = 1000L * dst;
            queue.runUntil(sent);
            net.send(sent, 6, dst, VirtualNetwork.RESPONSE, DATA, m);
            drain();
            assertThat(arrivalOf(m) - sent).isEqualTo(net.uncontendedLatency(6, dst, DATA));
        }
        assertThat(deliveries).extracting(Delivery::node).containsExactly(
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    }

    @Test
    void secondMessageOnABusyLinkWaitsForTheFirstsSerialization() {
        TorusNetwork net = network(16);
        net.send(0, 0, 1, VirtualNetwork.RESPONSE, DATA, "first");
        net.send(0, 0, 1, VirtualNetwork.RESPONSE, DATA, "second");
        drain();
        assertThat(arrivalOf("first")).isEqualTo(125);
        assertThat(arrivalOf("second")).isEqualTo(125 + 45);
        assertThat(net.statistics().totalQueueingCycles()).isEqualTo(45);
    }

    @Test
    void virtualNetworksShareTheLinkBandwidth() {
        TorusNetwork net = network(16);
        net.send(0, 0, 1, VirtualNetwork.RESPONSE, DATA, "data");
        net.send(0, 0, 1, VirtualNetwork.REQUEST, CONTROL, "request");
        drain();
        assertThat(arrivalOf("request")).isEqualTo(85 + 45);
    }

    @Test
    void messagesFromDifferentSourcesContendOnASharedLink() {
        TorusNetwork net = network(4, TorusConfig.fdr1().withDimensions(4, 1));
        // "a" goes 0->1->2; its head reaches link 1->2 at 20 + 40 = 60 and holds it until 105.
        net.send(0, 0, 2, VirtualNetwork.RESPONSE, DATA, "a");
        queue.runUntil(40);
        // "b" injects at 40 + 20 = 60 and finds link 1->2 busy until 105.
        net.send(40, 1, 2, VirtualNetwork.RESPONSE, DATA, "b");
        drain();
        assertThat(arrivalOf("a")).isEqualTo(20 + 2 * 40 + 45 + 20);
        assertThat(arrivalOf("b")).isEqualTo(105 + 40 + 45 + 20);
        int link12 = net.topology().nextLink(1, 2);
        assertThat(net.statistics().linkQueueingCycles(link12)).isEqualTo(45);
        assertThat(net.linkFreeAt(link12)).isEqualTo(150);
    }

    @Test
    void disjointRoutesDoNotInterfere() {
        TorusNetwork net = network(16);
        net.send(0, 0, 1, VirtualNetwork.RESPONSE, DATA, "a");
        net.send(0, 1, 0, VirtualNetwork.RESPONSE, DATA, "b"); // opposite direction: another link
        net.send(0, 4, 5, VirtualNetwork.RESPONSE, DATA, "c");
        drain();
        assertThat(deliveries).extracting(Delivery::time).containsOnly(125L);
    }

    @Test
    void selfDeliveryUsesNoLinksAndArrivesAfterTheInterfaceLatency() {
        TorusNetwork net = network(4);
        net.send(10, 2, 2, VirtualNetwork.FORWARD, DATA, "self");
        net.send(10, 2, 2, VirtualNetwork.FORWARD, DATA, "self2");
        drain();
        assertThat(deliveries).containsExactly(
                new Delivery(50, 2, "self", VirtualNetwork.FORWARD),
                new Delivery(50, 2, "self2", VirtualNetwork.FORWARD));
        assertThat(net.statistics().toMap().get("links").toString()).doesNotContain("messages=1");
    }

    @Test
    void deliveryIsStrictlyLaterEvenWithZeroLatencies() {
        TorusNetwork net = network(1, TorusConfig.fdr1().withInterfaceLatencyCycles(0).withHopLatencyCycles(0));
        net.send(7, 0, 0, VirtualNetwork.REQUEST, CONTROL, "m");
        drain();
        assertThat(arrivalOf("m")).isEqualTo(8);
    }

    @Test
    void twoNodeRingHasOneLinkEachWay() {
        TorusNetwork net = network(2); // 2x1
        net.send(0, 0, 1, VirtualNetwork.RESPONSE, DATA, "a");
        net.send(0, 1, 0, VirtualNetwork.RESPONSE, DATA, "b");
        net.send(0, 0, 1, VirtualNetwork.RESPONSE, DATA, "c");
        drain();
        assertThat(arrivalOf("a")).isEqualTo(125);
        assertThat(arrivalOf("b")).isEqualTo(125);
        assertThat(arrivalOf("c")).isEqualTo(170);
    }

    @Test
    void sinksSeeMessageAndVnet() {
        TorusNetwork net = network(8);
        Object payload = new Object();
        for (VirtualNetwork v : VirtualNetwork.values()) {
            net.send(0, 7, 0, v, CONTROL, payload);
        }
        drain();
        assertThat(deliveries).extracting(Delivery::vnet).containsExactly(VirtualNetwork.values());
        assertThat(deliveries).allSatisfy(d -> {
            assertThat(d.message()).isSameAs(payload);
            assertThat(d.node()).isZero();
        });
    }

    @Test
    void sameSendsGiveSameArrivals() {
        assertThat(randomRun(7, 16)).isEqualTo(randomRun(7, 16));
        assertThat(randomRun(7, 16)).isNotEqualTo(randomRun(8, 16));
    }

    private List<Delivery> randomRun(long seed, int nodes) {
        EventQueue q = new EventQueue();
        List<Delivery> seen = new ArrayList<>();
        TorusNetwork net = new TorusNetwork(q, nodes);
        for (int n = 0; n < nodes; n++) {
            int node = n;
            net.attach(n, (now, m, v) -> seen.add(new Delivery(now, node, m, v)));
        }
        Random rnd = new Random(seed);
        long now = 0;
        for (int i = 0; i < 500; i++) {
            now += rnd.nextInt(10);
            q.runUntil(now);
            net.send(now, rnd.nextInt(nodes), rnd.nextInt(nodes), VirtualNetwork.values()[rnd.nextInt(3)],
                    rnd.nextBoolean() ? CONTROL : DATA, i);
        }
        while (q.step()) {
            // collect
        }
        return seen;
    }

    @Test
    void statisticsAddUp() {
        TorusNetwork net = network(16);
        net.send(0, 0, 5, VirtualNetwork.REQUEST, CONTROL, "r");      // 2 hops
        net.send(0, 0, 5, VirtualNetwork.RESPONSE, DATA, "d");        // 2 hops, queued behind "r"
        net.send(0, 3, 3, VirtualNetwork.FORWARD, CONTROL, "s");      // self
        net.send(0, 0, 10, VirtualNetwork.RESPONSE, DATA, "far");     // 4 hops
        drain();
        NetworkStatistics s = net.statistics();
        assertThat(s.messages()).isEqualTo(4);
        assertThat(s.bytes()).isEqualTo(8 + 72 + 8 + 72);
        assertThat(s.messages(VirtualNetwork.REQUEST)).isEqualTo(1);
        assertThat(s.messages(VirtualNetwork.FORWARD)).isEqualTo(1);
        assertThat(s.messages(VirtualNetwork.RESPONSE)).isEqualTo(2);
        assertThat(s.bytes(VirtualNetwork.RESPONSE)).isEqualTo(144);

        long linkMessages = 0;
        long linkBytes = 0;
        long busy = 0;
        long queued = 0;
        for (int l = 0; l < net.topology().linkSlots(); l++) {
            linkMessages += s.linkMessages(l);
            linkBytes += s.linkBytes(l);
            busy += s.linkBusyCycles(l);
            queued += s.linkQueueingCycles(l);
        }
        assertThat(linkMessages).isEqualTo(2 + 2 + 4);
        assertThat(linkBytes).isEqualTo(2 * 8 + 2 * 72 + 4 * 72);
        assertThat(busy).isEqualTo(2 * 5 + 2 * 45 + 4 * 45);
        assertThat(queued).isEqualTo(s.totalQueueingCycles()).isPositive();

        long latencySum = 0;
        long max = 0;
        for (Delivery d : deliveries) {
            latencySum += d.time();
            max = Math.max(max, d.time());
        }
        assertThat(s.totalLatencyCycles()).isEqualTo(latencySum);
        assertThat(s.maxLatencyCycles()).isEqualTo(max);
        assertThat(s.averageLatencyCycles()).isEqualTo(latencySum / 4.0);
    }

    @Test
    void statisticsMapIsOrderedAndComplete() {
        TorusNetwork net = network(4); // 2x2: 8 links
        net.send(0, 0, 1, VirtualNetwork.REQUEST, CONTROL, "r");
        drain();
        Map<String, Object> map = net.statistics().toMap(100);
        assertThat(map).containsKeys("topology", "messages", "bytes", "averageLatencyCycles",
                "maxLatencyCycles", "queueingCycles", "vnets", "links", "utilization");
        assertThat(map.keySet()).startsWith("topology", "messages", "bytes");
        assertThat(map.get("topology")).isEqualTo("2x2 torus");
        @SuppressWarnings("unchecked")
        Map<String, Object> vnets = (Map<String, Object>) map.get("vnets");
        assertThat(vnets.keySet()).containsExactly("REQUEST", "FORWARD", "RESPONSE");
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> links = (Map<String, Map<String, Object>>) map.get("links");
        assertThat(links).hasSize(8);
        assertThat(links.keySet()).first().isEqualTo("0->1 X+");
        assertThat(links.get("0->1 X+")).containsEntry("messages", 1L).containsEntry("bytes", 8L)
                .containsEntry("busyCycles", 5L).containsEntry("queueingCycles", 0L);
        @SuppressWarnings("unchecked")
        Map<String, Object> util = (Map<String, Object>) map.get("utilization");
        assertThat(util).containsEntry("max", 0.05).containsEntry("busiestLink", "0->1 X+");
    }

    @Test
    void utilizationOverASpan() {
        TorusNetwork net = network(4); // 2x2: 8 physical links
        net.send(0, 0, 1, VirtualNetwork.RESPONSE, DATA, "a");
        net.send(0, 0, 1, VirtualNetwork.RESPONSE, DATA, "b");
        net.send(0, 2, 0, VirtualNetwork.RESPONSE, DATA, "c");
        drain();
        LinkUtilization u = net.statistics().utilization(900);
        assertThat(u.max()).isEqualTo(0.1);
        assertThat(u.busiestLink()).isEqualTo("0->1 X+");
        assertThat(u.mean()).isCloseTo(135.0 / 900 / 8, offset(1e-12));
        net.statistics().reset();
        assertThat(net.statistics().utilization(900).max()).isZero();
        assertThat(net.statistics().messages()).isZero();
    }

    @Test
    void badArgumentsAreRejectedWithClearMessages() {
        TorusNetwork net = new TorusNetwork(queue, 4);
        net.attach(0, (now, m, v) -> { });
        assertThatThrownBy(() -> net.attach(0, (now, m, v) -> { }))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("node 0 already");
        assertThatThrownBy(() -> net.attach(4, (now, m, v) -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("node must be in 0..3, got 4");
        assertThatThrownBy(() -> net.send(0, 0, 1, VirtualNetwork.REQUEST, CONTROL, "x"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("node 1 has no sink");
        assertThatThrownBy(() -> net.send(0, -1, 0, VirtualNetwork.REQUEST, CONTROL, "x"))
                .hasMessageContaining("src must be in 0..3, got -1");
        assertThatThrownBy(() -> net.send(0, 0, 0, VirtualNetwork.REQUEST, 0, "x"))
                .hasMessageContaining("sizeBytes must be > 0");
        assertThatThrownBy(() -> new TorusNetwork(queue, 6, TorusConfig.fdr1().withDimensions(2, 2)))
                .hasMessageContaining("node count 6");
        assertThat(net.nodes()).isEqualTo(4);
    }
}
