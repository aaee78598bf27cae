package org.fdrsim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.functional.FunctionalConfig;
import org.fdrsim.cpu.functional.FunctionalMachine;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Throughput of the functional interpreter in simulated instructions per second: one
 * invocation runs {@link #INSTRUCTIONS} instructions of an ALU / branch / load / store
 * mix, so the score is instructions per second ("ops/s" in JMH's output).
 *
 * <p>Two programs with the same inner loop: {@code mix} executes nothing else, and
 * {@code private-mix} ({@code examples/private-mix.s}) also reads its cpu number once and adds
 * to a shared counter once per pass, as real programs execute system instructions and atomics.
 * The JIT compiles the interpreter from what the warm-up executed, so the two measure different
 * compiled loops (docs/performance-history.md, "Stop 24").
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar InterpreterBenchmark</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class InterpreterBenchmark {
    static final int INSTRUCTIONS = 20_000_000;

    /**
     * Walks a 4 KB array: per element 2 loads, 1 store, 5 ALU ops and 2 branches
     * (10 instructions: 30% memory, 50% ALU, 20% branches).
     */
    static final String MIX = """
                    .data
                    .align 64
            array:  .space 4096
                    .text
            _start: li   r9, 0x9E3779B97F4A7C15
            outer:  la   r1, array
                    li   r2, 512
            inner:  ld   r3, 0(r1)
                    ld   r4, 8(r1)
                    add  r3, r3, r4
                    xor  r3, r3, r9
                    shri r5, r3, 7
                    add  r3, r3, r5
                    st   r3, 0(r1)
                    addi r1, r1, 8
                    addi r2, r2, -1
                    bne  r2, zero, inner
                    j    outer
            """;

    @Param({"1", "4"})
    int cpus;

    @Param({"mix", "private-mix"})
    String program;

    ProgramImage image;

    @Setup
    public void setup() throws Exception {
        image = switch (program) {
            case "mix" -> Assembler.assemble("mix.s", MIX, IncludeResolver.none());
            case "private-mix" -> ExamplePrograms.privateMix();
            default -> throw new IllegalArgumentException("program must be mix or private-mix, got " + program);
        };
    }

    @Benchmark
    @OperationsPerInvocation(INSTRUCTIONS)
    public long functionalMix() {
        FunctionalConfig config = FunctionalConfig.of(cpus, 1).withLimits(INSTRUCTIONS, 0);
        RunResult result = new FunctionalMachine(image, config, Console.silent()).run();
        return result.instructions();
    }
}
