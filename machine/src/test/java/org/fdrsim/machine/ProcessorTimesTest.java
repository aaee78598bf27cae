package org.fdrsim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.io.Timers;
import org.fdrsim.machine.config.ConfigLoader;
import org.junit.jupiter.api.Test;

/** The run loop's view of the processors: who goes next, the runner-up, the device horizon. */
class ProcessorTimesTest {
    @Test
    void theDeviceHorizonIsTheOthersEarliestTimeWithTiesToTheLowerNumber() throws Exception {
        TimedMachine m = MachineBuilder.timed(Assembler.assemble("idle.s", ".text\n_start: halt\n",
                IncludeResolver.none()), ConfigLoader.fdr1().set(List.of("cpus=5")).build(), Console.silent());
        Processor[] cpus = new Processor[5];
        long[] clocks = {7, 9, 7, 12, 3};
        for (int c = 0; c < 5; c++) {
            cpus[c] = m.cpu(c);
            cpus[c].advanceTo(clocks[c]);
        }
        cpus[4].setState(ProcessorState.HALTED); // never goes on: not in anyone's horizon
        ProcessorTimes times = new ProcessorTimes(cpus, new Timers(5));
        times.rebuild();
        assertThat(times.chosen()).isZero(); // 7, tied with processor 2: the lower number
        assertThat(times.second()).isEqualTo(7);
        assertThat(times.deviceHorizon(times.chosen())).as("processor 2 is at 7 too, but after 0").isEqualTo(7);
        cpus[0].advanceTo(8);
        times.update(0);
        assertThat(times.chosen()).isEqualTo(2);
        assertThat(times.second()).isEqualTo(8);
        assertThat(times.deviceHorizon(times.chosen())).as("processor 0 at 8 goes before processor 2 at 8").isEqualTo(7);
        cpus[2].advanceTo(10);
        times.update(2);
        assertThat(times.chosen()).isZero();
        assertThat(times.deviceHorizon(times.chosen())).as("processor 1 at 9").isEqualTo(9);
        cpus[0].advanceTo(20);
        cpus[1].setState(ProcessorState.HALTED);
        times.update(0);
        times.update(1);
        assertThat(times.chosen()).isEqualTo(2);
        assertThat(times.deviceHorizon(times.chosen())).as("processor 3 at 12, after 2").isEqualTo(12);
        assertThat(times.deviceHorizon(3)).as("processor 3 itself, not the chosen one: 2, at 10, goes first").isEqualTo(9);
    }
}
