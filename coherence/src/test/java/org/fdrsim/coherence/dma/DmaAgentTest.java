package org.fdrsim.coherence.dma;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fdrsim.coherence.CoherenceConfig;
import org.fdrsim.coherence.CoherenceListener;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.coherence.network.FixedLatencyNetwork;
import org.fdrsim.coherence.network.TorusNetwork;
import org.fdrsim.coherence.protocol.DirectoryState;
import org.fdrsim.coherence.protocol.DmaEvent;
import org.fdrsim.coherence.protocol.DmaState;
import org.fdrsim.coherence.protocol.ProtocolTable;
import org.fdrsim.cpu.core.MemoryPort;
import org.fdrsim.cpu.sim.EventQueue;
import org.fdrsim.cpu.sim.SimRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DmaAgentTest {
    private final EventQueue queue = new EventQueue();
    private final MemorySystem mem = new MemorySystem(CoherenceConfig.fdr1(), queue, new TorusNetwork(queue, 4));
    private final boolean[] done = new boolean[1];

    DmaAgentTest() {
        for (int c = 0; c < 4; c++) {
            mem.cache(c).setMissCompletion((cpu, now) -> done[0] = true);
        }
    }

    private void access(int cpu, long a, boolean write, long value) {
        done[0] = false;
        if (mem.cache(cpu).acquire(a, write, 0, queue.now()) == MemoryPort.MISS) {
            while (!done[0]) {
                queue.step();
            }
            assertThat(mem.cache(cpu).acquire(a, write, 0, queue.now())).isNotEqualTo(MemoryPort.MISS);
        }
        if (write) {
            mem.cache(cpu).storeWord(a, value);
        }
    }

    private long load(int cpu, long a) {
        access(cpu, a, false, 0);
        return mem.cache(cpu).loadWord(a);
    }

    private final DmaClient quiet = (now, engine, block) -> {};

    private void dmaWrite(DmaAgent engine, long block, long[] data) {
        engine.write(queue.now(), block, data, quiet);
        while (engine.busy()) {
            assertThat(queue.step()).as("engine finishes").isTrue();
        }
    }

    private long[] dmaRead(DmaAgent engine, long block) {
        long[] got = new long[8];
        engine.read(queue.now(), block, new DmaClient() {
            @Override
            public void committed(long now, DmaAgent e, long b, long ic, long[] data, boolean write) {
                System.arraycopy(data, 0, got, 0, 8);
            }

            @Override
            public void finished(long now, DmaAgent e, long b) {}
        });
        while (engine.busy()) {
            assertThat(queue.step()).isTrue();
        }
        return got;
    }

    private static long[] block(long base) {
        long[] d = new long[8];
        for (int i = 0; i < 8; i++) {
            d[i] = base + i;
        }
        return d;
    }

    @Test
    void aDmaWriteInvalidatesSharersAndTheOwnerAndProcessorsSeeTheNewData() {
        DmaAgent engine = mem.addDmaEngine(0);
        assertThat(engine.id()).isEqualTo(4);
        long shared = 0x2000;
        long owned = 0x2040;
        assertThat(load(1, shared)).isZero();
        assertThat(load(2, shared)).isZero();
        access(3, owned, true, 77);
        dmaWrite(engine, shared, block(100));
        dmaWrite(engine, owned, block(200));
        assertThat(engine.instructionCount()).isEqualTo(2);
        // The cached copies are gone: the next loads miss and see the DMA data.
        assertThat(load(1, shared + 8)).isEqualTo(101);
        assertThat(load(2, shared)).isEqualTo(100);
        assertThat(load(3, owned)).isEqualTo(200);
        // Cache 3 missed once for its own store, and lost the owned block to the engine's GetM.
        Map<String, Object> stats = mem.cache(3).stats().toMap();
        assertThat(((Map<?, ?>) stats.get("misses")).get("getM")).isEqualTo(1L);
        assertThat(((Map<?, ?>) stats.get("incoming")).get("fwdGetM")).isEqualTo(1L);
    }

    @Test
    void theDirectoryRemembersTheEngineAsLastOwnerAndAsksItForItsIc() {
        DmaAgent engine = mem.addDmaEngine(2);
        List<String> calls = new ArrayList<>();
        mem.addListener(new CoherenceListener() {
            @Override
            public long dmaLastOwnerReplySending(long now, int home, int eng, long engineIc, int requester,
                    long block) {
                calls.add("engine " + eng + " ic " + engineIc + " -> cpu " + requester);
                return 4242;
            }

            @Override
            public void replyReceived(long now, int receiver, int sender, Agent agent, long block, ReplyKind kind,
                    long piggyback) {
                calls.add("cpu " + receiver + " got " + piggyback);
            }
        });
        long b = 0x3000;
        dmaWrite(engine, b, block(5));
        assertThat(mem.directory(mem.home(b)).state(b)).isEqualTo(DirectoryState.I);
        assertThat(mem.directory(mem.home(b)).owner(b)).isEqualTo(engine.id());
        assertThat(load(0, b)).isEqualTo(5);
        assertThat(calls).containsExactly("engine 4 ic 1 -> cpu 0", "cpu 0 got 4242");
    }

    @Test
    void ackIcsReachTheEngineAndAReadGetsTheOwnersDirtyCopy() {
        DmaAgent engine = mem.addDmaEngine(0);
        List<String> acks = new ArrayList<>();
        mem.addListener(new CoherenceListener() {
            @Override
            public long replySending(long now, int sender, Agent agent, int requester, long block, ReplyKind kind) {
                return agent == Agent.CACHE ? 1000 + sender : 0;
            }

            @Override
            public void dmaReplyReceived(long now, int eng, long engineIc, int sender, Agent agent, long block,
                    ReplyKind kind, long piggyback) {
                acks.add(kind + " from " + sender + " carried " + piggyback);
            }
        });
        long b = 0x4000;
        access(2, b, true, 9); // cpu 2 owns it dirty: memory is stale
        assertThat(dmaRead(engine, b)[0]).isEqualTo(9);
        load(1, b);
        load(3, b);
        dmaWrite(engine, b, block(50));
        assertThat(acks).contains("DATA from 2 carried 1002");
        assertThat(acks.stream().filter(s -> s.startsWith("INV_ACK")).count()).isGreaterThanOrEqualTo(2);
        assertThat(load(2, b)).isEqualTo(50);
    }

    @Test
    void theTableDocumentsTheEngine() {
        assertThat(ProtocolTable.toMarkdown()).contains("## DMA engine", "sendGetM / W_AD");
        assertThat(ProtocolTable.DMA.get(DmaState.WB_A, DmaEvent.FWD_GETM).next()).isEqualTo(DmaState.WB_II_A);
    }

    /**
     * Processors and two engines race on a few blocks over a reordering network; every
     * committed load and DMA read is checked against a shadow memory updated in commit order.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void randomMixOfProcessorAndDmaAccessesStaysCoherent(long seed) {
        int scale = Integer.getInteger("fdrsim.test.scale", 1);
        EventQueue q = new EventQueue();
        CoherenceConfig cc = CoherenceConfig.fdr1().withDirectoryCycles(2).withMemoryCycles(20, 0);
        MemorySystem m = new MemorySystem(cc, q,
                new FixedLatencyNetwork(q, 4, 4, 30, SimRandom.forComponent(seed, "network")));
        DmaAgent[] engines = {m.addDmaEngine(0), m.addDmaEngine(3)};
        SimRandom r = SimRandom.forComponent(seed, "mix");
        long[] shadow = new long[4 * 8];
        long[] counter = {1};
        int[] failures = {0};
        int[] pending = {0};
        int[] cpuBusy = new int[4];
        long[] cpuAddr = new long[4];
        boolean[] cpuWrite = new boolean[4];
        for (int c = 0; c < 4; c++) {
            int cpu = c;
            m.cache(c).setMissCompletion((x, now) -> {
                commitCpu(m, cpu, cpuAddr[cpu], cpuWrite[cpu], shadow, counter, failures);
                cpuBusy[cpu] = 0;
                pending[0]--;
            });
        }
        int ops = 400 * scale;
        for (int i = 0; i < ops; i++) {
            int who = r.nextInt(6);
            long block = 0x8000 + 64L * r.nextInt(4);
            if (who < 4) {
                if (cpuBusy[who] != 0) {
                    continue;
                }
                long a = block + 8L * r.nextInt(8);
                boolean write = r.nextBoolean();
                if (m.cache(who).acquire(a, write, 0, q.now()) == MemoryPort.MISS) {
                    cpuBusy[who] = 1;
                    cpuAddr[who] = a;
                    cpuWrite[who] = write;
                    pending[0]++;
                } else {
                    commitCpu(m, who, a, write, shadow, counter, failures);
                }
            } else {
                DmaAgent e = engines[who - 4];
                if (e.busy()) {
                    continue;
                }
                boolean write = r.nextBoolean();
                int slot = (int) ((block - 0x8000) / 64);
                if (write) {
                    long[] data = new long[8];
                    for (int w = 0; w < 8; w++) {
                        data[w] = counter[0]++;
                    }
                    e.write(q.now(), block, data, new DmaClient() {
                        @Override
                        public void committed(long now, DmaAgent en, long b, long ic, long[] d, boolean wr) {
                            System.arraycopy(d, 0, shadow, slot * 8, 8);
                        }

                        @Override
                        public void finished(long now, DmaAgent en, long b) {}
                    });
                } else {
                    e.read(q.now(), block, new DmaClient() {
                        @Override
                        public void committed(long now, DmaAgent en, long b, long ic, long[] d, boolean wr) {
                            for (int w = 0; w < 8; w++) {
                                if (d[w] != shadow[slot * 8 + w]) {
                                    failures[0]++;
                                }
                            }
                        }

                        @Override
                        public void finished(long now, DmaAgent en, long b) {}
                    });
                }
            }
            for (int k = r.nextInt(4); k > 0 && q.step(); k--) {
                // let some events happen between issues
            }
        }
        while (q.step()) {
            // drain
        }
        assertThat(pending[0]).as("every miss completed").isZero();
        assertThat(m.quiescent()).isTrue();
        assertThat(failures[0]).as("seed %d", seed).isZero();
        assertThat(engines[0].instructionCount() + engines[1].instructionCount()).isPositive();
        for (int s = 0; s < 4; s++) {
            for (int w = 0; w < 8; w++) {
                assertThat(m.coherentWord(0x8000 + 64L * s + 8 * w)).isEqualTo(shadow[s * 8 + w]);
            }
        }
    }

    private static void commitCpu(MemorySystem m, int cpu, long a, boolean write, long[] shadow, long[] counter,
            int[] failures) {
        if (m.cache(cpu).acquire(a, write, 0, 0) == MemoryPort.MISS) {
            failures[0]++;
            return;
        }
        int i = (int) ((a - 0x8000) / 8);
        if (write) {
            long v = counter[0]++;
            m.cache(cpu).storeWord(a, v);
            shadow[i] = v;
        } else if (m.cache(cpu).loadWord(a) != shadow[i]) {
            failures[0]++;
        }
    }
}
