package org.fdrsim.cpu.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.fdrsim.cpu.functional.FunctionalConfig;
import org.fdrsim.cpu.functional.FunctionalMachine;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.junit.jupiter.api.Test;

/** Breakpoints patched into a processor's own copy of the code: stop before, pass once, unpatch. */
class BreakpointPatchTest {
    private static final String LOOP = """
            .text
            _start:
                li r1, 5
            loop:
                addi r2, r2, 1      # pc 1
                addi r1, r1, -1     # pc 2
                bne r1, r0, loop    # pc 3
                halt
            """;

    private static Processor cpu(ProgramImage program, int cpus) {
        FunctionalMachine m = new FunctionalMachine(program, FunctionalConfig.of(cpus, 1).withLimits(10_000, 0),
                new Console("".getBytes(StandardCharsets.UTF_8), null));
        return m.cpu(0);
    }

    @Test
    void aRunStopsBeforeEachArrivalAtAPatchedPcAndPassingExecutesTheOriginalInstruction() {
        ProgramImage program = Exec.assemble(LOOP);
        Processor p = cpu(program, 1);
        p.setBreakpoints(new int[] {2});
        int hits = 0;
        while (p.run(Long.MAX_VALUE, 1000) == ProcessorState.RUNNING) {
            assertThat(p.pc()).isEqualTo(2);
            assertThat(p.atBreakpoint()).isTrue();
            assertThat(p.register(2)).as("the addi before the break ran, the one under it not yet").isEqualTo(hits + 1);
            assertThat(p.instructionCount()).isEqualTo(2 + 3L * hits);
            hits++;
            p.passBreakpoint();
            assertThat(p.atBreakpoint()).isFalse();
        }
        assertThat(hits).isEqualTo(5);
        assertThat(p.state()).isEqualTo(ProcessorState.HALTED);
        assertThat(p.register(1)).isZero();
        assertThat(p.register(2)).isEqualTo(5);
        assertThat(p.instructionCount()).as("the same instructions as without breakpoints").isEqualTo(1 + 3 * 5 + 1);
    }

    @Test
    void withoutPassingTheRunDoesNotMoveAndUnpatchingRunsThrough() {
        ProgramImage program = Exec.assemble(LOOP);
        Processor p = cpu(program, 1);
        p.setBreakpoints(new int[] {1, 3});
        p.run(Long.MAX_VALUE, 1000);
        assertThat(p.pc()).isEqualTo(1);
        p.run(Long.MAX_VALUE, 1000);
        assertThat(p.pc()).as("not passed: stays").isEqualTo(1);
        assertThat(p.instructionCount()).isEqualTo(1);
        p.passBreakpoint();
        p.run(Long.MAX_VALUE, 1000);
        assertThat(p.pc()).isEqualTo(3);
        p.setBreakpoints(new int[0]);
        assertThat(p.atBreakpoint()).isFalse();
        assertThat(p.run(Long.MAX_VALUE, 1000)).isEqualTo(ProcessorState.HALTED);
        assertThat(p.register(2)).isEqualTo(5);
    }

    @Test
    void thePatchIsTheProcessorsOwnAndAPassLimitedByTheIcLimitWaits() {
        ProgramImage program = Exec.assemble(LOOP);
        Processor p = cpu(program, 1);
        p.setBreakpoints(new int[] {1});
        Processor other = cpu(program, 1);
        assertThat(other.run(Long.MAX_VALUE, 1000)).as("the shared code is not patched").isEqualTo(ProcessorState.HALTED);
        p.run(Long.MAX_VALUE, 1000);
        p.passBreakpoint();
        p.run(Long.MAX_VALUE, p.instructionCount()); // executes nothing: the pass stays
        assertThat(p.atBreakpoint()).isFalse();
        p.run(Long.MAX_VALUE, 1000);
        assertThat(p.pc()).isEqualTo(1);
        assertThat(p.instructionCount()).isEqualTo(4);
        assertThatThrownBy(() -> p.setBreakpoints(new int[] {99})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outside the code");
    }
}
