package org.fdrsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.machine.stats.RunStatistics;
import org.fdrsim.machine.stats.StatsTree;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.workloads.WorkloadRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Counting a spin loop's iterations instead of running them changes nothing a run produces. Each
 * program runs twice, timed and recorded: once as it is, once with a listener that watches every
 * memory access, which makes each processor run every iteration (the listener must see them). The
 * statistics and the dump must be the same bytes, and the first run must really have counted
 * iterations (else this compares a thing with itself).
 */
class SpinLoopsCountedTest {
    private static final String CHECKPOINTS = "checkpoint.intervalCycles=200000";

    static Stream<Arguments> programs() {
        List<String> dynweb = new ArrayList<>(List.of("cpus=4", "seed=2", CHECKPOINTS));
        dynweb.addAll(WorkloadRegistry.settings("dynweb", 6));
        return Stream.of(
                Arguments.of("dynweb-6", (Supplier<ProgramImage>) () -> WorkloadRegistry.scaled("dynweb", 6, 4), dynweb),
                Arguments.of("disk-checksum", (Supplier<ProgramImage>) () -> WorkloadRegistry.shipped("fullsys/disk-checksum"),
                        List.of("cpus=4", "seed=7", CHECKPOINTS, "devices.enabled=true")),
                Arguments.of("spin-lock", (Supplier<ProgramImage>) SpinLoopsCountedTest::spinLock,
                        List.of("cpus=4", "seed=3", "checkpoint.intervalCycles=20000")),
                Arguments.of("relay", (Supplier<ProgramImage>) SpinLoopsCountedTest::relay,
                        List.of("cpus=4", "seed=5", "checkpoint.intervalCycles=20000")));
    }

    /** Spinners whose flags other processors set in turn: spins that end by an event, 20 times each. */
    private static ProgramImage relay() {
        try {
            return Assembler.assemble("relay.s", """
                    # Three processors pass a count along two flags, 20 rounds: cpu 2 works, then sets g; cpu 1 spins
                    # on g, then sets f; cpu 0 spins on f. A spinner's flag changes by an event while another spins.
                            .equ CONSOLE_PUTINT, 0xFFFF00000008
                            .equ ROUNDS, 20
                            .data
                            .align 64
                    f:      .word 0
                            .align 64
                    g:      .word 0
                            .text
                    _start: csrr r1, cpuid
                            li   r2, 1
                            li   r3, 2
                            li   r9, 1
                            li   r10, ROUNDS + 1
                            beq  r1, zero, waiter
                            beq  r1, r2, relay
                            beq  r1, r3, starter
                            halt
                    waiter: la   r4, f
                    wspin:  ld   r5, 0(r4)
                            bne  r5, r9, wspin
                            addi r9, r9, 1
                            bne  r9, r10, wspin
                            rdcycle r6
                            li   r7, CONSOLE_PUTINT
                            st   r6, 0(r7)
                            halt
                    relay:  la   r4, g
                            la   r8, f
                    rspin:  ld   r5, 0(r4)
                            bne  r5, r9, rspin
                            st   r9, 0(r8)
                            addi r9, r9, 1
                            bne  r9, r10, rspin
                            halt
                    starter: la  r4, g
                    work:   li   r3, 700
                    busy:   addi r3, r3, -1
                            bne  r3, zero, busy
                            st   r9, 0(r4)
                            addi r9, r9, 1
                            bne  r9, r10, work
                            halt
                    """, IncludeResolver.none());
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void countedIterationsGiveTheBytesOfExecutedOnes(String name, Supplier<ProgramImage> program, List<String> settings)
            throws Exception {
        ProgramImage p = program.get();
        for (boolean recorder : new boolean[] {false, true}) {
            MachineConfig config = config(settings, recorder);
            Simulation counted = Simulation.run(p, config, Console.silent(), RunOptions.LOGS);
            Simulation executed = Simulation.prepare(p, config, Console.silent(), RunOptions.LOGS);
            executed.timed().setListener(new ProcessorListener() {
                @Override
                public boolean observesMemoryAccesses() {
                    return true;
                }
            });
            executed.run();

            String what = name + (recorder ? " recorded" : " timed");
            assertThat(counted.result().cause()).as(what).isEqualTo(StopCause.ALL_HALTED);
            assertThat(spinIterations(counted.timed())).as(what + ": iterations counted").isPositive();
            assertThat(spinIterations(executed.timed())).as(what + ": every access watched").isZero();
            assertThat(counted.result().cycles()).as(what).isEqualTo(executed.result().cycles());
            assertThat(StatsTree.toJson(RunStatistics.of(counted))).as(what)
                    .isEqualTo(StatsTree.toJson(RunStatistics.of(executed)));
            if (recorder) {
                assertThat(CoreDumpWriter.toBytes(counted.dump())).as(what)
                        .isEqualTo(CoreDumpWriter.toBytes(executed.dump()));
            }
        }
    }

    private static long spinIterations(TimedMachine m) {
        long n = 0;
        for (int i = 0; i < m.cpuCount(); i++) {
            n += m.cpu(i).countedSpinIterations();
        }
        return n;
    }

    private static MachineConfig config(List<String> settings, boolean recorder) {
        try {
            List<String> all = new ArrayList<>(settings);
            all.add("recorder.enabled=" + recorder);
            return ConfigLoader.fdr1().set(all).build();
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static ProgramImage spinLock() {
        try {
            return Assembler.assemble(Path.of("..", "examples", "spin-lock.s"));
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
