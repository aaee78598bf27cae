package org.fdrsim.machine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fdrsim.checkpoint.CheckpointSchedule;
import org.fdrsim.cpu.sim.SimTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Checkpoint times with units, converted once at the processor clock; the old cycle names still read. */
class CheckpointTimeTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1/3 s | 1333333333",
            "333 ms | 1332000000",
            "10 us | 40000",
            "250 ns | 1000",
            "1 s | 4000000000",
            "0.5 ms | 2000000",
            "333333333 system cycles | 1333333332",
            "10000 system cycles | 40000",
            "5000 cycles | 5000",
            "5000 processor cycles | 5000",
            "off | 0",
    })
    void timesConvertAtTheProcessorClock(String text, long cycles) {
        assertThat(SimTime.cycles("t", text, 4.0, 1.0)).isEqualTo(cycles);
    }

    @Test
    void systemCyclesFollowTheClockRatio() {
        assertThat(SimTime.cycles("t", "1000 system cycles", 2.0, 0.5)).isEqualTo(4000);
        assertThat(SimTime.cycles("t", "1 us", 2.0, 0.5)).isEqualTo(2000);
    }

    @Test
    void spacesAroundATimeAreForgivenControlCharactersAreNot() {
        assertThat(SimTime.cycles("t", " 1 us ", 2.0, 0.5)).isEqualTo(2000);
        assertThatThrownBy(() -> SimTime.cycles("t", "1 us\u0001", 2.0, 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void fdr1IsOneThirdSecondTenMicrosecondsOneSecond() throws Exception {
        MachineConfig c = ConfigLoader.fdr1().build();
        CheckpointSchedule k = c.checkpointSchedule();
        assertThat(k.intervalCycles()).isEqualTo(1_333_333_333L);
        assertThat(k.quiesceCycles()).isEqualTo(40_000L);
        assertThat(k.replayIntervalTargetCycles()).isEqualTo(4_000_000_000L);
        assertThat(k.warmupCycles()).isZero();
        assertThat(k.firstCheckpointCycle()).isEqualTo(1_333_333_333L);
        assertThat(SimTime.describe(k.intervalCycles(), 4.0)).isEqualTo("333.333 ms (1,333,333,333 cycles)");
    }

    @Test
    void oneCycleIsSingular() {
        assertThat(SimTime.describe(1, 4.0)).isEqualTo("0.25 ns (1 cycle)");
        assertThat(SimTime.describe(0, 4.0)).isEqualTo("0 s (0 cycles)");
    }

    @Test
    void systemCyclesAreReadAtTheConfiguredSystemClock() throws Exception {
        ConfigLoader l = ConfigLoader.fdr1().set("checkpoint.interval", "1000 system cycles");
        assertThat(l.build().checkpointSchedule().intervalCycles()).isEqualTo(4000);
        assertThat(l.set("processor.systemClockGHz", "2").build().checkpointSchedule().intervalCycles()).isEqualTo(2000);
    }

    @Test
    void aWarmupMovesOnlyTheFirstCheckpoint() throws Exception {
        CheckpointSchedule k = ConfigLoader.fdr1().set("checkpoint.warmup", "100 ms").build().checkpointSchedule();
        assertThat(k.firstCheckpointCycle()).isEqualTo(400_000_000L);
        assertThat(k.intervalCycles()).isEqualTo(1_333_333_333L);
    }

    @Test
    void unitLessNegativeAndUnreadableTimesAreOneLineErrors() {
        assertThatThrownBy(() -> ConfigLoader.fdr1().set("checkpoint.interval", "333333333").build())
                .isInstanceOf(ConfigException.class)
                .hasMessage("configuration: checkpoint.interval: '333333333' has no unit, expected a time with a unit,"
                        + " e.g. '1/3 s', '333 ms', '10 us', '333333333 system cycles' or '1333333333 cycles'");
        assertThatThrownBy(() -> ConfigLoader.fdr1().set("checkpoint.quiesce", "-10 us").build())
                .isInstanceOf(ConfigException.class)
                .hasMessage("configuration: checkpoint.quiesce must not be negative, got '-10 us'");
        assertThatThrownBy(() -> ConfigLoader.fdr1().set("checkpoint.replayIntervalTarget", "one second").build())
                .isInstanceOf(ConfigException.class).hasMessageContaining("checkpoint.replayIntervalTarget: cannot read 'one second'")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> ConfigLoader.fdr1().set("checkpoint.replayIntervalTarget", "0 s").build())
                .isInstanceOf(ConfigException.class).hasMessageContaining("checkpoint.replayIntervalTarget must be positive");
    }

    @Test
    void aTimeBelowHalfACycleIsAnErrorNotOffZeroStaysOff() throws Exception {
        // 0.1 ns is 0.4 cycles at 4 GHz: rounded, it would switch periodic checkpoints off unseen
        assertThatThrownBy(() -> ConfigLoader.fdr1().set("checkpoint.interval", "0.1 ns").build())
                .isInstanceOf(ConfigException.class)
                .hasMessage("configuration: checkpoint.interval: '0.1 ns' is less than one processor cycle"
                        + " (0.25 ns at 4 GHz); write 'off' for none");
        assertThatThrownBy(() -> ConfigLoader.fdr1().set("checkpoint.warmup", "0.3 cycles").build())
                .isInstanceOf(ConfigException.class).hasMessageContaining("checkpoint.warmup: '0.3 cycles' is less than one");
        assertThat(SimTime.cycles("t", "0.2 ns", 4.0, 1.0)).isEqualTo(1); // 0.8 cycles rounds to one
        assertThat(SimTime.cycles("t", "0 cycles", 4.0, 1.0)).isZero();
        assertThat(SimTime.cycles("t", "0 s", 4.0, 1.0)).isZero();
        assertThat(ConfigLoader.fdr1().set("checkpoint.interval", "0 cycles").build().checkpoint()
                .schedule(4.0, 1.0).firstCheckpointCycle()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void oldCycleNamesKeepTheirMeaningWithANote(@TempDir Path dir) throws Exception {
        ConfigLoader l = ConfigLoader.fdr1().set("checkpoint.intervalCycles", "333333333");
        MachineConfig c = l.build();
        assertThat(c.checkpoint().interval()).isEqualTo("333333333 cycles");
        assertThat(c.checkpointSchedule().intervalCycles()).isEqualTo(333_333_333L);
        assertThat(l.notes()).hasSize(1);
        assertThat(l.notes().get(0)).startsWith("note: checkpoint.intervalCycles: 333333333 (old name) counts processor cycles")
                .doesNotContain("\n");

        Path yaml = dir.resolve("old.yaml");
        Files.writeString(yaml, """
                checkpoint:
                  intervalCycles: 100000
                  quiesceCycles: 0
                  replayIntervalTargetCycles: 300000
                  retained: 3
                """);
        ConfigLoader f = ConfigLoader.fdr1().file(yaml);
        CheckpointSchedule k = f.build().checkpointSchedule();
        assertThat(k).isEqualTo(new CheckpointSchedule(100_000, 0, 3, 300_000));
        assertThat(f.notes()).hasSize(3);
        assertThatThrownBy(() -> ConfigLoader.fdr1().set("checkpoint.intervalCycles", "1/3 s"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("expects a whole number of processor cycles");
    }

    @Test
    void theYamlOfAConfigurationReadsBackWithItsUnits() throws Exception {
        MachineConfig c = ConfigLoader.fdr1().set("checkpoint.interval", "2 ms").build();
        String yaml = ConfigLoader.toYaml(c);
        assertThat(yaml).contains("interval: \"2 ms\"");
        Path tmp = Files.createTempFile("fdr", ".yaml");
        try {
            Files.writeString(tmp, yaml);
            assertThat(ConfigLoader.fdr1().file(tmp).build()).isEqualTo(c);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
