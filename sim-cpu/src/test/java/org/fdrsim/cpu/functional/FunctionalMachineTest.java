package org.fdrsim.cpu.functional;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.junit.jupiter.api.Test;

/** The functional machine on the example programs: determinism, seeds, limits. */
class FunctionalMachineTest {
    private static final Path EXAMPLES = Path.of("..", "examples");

    private static ProgramImage example(String name) throws Exception {
        return Assembler.assemble(EXAMPLES.resolve(name));
    }

    private static RunResult run(ProgramImage p, int cpus, long seed) {
        return new FunctionalMachine(p, FunctionalConfig.of(cpus, seed), Console.silent()).run();
    }

    @Test
    void helloPrintsOnceWhateverTheProcessorCount() throws Exception {
        ProgramImage p = example("hello.s");
        for (int cpus : new int[] {1, 4}) {
            RunResult r = run(p, cpus, 1);
            assertThat(r.cause()).isEqualTo(StopCause.ALL_HALTED);
            assertThat(r.consoleOutput()).isEqualTo("Hello from fdrsim!\n");
        }
    }

    @Test
    void messagePassingAlwaysDeliversTheValue() throws Exception {
        ProgramImage p = example("message-passing.s");
        for (long seed = 1; seed <= 20; seed++) {
            assertThat(run(p, 2, seed).consoleOutput()).isEqualTo("42\n");
        }
    }

    @Test
    void spinLockCountsEveryIncrement() throws Exception {
        ProgramImage p = example("spin-lock.s");
        for (long seed = 1; seed <= 10; seed++) {
            assertThat(run(p, 4, seed).consoleOutput()).isEqualTo("4000\n");
        }
        assertThat(run(p, 2, 3).consoleOutput()).isEqualTo("2000\n");
    }

    @Test
    void racyCounterIsDeterministicPerSeedAndVariesAcrossSeeds() throws Exception {
        ProgramImage p = example("racy-counter.s");
        Set<String> outputs = new HashSet<>();
        for (long seed = 1; seed <= 10; seed++) {
            RunResult a = run(p, 4, seed);
            RunResult b = run(p, 4, seed);
            assertThat(a.consoleOutput()).isEqualTo(b.consoleOutput());
            assertThat(a.cycles()).isEqualTo(b.cycles());
            long total = Long.parseLong(a.consoleOutput().trim());
            assertThat(total).isBetween(1000L, 4000L);
            outputs.add(a.consoleOutput());
        }
        assertThat(outputs).as("lost updates differ between seeds").hasSizeGreaterThan(3);
    }

    @Test
    void instructionAndCycleLimitsStopTheRun() throws Exception {
        ProgramImage loop = Assembler.assemble("loop.s", ".text\n_start: j _start\n",
                org.fdrsim.cpu.asm.IncludeResolver.none());
        RunResult byIc = new FunctionalMachine(loop, FunctionalConfig.of(2, 1).withLimits(10_000, 0),
                Console.silent()).run();
        assertThat(byIc.cause()).isEqualTo(StopCause.INSTRUCTION_LIMIT);
        assertThat(byIc.instructions()).isEqualTo(10_000);

        RunResult byCycles = new FunctionalMachine(loop, FunctionalConfig.of(2, 1).withLimits(0, 5_000),
                Console.silent()).run();
        assertThat(byCycles.cause()).isEqualTo(StopCause.CYCLE_LIMIT);
        assertThat(byCycles.instructionsPerCpu()).containsExactly(5_000, 5_000);
    }
}
