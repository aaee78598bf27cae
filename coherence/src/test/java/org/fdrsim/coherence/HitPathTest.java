package org.fdrsim.coherence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.coherence.cache.CacheController;
import org.fdrsim.coherence.cache.FrameObserver;
import org.fdrsim.coherence.protocol.CacheAction;
import org.fdrsim.coherence.protocol.CacheEvent;
import org.fdrsim.coherence.protocol.CacheState;
import org.fdrsim.coherence.protocol.MessageType;
import org.fdrsim.coherence.protocol.ProtocolTable;
import org.fdrsim.coherence.protocol.Transition;
import org.fdrsim.cpu.core.MemoryPort;
import org.junit.jupiter.api.Test;

/**
 * The cache controller serves hits on a fast path that skips the table interpreter. For every
 * processor cell of {@link ProtocolTable#CACHE} that cpu 0 can be asked while its core is
 * not blocked (every hit cell, and the misses from the stable states), this drives a real
 * access and checks that what happens is what the cell's actions and next state say: the
 * state, the data, the messages sent, the listener's coherence events and the frame
 * observer's events. The expected effects come from a model of each action, so a fast path
 * that changed a state, sent or reported something, skipped the L1 fill or the frame
 * observer, or served a cell that is not a hit fails here.
 */
class HitPathTest {
    private static final long A = 0x1000; // home 0 on two nodes
    private static final long OTHER = 0x1040; // the L2's other way; it takes the L1's only frame
    private static final long ADDRESS = A + 16; // word 2
    private static final long IC = 77;
    private static final long STORED = 0xabcdefL;

    @Test
    void everyProcessorCellDoesWhatTheTableSays() {
        List<String> hitCells = new ArrayList<>();
        List<String> driven = new ArrayList<>();
        for (CacheState state : CacheState.values()) {
            for (CacheEvent event : List.of(CacheEvent.LOAD, CacheEvent.STORE)) {
                Transition<CacheState, CacheAction> t = ProtocolTable.CACHE.get(state, event);
                if (t.isHit()) {
                    hitCells.add(state + " x " + event);
                }
                ScriptedRig rig = reach(state);
                if (rig == null || (!t.isHit() && rig.mem.cache(0).missOutstanding())) {
                    // A blocking core asks nothing else while its miss is outstanding.
                    assertThat(t.isHit()).as("no script reaches hit cell %s x %s", state, event).isFalse();
                    continue;
                }
                drive(rig, state, event, t);
                driven.add(state + " x " + event);
            }
        }
        assertThat(driven).containsAll(hitCells);
        assertThat(hitCells).hasSize(8); // S, O, M loads; M stores; loads in the four upgrade states
    }

    /** One access of cpu 0 in {@code state}, checked against the effects of transition {@code t}. */
    private static void drive(ScriptedRig rig, CacheState state, CacheEvent event,
            Transition<CacheState, CacheAction> t) {
        String cell = state + " x " + event;
        CacheController cache = rig.mem.cache(0);
        boolean write = event == CacheEvent.STORE;
        if (t.isHit() && !cache.missOutstanding()) {
            rig.load(0, OTHER); // A stays in the L2 only: the hit must fill the L1
            assertThat(cache.inL1(A)).as(cell).isFalse();
        }
        Events events = new Events();
        rig.mem.addListener(events);
        cache.observeFrames(events);
        long[] before = state == CacheState.I ? null : words(cache);
        int inFlight = rig.net.inFlightCount();
        long hits = cache.stats().hits();
        long covered = rig.mem.cacheCoverage().count(state, event);

        int latency = cache.acquire(ADDRESS, write, IC, rig.queue.now());

        // What the table's actions say should have happened, in order.
        List<String> expectedEvents = new ArrayList<>();
        List<MessageType> expectedMessages = new ArrayList<>();
        boolean hit = false;
        for (CacheAction a : t.actions()) {
            switch (a) {
                case HIT -> {
                    hit = true;
                    int frame = cache.l2Frame(A);
                    expectedEvents.add("accessed frame " + frame + " by ic " + IC);
                    if (write) {
                        expectedEvents.add("storing 0x1000 in frame " + frame + ": " + Arrays.toString(before));
                    }
                }
                case ALLOCATE -> expectedEvents.add("allocated 0x1000 in frame " + cache.l2Frame(A));
                case SEND_GETS -> expectedMessages.add(MessageType.GETS);
                case SEND_GETM -> expectedMessages.add(MessageType.GETM);
                default -> fail("%s: no model of action %s for a processor access", cell, a);
            }
        }
        assertThat(cache.state(A)).as(cell).isEqualTo(t.next());
        assertThat(events.log).as(cell).containsExactlyElementsOf(expectedEvents);
        assertThat(rig.net.inFlightCount() - inFlight).as(cell).isEqualTo(expectedMessages.size());
        for (MessageType type : expectedMessages) {
            assertThat(rig.net.has(type, rig.mem.home(A))).as(cell + " sent " + type).isTrue();
        }
        assertThat(rig.mem.cacheCoverage().count(state, event)).as(cell).isEqualTo(covered + 1);
        if (!hit) {
            assertThat(latency).as(cell).isEqualTo(MemoryPort.MISS);
            assertThat(cache.stats().hits()).as(cell).isEqualTo(hits);
            return;
        }
        assertThat(latency).as(cell).isNotEqualTo(MemoryPort.MISS);
        assertThat(cache.stats().hits()).as(cell).isEqualTo(hits + 1);
        assertThat(cache.inL1(A)).as(cell + ": the hit fills the L1").isTrue();
        assertThat(cache.loadWord(ADDRESS)).as(cell).isEqualTo(before[2]);
        assertThat(words(cache)).as(cell + ": an access changes no data").containsExactly(before);
        if (write) {
            cache.storeWord(ADDRESS, STORED);
            long[] after = before.clone();
            after[2] = STORED;
            assertThat(words(cache)).as(cell + ": the store writes its word only").containsExactly(after);
        }
        assertThat(events.log).as(cell + ": loads and stores report nothing more").hasSize(expectedEvents.size());
    }

    /**
     * A two-node rig (two L2 frames per cache) in which cpu 0 holds {@code A} in {@code state}
     * (the upgrade states with their miss outstanding), block A's word 2 holding a value stored
     * by someone; null if no script here reaches the state.
     */
    private static ScriptedRig reach(CacheState state) {
        ScriptedRig rig = new ScriptedRig(2, 2);
        switch (state) {
            case I -> { }
            case S -> shareFromMemory(rig);
            case M -> rig.add(0, ADDRESS, 5);
            case O -> toOwned(rig);
            case SM_AD -> {
                shareFromMemory(rig);
                assertThat(rig.start(0, ADDRESS, true, 1)).isFalse();
            }
            case SM_A -> {
                shareFromMemory(rig);
                assertThat(rig.start(0, ADDRESS, true, 1)).isFalse();
                rig.net.deliver(MessageType.GETM, 0);
                rig.net.deliver(MessageType.DATA, 0); // the Inv to cpu 1 is still out: acks pending
            }
            case OM_AC -> {
                toOwned(rig);
                assertThat(rig.start(0, ADDRESS, true, 1)).isFalse();
            }
            case OM_A -> {
                toOwned(rig);
                assertThat(rig.start(0, ADDRESS, true, 1)).isFalse();
                rig.net.deliver(MessageType.GETM, 0);
                rig.net.deliver(MessageType.ACK_COUNT, 0); // the Inv to cpu 1 is still out
            }
            default -> {
                return null;
            }
        }
        assertThat(rig.state(0, A)).as("script for %s", state).isEqualTo(state);
        return rig;
    }

    /** Both cpus read A from memory: both share it, the directory's S lists both. */
    private static void shareFromMemory(ScriptedRig rig) {
        rig.mem.memory().storeWord(ADDRESS, 5);
        rig.load(1, A);
        rig.load(0, A);
    }

    /** cpu 0 stores, cpu 1 reads: cpu 0 owns A in O, cpu 1 shares it. */
    private static void toOwned(ScriptedRig rig) {
        rig.add(0, ADDRESS, 5);
        rig.load(1, A);
    }

    private static long[] words(CacheController cache) {
        long[] w = new long[8];
        for (int i = 0; i < 8; i++) {
            w[i] = cache.peekWord(A + 8L * i);
        }
        return w;
    }

    /** Every coherence event and frame-observer call, one line each, in order. */
    private static final class Events implements CoherenceListener, FrameObserver {
        final List<String> log = new ArrayList<>();

        @Override
        public void blockAllocated(int frame, long block) {
            log.add("allocated 0x" + Long.toHexString(block) + " in frame " + frame);
        }

        @Override
        public void accessed(int frame, long ic) {
            log.add("accessed frame " + frame + " by ic " + ic);
        }

        @Override
        public void storing(long now, int frame, long block, long[] data, int offset) {
            log.add("storing 0x" + Long.toHexString(block) + " in frame " + frame + ": "
                    + Arrays.toString(Arrays.copyOfRange(data, offset, offset + 8)));
        }

        @Override
        public long replySending(long now, int sender, Agent agent, int requester, long block, ReplyKind kind) {
            log.add("replySending " + kind);
            return 0;
        }

        @Override
        public void replyReceived(long now, int receiver, int sender, Agent agent, long block, ReplyKind kind,
                long piggyback) {
            log.add("replyReceived " + kind);
        }

        @Override
        public long lastOwnerReplySending(long now, int home, int lastOwner, int requester, long block) {
            log.add("lastOwnerReplySending");
            return 0;
        }

        @Override
        public void blockFilled(long now, int cpu, long block, boolean writable) {
            log.add("blockFilled");
        }

        @Override
        public void blockEvicted(long now, int cpu, long block, boolean writtenBack) {
            log.add("blockEvicted");
        }

        @Override
        public void blockInvalidated(long now, int cpu, long block, int requester) {
            log.add("blockInvalidated");
        }

        @Override
        public void ownershipMoved(long now, long block, int from, int to) {
            log.add("ownershipMoved");
        }

        @Override
        public void writebackReceived(long now, int home, int from, long block) {
            log.add("writebackReceived");
        }

        @Override
        public void memoryBlockWriting(long now, int home, int from, long block) {
            log.add("memoryBlockWriting");
        }
    }
}
