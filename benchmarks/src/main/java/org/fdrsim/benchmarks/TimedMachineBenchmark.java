package org.fdrsim.benchmarks;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.MachineBuilder;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Simulated instructions per second of the timed machine (FDR1 memory system, 4
 * processors) against the functional machine, on the same mostly-private workload. The
 * ratio of the two scores is the cost of timing the memory system.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar TimedMachineBenchmark</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TimedMachineBenchmark {
    static final int INSTRUCTIONS = 20_000_000;

    ProgramImage program;
    MachineConfig config;

    @Setup
    public void setup() throws Exception {
        program = ExamplePrograms.privateMix();
        config = ConfigLoader.fdr1().set(List.of("cpus=4", "limits.maxInstructions=" + INSTRUCTIONS)).build();
    }

    @Benchmark
    @OperationsPerInvocation(INSTRUCTIONS)
    public long timed() {
        RunResult r = MachineBuilder.timed(program, config, Console.silent()).run();
        return r.instructions();
    }

    @Benchmark
    @OperationsPerInvocation(INSTRUCTIONS)
    public long functional() {
        RunResult r = MachineBuilder.functional(program, config, Console.silent()).run();
        return r.instructions();
    }
}
