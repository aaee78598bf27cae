package org.fdrsim.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CheckpointScheduleTest {
    @Test
    void checkpointsFollowEveryIntervalAfterTheWarmup() {
        CheckpointSchedule s = new CheckpointSchedule(1000, 40, 4, 5000, 300);
        assertThat(s.firstCheckpointCycle()).isEqualTo(300);
        assertThat(s.nextCheckpointCycle(300, 340)).isEqualTo(1300);
        assertThat(new CheckpointSchedule(1000, 40, 4, 5000).firstCheckpointCycle()).isEqualTo(1000);
    }

    @Test
    void aQuiesceLongerThanAnIntervalSkipsToTheNextBoundaryAfterTheResume() {
        CheckpointSchedule s = new CheckpointSchedule(1000, 0, 4, 5000);
        assertThat(s.nextCheckpointCycle(1000, 2000)).isEqualTo(3000);
        assertThat(s.nextCheckpointCycle(1000, 2500)).isEqualTo(3000);
        assertThat(s.nextCheckpointCycle(1000, 1999)).isEqualTo(2000);
    }

    @Test
    void anIntervalOfZeroTakesOnlyTheInitialCheckpoint() {
        CheckpointSchedule s = new CheckpointSchedule(0, 40, 4, 5000, 300);
        assertThat(s.firstCheckpointCycle()).isEqualTo(Long.MAX_VALUE);
        assertThat(s.nextCheckpointCycle(0, 40)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void configuredTimesConvertAtTheProcessorAndSystemClocks() {
        CheckpointConfig c = new CheckpointConfig("1000 system cycles", "10 us", 3, "1 ms", "off");
        assertThat(c.schedule(4.0, 1.0)).isEqualTo(new CheckpointSchedule(4000, 40_000, 3, 4_000_000, 0));
        assertThat(c.schedule(4.0, 2.0).intervalCycles()).isEqualTo(2000);
        assertThat(CheckpointConfig.fdr1().schedule(4.0, 1.0))
                .isEqualTo(new CheckpointSchedule(1_333_333_333L, 40_000L, 4, 4_000_000_000L, 0));
    }

    @Test
    void problemsNameTheSettingAndSkipTimesWhenTheClocksAreInvalid() {
        CheckpointConfig bad = new CheckpointConfig("5", "10 us", 1, "0 s", "off");
        assertThat(bad.problems(4.0, 1.0)).containsExactly(
                "checkpoint.interval: '5' has no unit, " + org.fdrsim.cpu.sim.SimTime.expected(),
                "checkpoint.retained must be 2..65536, got 1",
                "checkpoint.replayIntervalTarget must be positive, got '0 s'");
        assertThat(bad.problems(0, 1.0)).containsExactly("checkpoint.retained must be 2..65536, got 1");
        assertThat(CheckpointConfig.fdr1().problems(4.0, 1.0)).isEmpty();
    }
}
