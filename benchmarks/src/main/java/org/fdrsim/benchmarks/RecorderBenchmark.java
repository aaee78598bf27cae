package org.fdrsim.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of the FDR recorder in simulation speed: the same 4-processor timed run with the
 * recorder off and on (fdr policy, race log buffers, LZ4 compression, 5 extra bytes per reply).
 * Two workloads from {@code examples/}: the mostly-private mix (5 M instructions) and the
 * paper's random tester (all races). Time per run; the recorder's cost is the ratio.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar RecorderBenchmark</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RecorderBenchmark {
    @Param({"private-mix.s", "random-tester.s"})
    public String workload;

    @Param({"false", "true"})
    public boolean recorded;

    ProgramImage program;
    MachineConfig config;

    @Setup
    public void setup() throws Exception {
        program = load(workload);
        config = ConfigLoader.fdr1().set(List.of("cpus=4", "limits.maxInstructions=5000000",
                "recorder.enabled=" + recorded)).build();
    }

    @Benchmark
    public long run() {
        TimedMachine m = new TimedMachine(program, config, Console.silent());
        long instructions = m.run().instructions();
        if (m.recorder() != null) {
            m.recorder().flush();
        }
        return instructions;
    }

    static ProgramImage load(String name) {
        try (InputStream in = RecorderBenchmark.class.getResourceAsStream("/" + name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the benchmarks jar");
            }
            return Assembler.assemble(name, new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    IncludeResolver.none());
        } catch (IOException | AssemblyException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
