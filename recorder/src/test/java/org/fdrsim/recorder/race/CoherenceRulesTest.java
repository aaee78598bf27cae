package org.fdrsim.recorder.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.coherence.CoherenceConfig;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.coherence.cache.CacheGeometry;
import org.fdrsim.coherence.network.FixedLatencyNetwork;
import org.fdrsim.cpu.core.MemoryPort;
import org.fdrsim.cpu.sim.EventQueue;
import org.fdrsim.recorder.policy.FdrPolicy;
import org.junit.jupiter.api.Test;

/**
 * Section 4.3's rules through the real MOSI memory system: two processors driven by hand
 * (IC per processor, one access at a time, blocking on misses), direct-mapped 16-frame L2s so
 * that block A and A + 0x400 evict each other.
 */
class CoherenceRulesTest {
    private static final long A = 0x10000;
    private static final long CONFLICT = A + 16 * 64;

    private final EventQueue queue = new EventQueue();
    private final MemorySystem mem = new MemorySystem(
            CoherenceConfig.fdr1().withCaches(new CacheGeometry(1024, 1, 0), new CacheGeometry(1024, 1, 12))
                    .withMemoryBytesPerNode(1 << 20),
            queue, new FixedLatencyNetwork(queue, 2, 10));
    private final long[] ic = new long[2];
    private final List<List<RaceEntry>> logs = List.of(new ArrayList<>(), new ArrayList<>());
    private final boolean[] done = new boolean[1];
    private final CicArray[] cics = {CicArray.attach(mem.cache(0)), CicArray.attach(mem.cache(1))};

    CoherenceRulesTest() {
        AgentView view = new AgentView() {
            @Override
            public long ic(int cpu) {
                return ic[cpu];
            }

            @Override
            public long lastAccessIc(int cpu, long block) {
                return cics[cpu].lastAccessIc(block);
            }
        };
        RaceRecorder rec = new RaceRecorder(view, false, new FdrPolicy(2));
        for (int c = 0; c < 2; c++) {
            int cpu = c;
            mem.cache(c).setMissCompletion((x, now) -> done[0] = true);
            rec.setSink(c, (now, b, off, len) -> {
                logs.get(cpu).add(RaceEntry.decode(b, off));
                return now;
            });
        }
        mem.addListener(rec);
    }

    /** Processor {@code cpu} commits its next instruction, an access (blocking on a miss). */
    private void access(int cpu, long address, boolean write) {
        long next = ic[cpu] + 1;
        if (mem.cache(cpu).acquire(address, write, next, queue.now()) == MemoryPort.MISS) {
            done[0] = false;
            while (!done[0]) {
                queue.step();
            }
            assertThat(mem.cache(cpu).acquire(address, write, next, queue.now())).isNotEqualTo(MemoryPort.MISS);
        }
        ic[cpu] = next;
        drain();
    }

    private void drain() {
        while (queue.step()) {
            // let writebacks and acks finish
        }
    }

    @Test
    void onCommitTheFrameRemembersTheAccessIc() {
        access(0, A, false);
        ic[0] = 41;
        access(0, A + 8, true);
        assertThat(cics[0].lastAccessIc(A)).isEqualTo(42);
    }

    @Test
    void aForwardedReplyCarriesTheOwnersCicNotItsLaterIc() {
        access(0, A, true); // 0:1 stores A
        ic[0] = 50; // ... and runs on
        access(1, A, false); // Fwd-GetS: the data reply carries CIC[A] = 1
        assertThat(logs.get(1)).containsExactly(new RaceEntry(0, 1, 1));
    }

    @Test
    void aSilentlyReplacedSharedBlockIsAckedWithTheCurrentIc() {
        access(1, A, false); // 1:1 loads A (S)
        ic[1] = 9;
        access(1, CONFLICT, false); // 1:10 evicts A silently; the directory still lists cpu 1
        assertThat(cics[1].lastAccessIc(A)).isEqualTo(-1);
        access(0, A, true); // GetM: Inv to cpu 1, which acks with IC 10 (send observation)
        assertThat(logs.get(0)).containsExactly(new RaceEntry(1, 10, 1));
    }

    @Test
    void aSharerThatStillHoldsTheBlockAcksWithItsCic() {
        access(1, A, false); // 1:1
        ic[1] = 30;
        access(0, A, true);
        assertThat(logs.get(0)).containsExactly(new RaceEntry(1, 1, 1));
    }

    @Test
    void aWrittenBackBlockIsOrderedThroughTheLastOwnersCurrentIc() {
        access(0, A, true); // 0:1 stores A (M)
        ic[0] = 5;
        access(0, CONFLICT, false); // 0:6 evicts A: PutM, the directory remembers cpu 0
        ic[0] = 20;
        access(1, A, false); // data from memory; the directory asks cpu 0 for its IC: 20
        assertThat(logs.get(1)).containsExactly(new RaceEntry(0, 20, 1));
    }

    @Test
    void transitiveReductionAcrossTwoBlocks() {
        access(0, A, true); // 0:1
        access(0, A + 64, true); // 0:2
        access(1, A + 64, false); // arc 0:2 -> 1:1
        access(1, A, false); // arc 0:1 -> 1:2 is implied (1 <= VIC[0] = 2)
        assertThat(logs.get(1)).containsExactly(new RaceEntry(0, 2, 1));
    }
}
