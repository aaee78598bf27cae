package org.fdrsim.machine.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.machine.MachineBuilder;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.junit.jupiter.api.Test;

/** Processors' ICs restart at every checkpoint; the instruction limit and the run's count do not. */
class WholeRunInstructionsTest {

    @Test
    void theInstructionLimitCountsEveryIntervalWhileRecording() throws Exception {
        MachineConfig base = CheckpointRestoreTest.config(4, 5, 1000, RecordedRun.TINY);
        TimedMachine whole = MachineBuilder.timed(CheckpointPolicyTest.RACY, base, Console.silent());
        assertThat(whole.run().cause()).isEqualTo(StopCause.ALL_HALTED);
        long limit = whole.instructionsSoFar() / 2;
        MachineConfig limited = new ConfigLoader(base).set(List.of("limits.maxInstructions=" + limit)).build();
        TimedMachine m = MachineBuilder.timed(CheckpointPolicyTest.RACY, limited, Console.silent());
        RunResult r = m.run();
        assertThat(r.cause()).isEqualTo(StopCause.INSTRUCTION_LIMIT);
        assertThat(m.recorder().checkpoints().taken()).as("many intervals before the limit").isGreaterThan(5);
        // a processor may commit the instruction it missed on past the bound: at most one each
        assertThat(m.instructionsSoFar()).isBetween(limit, limit + limited.cpus());
        assertThat(r.instructions()).as("the last interval only").isLessThan(limit / 3);

        // without the recorder the same limit stops at the same count
        MachineConfig plain = new ConfigLoader(limited).set("recorder.enabled", "false").build();
        TimedMachine p = MachineBuilder.timed(CheckpointPolicyTest.RACY, plain, Console.silent());
        RunResult pr = p.run();
        assertThat(pr.cause()).isEqualTo(StopCause.INSTRUCTION_LIMIT);
        assertThat(p.instructionsSoFar()).isEqualTo(pr.instructions()).isBetween(limit, limit + plain.cpus());
    }
}
