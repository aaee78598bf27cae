package org.fdrsim.machine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.List;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.junit.jupiter.api.Test;

/**
 * Settings near the range of their Java type (stop 52): a latency the timing model adds in an
 * int wrapped round (DRAM at 2,147,483,647 cycles ran faster than at 16), a cache of 4 GiB
 * overflowed its size in bytes, a message size its reply's bytes, and 2,147,483,647 NIC packets
 * ran the host out of memory while the machine was built. Each is refused with its range; at the
 * range's end the machine runs, and slower, not faster.
 */
class LatencyLimitTest {
    private static MachineConfig config(String... sets) throws ConfigException {
        return ConfigLoader.fdr1().set(List.of(sets)).set("cpus", "2").build();
    }

    private static String refusal(String set) {
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> config(set));
        assertThat(e).as(set).isNotNull();
        return e.getMessage();
    }

    @Test
    void aSettingPastItsRangeIsRefusedWithTheRange() {
        assertThat(refusal("memory.dramCycles=2147483647"))
                .isEqualTo("configuration: memory.dramCycles must be 0..1000000000, got 2147483647");
        assertThat(refusal("caches.l2.hitCycles=1000000001")).contains("caches.l2.hitCycles must be 0..1000000000");
        assertThat(refusal("caches.l2.sizeKB=4194304"))
                .isEqualTo("configuration: caches.l2.sizeKB must be 1..1048576, got 4194304");
        assertThat(refusal("network.dataBytes=2147483647")).contains("network.dataBytes must be 1..65536");
        assertThat(refusal("devices.nic.packets=2147483647")).contains("devices.nic.packets must be 0..1048576");
        assertThat(refusal("devices.disk.seekCycles=9223372036854775807"))
                .contains("devices.disk.seekCycles must be 0..1000000000, got 9223372036854775807");
        assertThat(refusal("devices.nic.meanArrivalCycles=0")).contains("devices.nic.meanArrivalCycles must be 1..1000000000");
    }

    @Test
    void atTheEndOfTheRangeTheLatenciesAddWithoutWrappingRound() throws Exception {
        ProgramImage program = Assembler.assemble(Path.of("..", "examples", "racy-counter.s"));
        RunResult usual = Simulation.run(program, config(), Console.silent(), RunOptions.LOGS).result();
        String most = Long.toString(1_000_000_000L);
        RunResult slowest = Simulation.run(program, config("memory.dramCycles=" + most, "memory.perturbationCycles=" + most,
                "memory.directoryCycles=" + most, "caches.l2.hitCycles=" + most), Console.silent(), RunOptions.LOGS).result();
        assertThat(slowest.cause()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(slowest.instructionsPerCpu()).isEqualTo(usual.instructionsPerCpu());
        // at least one miss goes to DRAM: its directory and DRAM latencies are a billion cycles each
        assertThat(slowest.cycles()).isGreaterThan(2_000_000_000L).isGreaterThan(usual.cycles());
    }
}
