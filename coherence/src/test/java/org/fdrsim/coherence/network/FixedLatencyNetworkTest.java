package org.fdrsim.coherence.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.sim.EventQueue;
import org.fdrsim.cpu.sim.SimRandom;
import org.junit.jupiter.api.Test;

class FixedLatencyNetworkTest {

    @Test
    void deliversAfterTheFixedLatency() {
        EventQueue queue = new EventQueue();
        FixedLatencyNetwork net = new FixedLatencyNetwork(queue, 2, 100);
        List<String> seen = new ArrayList<>();
        net.attach(0, (now, m, v) -> seen.add(now + " " + m + " " + v));
        net.attach(1, (now, m, v) -> seen.add(now + " " + m + " " + v));
        net.send(5, 0, 1, VirtualNetwork.REQUEST, 8, "a");
        net.send(5, 1, 1, VirtualNetwork.RESPONSE, 72, "b");
        while (queue.step()) {
            // collect
        }
        assertThat(seen).containsExactly("105 a REQUEST", "105 b RESPONSE");
        assertThat(net.messages()).isEqualTo(2);
    }

    @Test
    void jitterReordersDeterministically() {
        List<Integer> first = run(11);
        assertThat(first).hasSize(200).isNotEqualTo(first.stream().sorted().toList());
        assertThat(run(11)).isEqualTo(first);
    }

    private static List<Integer> run(long seed) {
        EventQueue queue = new EventQueue();
        FixedLatencyNetwork net = new FixedLatencyNetwork(queue, 2, 10, 50, SimRandom.forComponent(seed, "net"));
        List<Integer> order = new ArrayList<>();
        net.attach(1, (now, m, v) -> {
            assertThat(now).isBetween(10L, 60L);
            order.add((Integer) m);
        });
        net.attach(0, (now, m, v) -> { });
        for (int i = 0; i < 200; i++) {
            net.send(0, 0, 1, VirtualNetwork.RESPONSE, 8, i);
        }
        while (queue.step()) {
            // collect
        }
        return order;
    }

    @Test
    void validation() {
        EventQueue q = new EventQueue();
        assertThatThrownBy(() -> new FixedLatencyNetwork(q, 2, 0)).hasMessageContaining("latency must be >= 1");
        assertThatThrownBy(() -> new FixedLatencyNetwork(q, 0, 1)).hasMessageContaining("nodes must be >= 1");
        assertThatThrownBy(() -> new FixedLatencyNetwork(q, 2, 1, 5, null)).hasMessageContaining("random");
    }
}
