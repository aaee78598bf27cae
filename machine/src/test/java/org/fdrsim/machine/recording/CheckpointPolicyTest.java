package org.fdrsim.machine.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.dump.CoreDump;
import org.junit.jupiter.api.Test;

/** Retention, the reserved memory filling up, and the cost of quiescing. */
class CheckpointPolicyTest {
    static final ProgramImage RACY = CheckpointRestoreTest.assemble("racy.s", RacyProgram.generate(77, 4, 40, 1500));

    static MachineConfig config(long interval, String... sets) throws Exception {
        ConfigLoader l = new ConfigLoader(CheckpointRestoreTest.config(4, 9, interval, RecordedRun.TINY));
        l.set(List.of(sets));
        return l.build();
    }

    static CoreDump record(MachineConfig c) {
        return Simulation.run(RACY, c, Console.silent(), RunOptions.LOGS).dump();
    }

    @Test
    void oldestDroppedWhenTheSecondOldestIsOlderThanTheTarget() throws Exception {
        CoreDump d = record(config(2000, "checkpoint.retained=4", "checkpoint.quiesceCycles=0",
                "checkpoint.replayIntervalTargetCycles=5000"));
        List<CheckpointState> cps = d.checkpoints();
        long end = d.summary().cycles();
        assertThat(d.summary().checkpointsTaken()).isGreaterThan(6);
        assertThat(cps.size()).isBetween(2, 4);
        // the second-oldest retained is younger than the target; the oldest kept covers the target
        assertThat(end - cps.get(1).cycle()).isLessThan(5000);
        assertThat(end - cps.get(0).cycle()).isGreaterThanOrEqualTo(5000);
        assertThat(d.summary().checkpointsDropped()).isEqualTo(d.summary().checkpointsTaken() - cps.size());
        assertThat(d.summary().checkpointsDroppedEarly()).isZero();

        CoreDump capped = record(config(2000, "checkpoint.retained=3"));
        assertThat(capped.checkpoints()).hasSize(3);
        int n = capped.summary().checkpointsTaken();
        assertThat(capped.checkpoints().get(2).number()).isEqualTo(n - 1);
    }

    @Test
    void aFullReservationDropsTheOldestEarlyThenStopsTheRecorder() throws Exception {
        CoreDump roomy = record(config(2000));
        long perInterval = 0;
        for (CheckpointState c : roomy.checkpoints()) {
            for (LogSegment s : c.logs()) {
                perInterval = Math.max(perInterval, 0) + s.compressedBytes();
            }
        }
        perInterval /= roomy.checkpoints().size();
        long memory = roomy.memory().size();
        // room for about three intervals' logs: older checkpoints must go early
        double percent = 3.0 * perInterval * 100.0 / memory;
        CoreDump tight = record(config(2000, "recorder.reservedMemoryPercent=" + percent));
        assertThat(tight.summary().checkpointsDroppedEarly()).isPositive();
        assertThat(tight.summary().reservedUsedBytes()).isLessThanOrEqualTo(tight.summary().reservedCapacityBytes());
        assertThat(tight.trigger().cause()).isEqualTo("ALL_HALTED");
        // still exact after early drops
        for (int k = 0; k < tight.checkpoints().size(); k++) {
            assertThat(tight.memoryAt(k).sameContents(roomy.memoryAt(roomy.checkpoints().size() - tight.checkpoints().size() + k)))
                    .as("retained %d", k).isTrue();
        }

        // too small for even one interval: the recorder stops the machine and says why
        double tiny = perInterval * 0.2 * 100.0 / memory;
        MachineConfig c = config(2000, "recorder.reservedMemoryPercent=" + tiny);
        Simulation s = Simulation.run(RACY, c, Console.silent(), RunOptions.LOGS);
        RunResult r = s.result();
        assertThat(r.cause()).isEqualTo(StopCause.RESERVE_FULL);
        CoreDump d = s.dump();
        assertThat(d.trigger().cause()).isEqualTo("RESERVE_FULL");
        assertThat(d.trigger().description()).contains("reserved log memory full").doesNotContain("\n");
        assertThat(d.checkpoints()).hasSize(1);
    }

    @Test
    void quiesceCostAppearsInCycles() throws Exception {
        CoreDump cheap = record(config(3000, "checkpoint.quiesceCycles=0"));
        CoreDump dear = record(config(3000, "checkpoint.quiesceCycles=20000"));
        CoreDump none = record(config(0));
        assertThat(none.summary().checkpointsTaken()).isEqualTo(1);
        int taken = dear.summary().checkpointsTaken() - 1;
        assertThat(taken).isPositive();
        assertThat(dear.summary().quiesceCycles()).isGreaterThanOrEqualTo(20_000L * taken);
        // with no fixed cost, the quiesce is the measured drain of outstanding transactions
        assertThat(cheap.summary().quiesceCycles()).isPositive().isLessThan(dear.summary().quiesceCycles());
        assertThat(dear.summary().cycles()).isGreaterThan(cheap.summary().cycles() + 20_000L * (taken - 1));
    }
}
