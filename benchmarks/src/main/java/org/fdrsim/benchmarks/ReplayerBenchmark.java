package org.fdrsim.benchmarks;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.replayer.ReplayInput;
import org.fdrsim.replayer.ReplayOutcome;
import org.fdrsim.replayer.Replayer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Replay speed against the recording simulation of the same run (issue 7: replay must be at
 * least 3x faster): {@code record} runs the timed machine with the FDR recorder on and builds
 * the dump; {@code replay} replays that dump's logs once (one schedule) from the oldest
 * checkpoint. Run from the repository root (it reads examples/).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ReplayerBenchmark {
    @Param({"random-tester.s"})
    public String workload;

    @Param({"4"})
    public int cpus;

    private ProgramImage program;
    private MachineConfig config;
    private ReplayInput input;

    @Setup
    public void setup() throws Exception {
        program = Assembler.assemble(Path.of("examples", workload));
        config = ConfigLoader.fdr1().set("cpus", Integer.toString(cpus)).set("seed", "1")
                .set("recorder.enabled", "true").build();
        input = DumpReplay.input(recordOnce(), 0);
    }

    private CoreDump recordOnce() {
        return Simulation.run(program, config, Console.silent(), RunOptions.LOGS).dump();
    }

    @Benchmark
    public CoreDump record() {
        return recordOnce();
    }

    @Benchmark
    public ReplayOutcome replay() {
        return Replayer.replay(input);
    }
}
