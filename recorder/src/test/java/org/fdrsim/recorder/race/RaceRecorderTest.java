package org.fdrsim.recorder.race;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.coherence.CoherenceListener.Agent;
import org.fdrsim.coherence.CoherenceListener.ReplyKind;
import org.fdrsim.recorder.policy.AllArcsPolicy;
import org.fdrsim.recorder.policy.FdrPolicy;
import org.junit.jupiter.api.Test;

/** Table 2's actions and section 4.3's rules, one at a time, on the recorder alone. */
class RaceRecorderTest {
    private static final long B = 0x1000;
    private final FakeView view = new FakeView(4);
    private final FdrPolicy fdr = new FdrPolicy(4);
    private final RaceRecorder rec = new RaceRecorder(view, false, fdr);
    private final List<RaceEntry> logged = new ArrayList<>();

    RaceRecorderTest() {
        for (int a = 0; a < 4; a++) {
            rec.setSink(a, (now, bytes, off, len) -> {
                assertThat(len).isEqualTo(RaceEntry.BYTES);
                logged.add(RaceEntry.decode(bytes, off));
                return now;
            });
        }
    }

    /** A cache reply from {@code from} to {@code to}, as coherence would deliver it. */
    private void reply(int from, int to) {
        long pb = rec.replySending(0, from, Agent.CACHE, to, B, ReplyKind.DATA);
        rec.replyReceived(0, to, from, Agent.CACHE, B, ReplyKind.DATA, pb);
    }

    @Test
    void sendingAReplyCarriesTheSenderIdAndItsCic() {
        view.ic[1] = 40;
        view.cic[1] = 17;
        long pb = rec.replySending(0, 1, Agent.CACHE, 0, B, ReplyKind.DATA);
        assertThat(Piggyback.id(pb)).isEqualTo(1);
        assertThat(Piggyback.ic(pb)).isEqualTo(17);
    }

    @Test
    void receivingLogsIdIcAndTheNextInstructionWhenNewerThanTheVic() {
        view.ic[1] = 40;
        view.cic[1] = 17;
        view.ic[0] = 99; // requester blocked after instruction 99: the arc ends at 100
        reply(1, 0);
        assertThat(logged).containsExactly(new RaceEntry(1, 17, 100));
        assertThat(fdr.vic(0, 1)).isEqualTo(17);
    }

    @Test
    void anArcNotNewerThanTheVicIsImpliedAndNotLogged() {
        view.cic[1] = 17;
        reply(1, 0);
        view.ic[0] = 150;
        reply(1, 0); // same IC again: implied by the first arc plus program order
        view.cic[1] = 12;
        reply(1, 0); // older: implied too
        assertThat(logged).hasSize(1);
        view.cic[1] = 18;
        reply(1, 0);
        assertThat(logged).hasSize(2);
        assertThat(logged.get(1)).isEqualTo(new RaceEntry(1, 18, 151));
    }

    @Test
    void theVicHasOneEntryPerSender() {
        view.cic[1] = 50;
        view.cic[2] = 10;
        reply(1, 0);
        reply(2, 0); // 10 < VIC[1] but VIC[2] is 0: logged
        assertThat(logged).extracting(RaceEntry::otherId).containsExactly(1, 2);
    }

    @Test
    void sendObservationNoCicMeansTheCurrentIc() {
        view.ic[2] = 77;
        view.cic[2] = -1; // silently replaced S block answering an Inv, or block in the writeback buffer
        long pb = rec.replySending(0, 2, Agent.CACHE, 0, B, ReplyKind.INV_ACK);
        assertThat(Piggyback.ic(pb)).isEqualTo(77);
    }

    @Test
    void memoryWithoutALastOwnerSendsNothing() {
        assertThat(rec.replySending(0, 3, Agent.DIRECTORY, 0, B, ReplyKind.DATA)).isZero();
        rec.replyReceived(0, 0, 3, Agent.DIRECTORY, B, ReplyKind.DATA, 0);
        assertThat(logged).isEmpty();
    }

    @Test
    void writtenBackBlockAsksTheLastOwnerForItsCurrentIc() {
        view.ic[3] = 500;
        long pb = rec.lastOwnerReplySending(0, 1, 3, 0, B);
        assertThat(Piggyback.id(pb)).isEqualTo(3);
        assertThat(Piggyback.ic(pb)).isEqualTo(500);
        view.ic[0] = 8;
        rec.replyReceived(0, 0, 1, Agent.DIRECTORY, B, ReplyKind.DATA, pb);
        assertThat(logged).containsExactly(new RaceEntry(3, 500, 9));
    }

    @Test
    void aRequesterThatWasTheLastOwnerLogsNothing() {
        view.ic[0] = 20;
        long pb = rec.lastOwnerReplySending(0, 1, 0, 0, B);
        rec.replyReceived(0, 0, 1, Agent.DIRECTORY, B, ReplyKind.DATA, pb);
        assertThat(logged).isEmpty();
    }

    @Test
    void unorderedDeliveryTheLaterSentReplyArrivesFirst() {
        view.cic[1] = 5;
        long older = rec.replySending(0, 1, Agent.CACHE, 0, B, ReplyKind.INV_ACK);
        view.cic[1] = 9;
        long newer = rec.replySending(0, 1, Agent.CACHE, 0, B, ReplyKind.DATA);
        view.ic[0] = 30;
        rec.replyReceived(0, 0, 1, Agent.CACHE, B, ReplyKind.DATA, newer);
        rec.replyReceived(0, 0, 1, Agent.CACHE, B, ReplyKind.INV_ACK, older);
        // Both end at 0:31; 1:9 -> 0:31 implies 1:5 -> 0:31, so the late one is dropped.
        assertThat(logged).containsExactly(new RaceEntry(1, 9, 31));
        assertThat(fdr.vic(0, 1)).isEqualTo(9);
    }

    @Test
    void cic16SendsMinOfHighIcBitsWithTheCicAndTheIc() {
        RaceRecorder r16 = new RaceRecorder(view, true, new FdrPolicy(4));
        // Same 64K window: the true CIC comes back.
        view.ic[1] = 0x12345;
        view.cic[1] = 0x12300;
        assertThat(r16.sendIc(1, B)).isEqualTo(0x12300);
        // The CIC is from the previous window: (IC & ~0xffff) | 0xfff0 > IC, so IC is sent.
        view.ic[1] = 0x20005;
        view.cic[1] = 0x1fff0;
        assertThat(r16.sendIc(1, B)).isEqualTo(0x20005);
        // Two windows back: 0x30000 | 0x0010 lies in [CIC, IC].
        view.ic[1] = 0x30020;
        view.cic[1] = 0x10010;
        long sent = r16.sendIc(1, B);
        assertThat(sent).isEqualTo(0x30010).isBetween(0x10010L, 0x30020L);
        // Full 32-bit CIC: exact.
        assertThat(rec.sendIc(1, B)).isEqualTo(0x10010);
    }

    @Test
    void aFullLogStallsTheReceiverUntilTheBufferHasRoom() {
        long[] stalled = new long[2];
        rec.setSink(0, (now, bytes, off, len) -> now + 250);
        rec.setStallSink((agent, now, until) -> {
            stalled[0] = agent;
            stalled[1] = until;
        });
        view.cic[2] = 3;
        long pb = rec.replySending(0, 2, Agent.CACHE, 0, B, ReplyKind.DATA);
        rec.replyReceived(1000, 0, 2, Agent.CACHE, B, ReplyKind.DATA, pb);
        assertThat(stalled).containsExactly(0, 1250);
        assertThat(rec.stallCycles()).isEqualTo(250);
    }

    @Test
    void observersSeeEveryArcWhileThePrimaryReduces() {
        AllArcsPolicy all = new AllArcsPolicy();
        rec.addObserver(all);
        view.cic[1] = 4;
        reply(1, 0);
        reply(1, 0);
        reply(1, 0);
        assertThat(fdr.arcs().size()).isEqualTo(1);
        assertThat(all.arcs().size()).isEqualTo(3);
    }

    @Test
    void resetStartsANewEpoch() {
        view.cic[1] = 40;
        reply(1, 0);
        rec.reset();
        assertThat(fdr.vic(0, 1)).isZero();
        assertThat(fdr.arcs().size()).isZero();
        view.cic[1] = 2;
        reply(1, 0); // after a checkpoint ICs restart small: logged again
        assertThat(logged).hasSize(2);
    }

    @Test
    void dmaEnginesArePseudoProcessorsWithTheirOwnIcAndVic() {
        // Engine 4 (P = 4) receives an ack from cpu 1; its transfer commits as engine IC 7 + 1.
        view.cic[1] = 33;
        long pb = rec.replySending(0, 1, Agent.CACHE, 4, B, ReplyKind.INV_ACK);
        rec.dmaReplyReceived(0, 4, 7, 1, Agent.CACHE, B, ReplyKind.INV_ACK, pb);
        assertThat(fdr.vic(4, 1)).isEqualTo(33);
        assertThat(fdr.arcs().line(0)).isEqualTo("1:33 -> 4:8");
        // The engine as a sender and as a remembered last owner carries its own IC.
        assertThat(Piggyback.ic(rec.dmaReplySending(0, 4, 12, 0, B, ReplyKind.DATA))).isEqualTo(12);
        long last = rec.dmaLastOwnerReplySending(0, 0, 4, 13, 2, B);
        assertThat(Piggyback.id(last)).isEqualTo(4);
        assertThat(Piggyback.ic(last)).isEqualTo(13);
    }

    @Test
    void entriesAreNineBytes() {
        byte[] b = new byte[RaceEntry.BYTES];
        RaceEntry.encode(b, 0, 3, 0xdeadbeefL, 0x01020304L);
        assertThat(RaceEntry.decode(b, 0)).isEqualTo(new RaceEntry(3, 0xdeadbeefL, 0x01020304L));
        assertThat(Piggyback.WIRE_BYTES).isEqualTo(5);
    }
}
