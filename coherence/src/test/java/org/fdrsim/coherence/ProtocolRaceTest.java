package org.fdrsim.coherence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.fdrsim.coherence.protocol.MessageType.ACK_COUNT;
import static org.fdrsim.coherence.protocol.MessageType.DATA;
import static org.fdrsim.coherence.protocol.MessageType.FWD_GETM;
import static org.fdrsim.coherence.protocol.MessageType.FWD_GETS;
import static org.fdrsim.coherence.protocol.MessageType.GETM;
import static org.fdrsim.coherence.protocol.MessageType.GETS;
import static org.fdrsim.coherence.protocol.MessageType.INV;
import static org.fdrsim.coherence.protocol.MessageType.INV_ACK;
import static org.fdrsim.coherence.protocol.MessageType.PUTM;
import static org.fdrsim.coherence.protocol.MessageType.PUTO;
import static org.fdrsim.coherence.protocol.MessageType.PUT_ACK;
import static org.fdrsim.coherence.protocol.MessageType.UNBLOCK;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fdrsim.coherence.protocol.CacheState;
import org.fdrsim.coherence.protocol.DirectoryState;
import org.junit.jupiter.api.Test;

/**
 * Protocol races as scripts: every message waits in a {@link ScriptedNetwork} until the test
 * delivers it, so each test fixes one interleaving (written above it) and checks states and
 * the values that really travelled. Node 0 is the home of X and Y; processors 1-3 use them.
 * The L2s have one frame, so touching Y evicts X.
 */
class ProtocolRaceTest {
    private static final long X = 0x1000;
    private static final long Y = 0x2000;
    private static final int HOME = 0;

    /*
     * Stale Inv while in IS_D (silent replacement makes the directory over-approximate sharers):
     *   P1 reads X (S), then silently replaces it.   Directory still lists P1.
     *   P2 GetM X reaches home first: Data(acks=1) -> P2, Inv -> P1; entry busy.
     *   P1 reads X again: GetS waits at the busy entry.
     *   Inv reaches P1 in IS_D: P1 must ack (P2 cannot finish otherwise) and stay in IS_D.
     *   P2 completes and writes 42; its Unblock lets P1's GetS through, forwarded to P2.
     */
    @Test
    void staleInvalidationWhileInIsD() {
        ScriptedRig rig = new ScriptedRig(4);
        rig.load(1, X);
        rig.load(1, Y);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.I);
        assertThat(rig.mem.directory(HOME).sharers(X) & 2).isEqualTo(2);

        assertThat(rig.start(2, X, true, 42)).isFalse();
        rig.net.deliver(GETM, 2, HOME);
        assertThat(rig.start(1, X, false, 0)).isFalse();
        rig.net.deliver(GETS, 1, HOME); // waits: entry busy
        rig.net.deliver(INV, 1);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.IS_D);
        assertThat(rig.net.has(INV_ACK, 2)).isTrue();

        rig.net.deliverAll();
        assertThat(rig.completed[2]).isTrue();
        assertThat(rig.completed[1]).isTrue();
        assertThat(rig.observed[1]).isEqualTo(42);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.S);
        assertThat(rig.state(2, X)).isEqualTo(CacheState.O);
    }

    /*
     * Inv while in SM_AD (two sharers upgrade at once):
     *   P1 and P2 share X. Both store: GetM from each.
     *   P2's GetM wins at home: Data(acks=1) -> P2, Inv -> P1. P1's GetM waits.
     *   Inv reaches P1 in SM_AD: its copy is now stale, it acks and goes to IM_AD.
     *   P2 finishes (adds 2), unblocks; P1's GetM is forwarded to P2 and P1 gets P2's value.
     */
    @Test
    void invalidationWhileInSmAd() {
        ScriptedRig rig = new ScriptedRig(4);
        rig.load(1, X);
        rig.load(2, X);
        assertThat(rig.start(1, X, true, 1)).isFalse();
        assertThat(rig.start(2, X, true, 2)).isFalse();
        assertThat(rig.state(1, X)).isEqualTo(CacheState.SM_AD);

        rig.net.deliver(GETM, 2, HOME);
        rig.net.deliver(GETM, 1, HOME);
        rig.net.deliver(INV, 1);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.IM_AD);

        rig.net.deliverAll();
        assertThat(rig.observed[2]).isEqualTo(0);
        assertThat(rig.observed[1]).isEqualTo(2);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.M);
        assertThat(rig.state(2, X)).isEqualTo(CacheState.I);
        assertThat(rig.mem.coherentWord(X)).isEqualTo(3);
    }

    /*
     * Acks overtake the data (unordered network):
     *   P1, P2 share X. P3's GetM: Data(acks=2) -> P3, Inv -> P1, P2.
     *   Both Inv-Acks reach P3 before the data: the ack counter goes to -2 in IM_AD.
     *   The data then completes the transaction at once (Data, all acks counted).
     */
    @Test
    void acksOvertakeData() {
        ScriptedRig rig = new ScriptedRig(4);
        rig.add(1, X, 9);
        rig.load(2, X);
        rig.load(1, Y); // P1 writes X back with PutO: directory S with P2
        rig.load(1, X); // P1 a sharer again
        assertThat(rig.mem.directory(HOME).state(X)).isEqualTo(DirectoryState.S);

        assertThat(rig.start(3, X, true, 5)).isFalse();
        rig.net.deliver(GETM, 3, HOME);
        rig.net.deliver(INV, 1);
        rig.net.deliver(INV, 2);
        rig.net.deliver(INV_ACK, 1, 3);
        rig.net.deliver(INV_ACK, 2, 3);
        assertThat(rig.state(3, X)).isEqualTo(CacheState.IM_AD);
        assertThat(rig.completed[3]).isFalse();
        rig.net.deliver(DATA, 3);
        assertThat(rig.completed[3]).isTrue();
        assertThat(rig.observed[3]).isEqualTo(9);
        rig.net.deliverAll();
        assertThat(rig.state(3, X)).isEqualTo(CacheState.M);
        assertThat(rig.mem.coherentWord(X)).isEqualTo(14);
    }

    /*
     * Forwarded GetM reaches a cache that is writing the block back (MI_A), then a stale Put:
     *   P1 owns X (M, 7) and evicts it: PutM(7) in flight, P1 in MI_A.
     *   P2's GetM reaches home first: Fwd-GetM -> P1. P1 answers from its writeback buffer -> II_A.
     *   P2 gets 7, adds 1, and later evicts X itself: its PutM(8) reaches home, which goes to I.
     *   P1's old PutM(7) finally arrives: not from the owner -> only Put-Ack; memory keeps 8.
     */
    @Test
    void forwardedGetMWhileWritingBackThenStalePutAtI() {
        ScriptedRig rig = new ScriptedRig(4);
        rig.add(1, X, 7);
        assertThat(rig.start(1, Y, false, 0)).isFalse();
        assertThat(rig.state(1, X)).isEqualTo(CacheState.MI_A);

        assertThat(rig.start(2, X, true, 1)).isFalse();
        rig.net.deliver(GETM, 2, HOME);
        rig.net.deliver(FWD_GETM, 1);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.II_A);
        rig.net.deliver(DATA, 2);
        assertThat(rig.observed[2]).isEqualTo(7);
        rig.net.deliver(UNBLOCK, 2, HOME);

        assertThat(rig.start(2, Y, false, 0)).isFalse(); // P2 evicts X: PutM(8)
        rig.net.deliver(PUTM, 2, HOME);
        assertThat(rig.dirState(X)).isEqualTo(DirectoryState.I);
        rig.net.deliver(PUTM, 1, HOME); // stale
        assertThat(rig.mem.memory().loadWord(X)).isEqualTo(8);
        rig.net.deliverAll();
        assertThat(rig.state(1, X)).isEqualTo(CacheState.I);
        assertThat(rig.mem.coherentWord(X)).isEqualTo(8);
        assertThat(rig.mem.directoryCoverage().count(DirectoryState.I,
                org.fdrsim.coherence.protocol.DirectoryEvent.PUT_FROM_NON_OWNER)).isEqualTo(1);
    }

    /*
     * The same race ending in S: P1's stale PutM arrives after the new owner P2 was read by P3
     * (O) and wrote back with PutO (S). The directory must not apply the stale data.
     */
    @Test
    void stalePutAtS() {
        ScriptedRig rig = new ScriptedRig(4);
        rig.add(1, X, 7);
        assertThat(rig.start(1, Y, false, 0)).isFalse();
        assertThat(rig.start(2, X, true, 1)).isFalse();
        rig.net.deliver(GETM, 2, HOME);
        rig.net.deliver(FWD_GETM, 1);
        rig.net.deliver(DATA, 2);
        rig.net.deliver(UNBLOCK, 2, HOME);
        assertThat(rig.start(3, X, false, 0)).isFalse();
        rig.net.deliver(GETS, 3, HOME);
        rig.net.deliver(FWD_GETS, 2);
        rig.net.deliver(DATA, 3);
        rig.net.deliver(UNBLOCK, 3, HOME);
        assertThat(rig.state(2, X)).isEqualTo(CacheState.O);
        assertThat(rig.start(2, Y, false, 0)).isFalse(); // P2 evicts X: PutO(8)
        rig.net.deliver(PUTO, 2, HOME);
        assertThat(rig.dirState(X)).isEqualTo(DirectoryState.S);
        rig.net.deliver(PUTM, 1, HOME); // stale
        rig.net.deliverAll();
        assertThat(rig.mem.memory().loadWord(X)).isEqualTo(8);
        assertThat(rig.load(3, X)).isEqualTo(8);
    }

    /*
     * Forwarded GetS reaches a cache that is writing back (MI_A); its Put waits at the busy entry:
     *   P1 owns X (7) and evicts it: PutM in flight, MI_A.
     *   P2's GetS reaches home first: Fwd-GetS -> P1, entry busy (-> O).
     *   P1's PutM arrives at the busy entry and waits.
     *   P1 answers from the writeback buffer -> OI_A (still the owner). P2 reads 7, unblocks.
     *   The queued PutM is now from the owner in O: memory := 7, S; the owner field keeps P1
     *   as last owner, so P3's later read asks the listener for P1's IC.
     */
    @Test
    void forwardedGetSWhileWritingBackAndLastOwner() {
        ScriptedRig rig = new ScriptedRig(4);
        List<String> calls = new ArrayList<>();
        rig.mem.addListener(new CoherenceListener() {
            @Override
            public long lastOwnerReplySending(long now, int home, int lastOwner, int requester, long block) {
                calls.add("ask " + lastOwner + " for " + requester);
                return 1234;
            }

            @Override
            public void replyReceived(long now, int receiver, int sender, Agent agent, long block, ReplyKind kind,
                    long piggyback) {
                if (receiver == 3) {
                    calls.add("received " + piggyback + " from " + agent);
                }
            }
        });
        rig.add(1, X, 7);
        assertThat(rig.start(1, Y, false, 0)).isFalse();
        assertThat(rig.start(2, X, false, 0)).isFalse();
        rig.net.deliver(GETS, 2, HOME);
        rig.net.deliver(PUTM, 1, HOME);
        assertThat(rig.dirState(X)).isEqualTo(DirectoryState.BUSY_O);
        rig.net.deliver(FWD_GETS, 1);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.OI_A);
        rig.net.deliver(DATA, 2);
        assertThat(rig.observed[2]).isEqualTo(7);
        rig.net.deliver(UNBLOCK, 2, HOME);
        assertThat(rig.dirState(X)).isEqualTo(DirectoryState.S);
        assertThat(rig.mem.directory(HOME).owner(X)).isEqualTo(1);
        assertThat(rig.mem.memory().loadWord(X)).isEqualTo(7);
        rig.net.deliverAll();
        assertThat(rig.state(1, X)).isEqualTo(CacheState.I);

        assertThat(rig.load(3, X)).isEqualTo(7);
        assertThat(calls).containsExactly("ask 1 for 3", "received 1234 from DIRECTORY");
    }

    /*
     * Forwarded GetM while the owner upgrades (OM_AC):
     *   P1 owns X in O (value 1), P2 shares it. P1 stores: GetM. P3 stores: GetM.
     *   P3's GetM wins: Fwd-GetM(acks=1) -> P1, Inv -> P2. P1's GetM waits.
     *   P1 in OM_AC answers with data and falls to IM_AD.
     *   P3 finishes (1 -> 101); then P1's GetM is forwarded to P3: P1 sees 101 -> 111.
     */
    @Test
    void forwardedGetMWhileUpgradingFromO() {
        ScriptedRig rig = new ScriptedRig(4);
        rig.add(1, X, 1);
        assertThat(rig.load(2, X)).isEqualTo(1);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.O);
        assertThat(rig.start(1, X, true, 10)).isFalse();
        assertThat(rig.state(1, X)).isEqualTo(CacheState.OM_AC);
        assertThat(rig.start(3, X, true, 100)).isFalse();
        rig.net.deliver(GETM, 3, HOME);
        rig.net.deliver(GETM, 1, HOME);
        rig.net.deliver(FWD_GETM, 1);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.IM_AD);
        rig.net.deliverAll();
        assertThat(rig.observed[3]).isEqualTo(1);
        assertThat(rig.observed[1]).isEqualTo(101);
        assertThat(rig.mem.coherentWord(X)).isEqualTo(111);
    }

    /*
     * An owner's upgrade whose Inv-Ack beats the AckCount:
     *   P1 in O, P2 in S. P1's GetM: AckCount(1) -> P1, Inv -> P2.
     *   P2's Inv-Ack reaches P1 first (counter -1 in OM_AC); the AckCount then completes it.
     */
    @Test
    void ownerUpgradeAckBeforeAckCount() {
        ScriptedRig rig = new ScriptedRig(4);
        rig.add(1, X, 1);
        rig.load(2, X);
        assertThat(rig.start(1, X, true, 1)).isFalse();
        rig.net.deliver(GETM, 1, HOME);
        rig.net.deliver(INV, 2);
        rig.net.deliver(INV_ACK, 2, 1);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.OM_AC);
        assertThat(rig.completed[1]).isFalse();
        rig.net.deliver(ACK_COUNT, 1);
        assertThat(rig.completed[1]).isTrue();
        rig.net.deliverAll();
        assertThat(rig.state(1, X)).isEqualTo(CacheState.M);
        assertThat(rig.state(2, X)).isEqualTo(CacheState.I);
        assertThat(rig.mem.coherentWord(X)).isEqualTo(2);
    }

    /*
     * The requester's next request overtakes its own Unblock:
     *   P1 reads X; the data arrives, P1 sends Unblock and at once stores X (GetM).
     *   The GetM reaches home before the Unblock: it waits at the busy entry, then is served.
     */
    @Test
    void unblockOvertakenByNextRequest() {
        ScriptedRig rig = new ScriptedRig(4);
        assertThat(rig.start(1, X, false, 0)).isFalse();
        rig.net.deliver(GETS, 1, HOME);
        rig.net.deliver(DATA, 1);
        assertThat(rig.completed[1]).isTrue();
        assertThat(rig.start(1, X, true, 5)).isFalse();
        rig.net.deliver(GETM, 1, HOME);
        assertThat(rig.dirState(X)).isEqualTo(DirectoryState.BUSY_S);
        rig.net.deliverAll();
        assertThat(rig.state(1, X)).isEqualTo(CacheState.M);
        assertThat(rig.mem.coherentWord(X)).isEqualTo(5);
        @SuppressWarnings("unchecked")
        Map<String, Object> home = (Map<String, Object>) ((Map<String, Object>) rig.mem.stats().get("directories"))
                .get("node0");
        assertThat(home.get("busyStalls")).isEqualTo(1L);
    }

    /*
     * An access to a block whose writeback is in flight waits for the Put-Ack:
     *   P1 owns X (7) and evicts it for Y: PutM in flight, MI_A.
     *   P1 reads X: no GetS may leave while the PutM is unacknowledged (the directory would
     *   see a request and a Put from the same cache). The Put-Ack restarts the miss.
     */
    @Test
    void accessToBlockBeingWrittenBackWaits() {
        ScriptedRig rig = new ScriptedRig(4);
        rig.add(1, X, 7);
        assertThat(rig.start(1, Y, false, 0)).isFalse();
        rig.net.deliver(GETS, 1, HOME);
        rig.net.deliver(DATA, 1);
        assertThat(rig.state(1, X)).isEqualTo(CacheState.MI_A);
        assertThat(rig.start(1, X, false, 0)).isFalse();
        assertThat(rig.net.has(GETS, HOME)).isFalse();
        rig.net.deliver(PUTM, 1, HOME);
        rig.net.deliver(PUT_ACK, 1);
        assertThat(rig.net.has(GETS, HOME)).isTrue();
        rig.net.deliverAll();
        assertThat(rig.completed[1]).isTrue();
        assertThat(rig.observed[1]).isEqualTo(7);
    }
}
