package org.fdrsim.coherence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.coherence.network.TorusNetwork;
import org.fdrsim.cpu.core.MemoryPort;
import org.fdrsim.cpu.sim.EventQueue;
import org.junit.jupiter.api.Test;

class ListenerTest {
    /** Replays a fixed access script on a fresh FDR1 machine and returns the finish time and stats. */
    private static Object[] runScript(CoherenceListener listener, CoherenceConfig config) {
        EventQueue queue = new EventQueue();
        MemorySystem mem = new MemorySystem(config, queue, new TorusNetwork(queue, 4));
        if (listener != null) {
            mem.addListener(listener);
        }
        boolean[] done = new boolean[1];
        for (int c = 0; c < 4; c++) {
            mem.cache(c).setMissCompletion((cpu, now) -> done[0] = true);
        }
        long[] addresses = {0x1000, 0x1040, 0x1000, 0x1080, 0x1000, 0x1040};
        for (int i = 0; i < 24; i++) {
            int cpu = i % 4;
            long a = addresses[i % addresses.length];
            boolean write = i % 3 == 0;
            done[0] = false;
            if (mem.cache(cpu).acquire(a, write, i, 0) == MemoryPort.MISS) {
                while (!done[0]) {
                    queue.step();
                }
                assertThat(mem.cache(cpu).acquire(a, write, i, 0)).isNotEqualTo(MemoryPort.MISS);
            }
            if (write) {
                mem.cache(cpu).storeWord(a, i);
            }
        }
        while (!queue.isEmpty()) {
            queue.step();
        }
        return new Object[] {queue.now(), mem.stats().toString()};
    }

    @Test
    void aNoOpListenerChangesNothing() {
        Object[] without = runScript(null, CoherenceConfig.fdr1());
        Object[] with = runScript(new CoherenceListener() {}, CoherenceConfig.fdr1());
        assertThat(with).containsExactly(without);
    }

    @Test
    void piggybacksTravelFromSenderToReceiverAndRepliesGrow() {
        List<String> log = new ArrayList<>();
        CoherenceListener recorder = new CoherenceListener() {
            @Override
            public long replySending(long now, int sender, Agent agent, int requester, long block, ReplyKind kind) {
                return agent == Agent.CACHE ? 1000 + sender : 0;
            }

            @Override
            public void replyReceived(long now, int receiver, int sender, Agent agent, long block, ReplyKind kind,
                    long piggyback) {
                if (agent == Agent.CACHE) {
                    log.add(kind + " " + sender + "->" + receiver + " carried " + piggyback);
                }
            }
        };
        Object[] plain = runScript(null, CoherenceConfig.fdr1());
        Object[] fdr = runScript(recorder, CoherenceConfig.fdr1().withReplyExtraBytes(8));
        assertThat(log).isNotEmpty();
        for (String line : log) {
            String sender = line.substring(line.indexOf(' ') + 1, line.indexOf("->"));
            assertThat(line).endsWith("carried " + (1000 + Integer.parseInt(sender)));
        }
        // Bigger replies: the same script moves more bytes (and may take longer, never shorter).
        assertThat((long) fdr[0]).isGreaterThanOrEqualTo((long) plain[0]);
        assertThat(fdr[1]).isNotEqualTo(plain[1]);
    }
}
