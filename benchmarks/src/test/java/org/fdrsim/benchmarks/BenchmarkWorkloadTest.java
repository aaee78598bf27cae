package org.fdrsim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.replayer.ReplayOutcome;
import org.fdrsim.replayer.Replayer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BenchmarkWorkloadTest {
    /**
     * The shipped workloads outside the default table: each is recorded by the benchmark's
     * setup and replayed to the end (the replay throws if it does not complete), at 4 processors.
     * The lost-update loop's recording, the longest, is replayed by the test of its counts below.
     */
    @ParameterizedTest
    @ValueSource(strings = {"lu", "radix", "stencil", "oltp", "jbb", "web", "packet-echo", "console-echo"})
    void everyShippedWorkloadRecordsAndReplays(String workload) {
        WorkloadBenchmark b = new WorkloadBenchmark();
        b.workload = workload;
        b.cpus = 4;
        b.setup();
        WorkloadBenchmark.CpuTime cpu = new WorkloadBenchmark.CpuTime();
        long replayed = b.replay(new WorkloadBenchmark.Instructions(), cpu);
        assertThat(replayed).isGreaterThan(100_000);
        assertThat(cpu.simulated).isEqualTo(replayed);
    }

    /** console-echo really reads its fixed input: the run prints it in upper case, then its length. */
    @Test
    void consoleEchoCopiesItsInput() {
        BenchmarkWorkload w = BenchmarkWorkload.of("console-echo");
        Console console = w.console();
        Simulation.run(w.program(4), w.config(4, true), console, RunOptions.LOGS);
        assertThat(console.outputText())
                .startsWith("THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG\nTHE QUICK")
                .contains(String.valueOf(BenchmarkWorkload.CONSOLE_INPUT_BYTES));
        assertThat(BenchmarkWorkload.of("fft").console().load(AddressMap.CONSOLE_GETC)).isEqualTo(-1);
    }

    /**
     * The lost-update loop is the stall-bound case its benchmark row stands for: recorded, its
     * processors wait for the race log far longer than the timed run takes, and they lose the
     * block while they wait, so the recording makes many times the timed run's coherence messages
     * (docs/performance.md, "A stalled processor costs no host time"). The recording replays to
     * its end, as the benchmark's setup and {@code replay} need.
     */
    @Test
    void theLostUpdateLoopRecordedWaitsAndMakesManyTimesTheMessagesAndReplays() {
        BenchmarkWorkload w = BenchmarkWorkload.of("lost-update");
        Simulation timed = Simulation.run(w.program(4), w.config(4, false), w.console(), RunOptions.LOGS);
        Simulation recorded = Simulation.run(w.program(4), w.config(4, true), w.console(), RunOptions.LOGS);
        assertThat(timed.machine().instructionsSoFar()).isGreaterThan(4L * 3 * BenchmarkWorkload.LOST_UPDATE_ITERATIONS);
        assertThat(recorded.result().cycles()).isGreaterThan(10 * timed.result().cycles());
        assertThat(messages(recorded)).isGreaterThan(10 * messages(timed));
        ReplayOutcome replayed = Replayer.replay(DumpReplay.input(recorded.dump(), 0));
        assertThat(replayed.completed()).as(String.valueOf(replayed.problem())).isTrue();
        assertThat(replayed.instructions()).isGreaterThan(100_000);
    }

    private static long messages(Simulation s) {
        return CoherenceBenchmark.messageCount(s.timed().memorySystem().stats());
    }

    @Test
    void anUnknownWorkloadIsNamed() {
        assertThatThrownBy(() -> BenchmarkWorkload.of("console"))
                .hasMessageContaining("unknown benchmark workload 'console'");
    }
}
