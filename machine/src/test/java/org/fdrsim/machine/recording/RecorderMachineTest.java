package org.fdrsim.machine.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.coherence.protocol.MessageType;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.HardwareState;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogTotals;
import org.fdrsim.recorder.check.SoundnessChecker;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.policy.PolicyName;
import org.fdrsim.recorder.session.RecordingSession;
import org.junit.jupiter.api.Test;

/** The recorder inside the timed machine: message bytes, stalls that reach processors, state size. */
class RecorderMachineTest {
    private static final String PROGRAM = RacyProgram.generate(42, 4, 6, 400);

    @Test
    @SuppressWarnings("unchecked")
    void repliesGrowByFdrsFiveBytesOnTheWire() {
        MachineConfig on = RecordedRun.config(4, 42, false, List.of());
        RecordedRun r = RecordedRun.run(PROGRAM, on);
        assertThat(r.machine().memorySystem().config().replyExtraBytes()).isEqualTo(5);
        assertThat(r.recorder().race().repliesSent()).isPositive();
        var messages = (java.util.Map<String, java.util.Map<String, Long>>) r.machine().memorySystem().stats()
                .get("messages");
        var data = messages.get("DATA");
        var acks = messages.get("INV_ACK");
        var getS = messages.get("GETS");
        assertThat(data.get("count")).isPositive();
        assertThat(data.get("bytes")).isEqualTo(data.get("count") * (72 + 5));
        assertThat(acks.get("bytes")).isEqualTo(acks.get("count") * (8 + 5));
        assertThat(getS.get("bytes")).isEqualTo(getS.get("count") * 8); // requests carry nothing extra
    }

    @Test
    void aFullRaceLogStallsTheProcessorAndNothingIsDropped() {
        List<String> slow = new ArrayList<>(List.of("recorder.buffers.memoryRace.sizeKB=1",
                "recorder.buffers.memoryRace.drainMBps=0.5"));
        RecordedRun fast = RecordedRun.run(PROGRAM, RecordedRun.config(4, 42, false, List.of()));
        RecordedRun stalled = RecordedRun.run(PROGRAM, RecordedRun.config(4, 42, false, slow));
        RecordingSession r = stalled.recorder();
        LogTotals race = r.logs().totals(LogKind.MEMORY_RACE);
        assertThat(race.stalls()).isPositive();
        assertThat(r.stallCycles()).isPositive();
        assertThat(stalled.result().cycles()).isGreaterThan(fast.result().cycles());
        // No drop: every arc the policy logged is in the buffers, byte for byte.
        assertThat(race.entries()).isEqualTo(r.arcs().size());
        assertThat(race.rawBytes()).isEqualTo(9L * r.arcs().size());
        assertThat(race.compressedBytes()).isPositive();
        // And the log stays sound under the changed timing.
        assertThat(SoundnessChecker.check(r.trace(), r.arcs(), 4).sound()).isTrue();
        // So is the log as it went into the dump, through the stalled buffers and the compressor.
        CheckpointState stored = stalled.dump().checkpoints().get(0);
        assertThat(SoundnessChecker.storedArcs(stored, 4).size()).isEqualTo(r.arcs().size());
        assertThat(SoundnessChecker.check(r.trace(), stored, 4).sound()).isTrue();
        assertThat(fast.recorder().logs().totals(LogKind.MEMORY_RACE).stalls()).isZero();
    }

    @Test
    void hardwareStateIsIcVicAndCicPerFrame() {
        RecordedRun r = RecordedRun.run(PROGRAM, RecordedRun.config(4, 42, false, List.of()));
        HardwareState hw = r.recorder().hardwareState();
        assertThat(hw.vicBytes()).isEqualTo(16);
        assertThat(hw.cicBytes()).isEqualTo(65536L * 4); // 4 MB / 64 B frames x 32-bit CIC
        assertThat(hw.cicOverhead(65536)).isEqualTo(0.0625); // the paper's 6.25%
    }

    @Test
    void resetAtCheckpointClearsIcCicAndVic() {
        RecordedRun r = RecordedRun.run(PROGRAM, RecordedRun.config(4, 42, false, List.of()));
        TimedMachine m = r.machine();
        r.recorder().resetAtCheckpoint();
        assertThat(m.cpu(0).instructionCount()).isZero();
        assertThat(r.recorder().arcs().size()).isZero();
        assertThat(r.recorder().arcs(PolicyName.ALL_ARCS).size()).isZero();
    }

    @Test
    void sameSeedSameLogs() {
        RecordedRun a = RecordedRun.run(PROGRAM, RecordedRun.config(4, 42, false, List.of()));
        RecordedRun b = RecordedRun.run(PROGRAM, RecordedRun.config(4, 42, false, List.of()));
        assertThat(a.result().cycles()).isEqualTo(b.result().cycles());
        assertThat(a.recorder().logs().totals(LogKind.MEMORY_RACE))
                .isEqualTo(b.recorder().logs().totals(LogKind.MEMORY_RACE));
        assertThat(MessageType.DATA.isReply()).isTrue();
    }
}
