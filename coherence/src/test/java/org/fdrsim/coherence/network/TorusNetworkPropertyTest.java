package org.fdrsim.coherence.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.Random;
import org.fdrsim.cpu.sim.EventQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Seeded random traffic: invariants that must hold for any send sequence. */
class TorusNetworkPropertyTest {
    private static final int SCALE = Integer.getInteger("fdrsim.test.scale", 1);
    private static final VirtualNetwork[] VNETS = VirtualNetwork.values();

    /** One sent message and what the test expects of it. */
    static final class Sent {
        final int id;
        final long sentAt;
        final int dst;
        final VirtualNetwork vnet;
        final long minArrival;
        long arrivedAt = -1;
        int deliveries;

        Sent(int id, long sentAt, int dst, VirtualNetwork vnet, long minArrival) {
            this.id = id;
            this.sentAt = sentAt;
            this.dst = dst;
            this.vnet = vnet;
            this.minArrival = minArrival;
        }
    }

    @ParameterizedTest(name = "{0} nodes, seed {1}, hop {2}, interface {3}, {4} B/cycle, mean gap {5}")
    @CsvSource({
            "16, 1, 40, 20, 1.6, 10",
            "16, 2, 40, 20, 1.6, 1",   // heavily loaded
            "8, 3, 40, 20, 1.6, 5",
            "9, 4, 7, 3, 0.5, 20",     // odd rings
            "2, 5, 40, 20, 1.6, 2",
            "1, 6, 0, 0, 3.0, 2",      // self only, zero latencies
            "12, 7, 1, 0, 16.0, 3"})
    void everyMessageArrivesOnceAndNoEarlierThanUncontended(
            int nodes, long seed, int hop, int iface, double bytesPerCycle, int meanGap) {
        TorusConfig config = TorusConfig.fdr1().withHopLatencyCycles(hop).withInterfaceLatencyCycles(iface)
                .withLinkBytesPerCycle(bytesPerCycle);
        EventQueue queue = new EventQueue();
        TorusNetwork net = new TorusNetwork(queue, nodes, config);
        int count = 5_000 * SCALE;
        Sent[] sent = new Sent[count];
        for (int n = 0; n < nodes; n++) {
            int node = n;
            net.attach(n, (now, message, vnet) -> {
                Sent s = (Sent) message;
                s.deliveries++;
                s.arrivedAt = now;
                assertThat(node).isEqualTo(s.dst);
                assertThat(vnet).isEqualTo(s.vnet);
            });
        }
        Random rnd = new Random(seed);
        long now = 0;
        long hopSum = 0;
        long byteHops = 0;
        for (int i = 0; i < count; i++) {
            now += rnd.nextInt(2 * meanGap + 1);
            queue.runUntil(now); // deliveries due by now happen before the next send, as in a run
            int src = rnd.nextInt(nodes);
            int dst = rnd.nextInt(nodes);
            int size = rnd.nextInt(4) == 0 ? 72 : rnd.nextInt(8) == 0 ? 1 + rnd.nextInt(200) : 8;
            VirtualNetwork vnet = VNETS[rnd.nextInt(VNETS.length)];
            sent[i] = new Sent(i, now, dst, vnet, now + net.uncontendedLatency(src, dst, size));
            net.send(now, src, dst, vnet, size, sent[i]);
            hopSum += net.hops(src, dst);
            byteHops += (long) size * net.hops(src, dst);
        }
        while (queue.step()) {
            // drain
        }
        for (Sent s : sent) {
            assertThat(s.deliveries).as("deliveries of message %d", s.id).isEqualTo(1);
            assertThat(s.arrivedAt).as("arrival of message %d", s.id).isGreaterThanOrEqualTo(s.minArrival)
                    .isGreaterThan(s.sentAt);
        }

        NetworkStatistics stats = net.statistics();
        assertThat(stats.messages()).isEqualTo(count);
        long linkMessages = 0;
        long linkBytes = 0;
        for (int l = 0; l < net.topology().linkSlots(); l++) {
            linkMessages += stats.linkMessages(l);
            linkBytes += stats.linkBytes(l);
            // reservations on a link never overlap, so its busy time fits before it is next free
            assertThat(net.linkFreeAt(l)).isGreaterThanOrEqualTo(stats.linkBusyCycles(l));
            if (!net.topology().linkExists(l)) {
                assertThat(stats.linkMessages(l)).isZero();
            }
        }
        assertThat(linkMessages).isEqualTo(hopSum);
        assertThat(linkBytes).isEqualTo(byteHops);
        long latencySum = 0;
        for (Sent s : sent) {
            latencySum += s.arrivedAt - s.sentAt;
        }
        assertThat(stats.totalLatencyCycles()).isEqualTo(latencySum);
    }

    @Test
    void sendAndDeliverAllocateNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(mx.isThreadAllocatedMemorySupported() && mx.isThreadAllocatedMemoryEnabled());
        EventQueue queue = new EventQueue();
        TorusNetwork net = new TorusNetwork(queue, 16);
        long[] received = new long[1];
        for (int n = 0; n < 16; n++) {
            net.attach(n, (now, message, vnet) -> received[0]++);
        }
        Object message = new Object();
        long[] clock = {0};
        Runnable burst = () -> {
            clock[0] = queue.now(); // the previous burst drained the queue past its last send
            for (int i = 0; i < 20_000; i++) {
                clock[0] += 3;
                queue.runUntil(clock[0]);
                net.send(clock[0], i & 15, (i * 7) & 15, VNETS[i % 3], (i & 3) == 0 ? 72 : 8, message);
            }
            while (queue.step()) {
                // drain
            }
        };
        burst.run(); // warm up: grow the event queue, compile
        long thread = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(thread);
        burst.run();
        long allocated = mx.getThreadAllocatedBytes(thread) - before;
        assertThat(received[0]).isEqualTo(40_000);
        assertThat(allocated).as("bytes allocated by 20,000 sends and deliveries").isLessThan(20_000);
    }
}
