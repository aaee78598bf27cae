package org.fdrsim.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.replayer.ReplayInput;
import org.fdrsim.replayer.ReplayOutcome;
import org.fdrsim.replayer.ReplayProbe;
import org.fdrsim.replayer.Replayer;
import org.fdrsim.replayer.debug.DebugSession;
import org.fdrsim.replayer.debug.StopEvent;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The replay debugger's speed (issue 13) on a replay of about 8.6 million instructions (the
 * random tester, 4 processors, 100,000 operations each, 4 intervals): {@code plainReplay};
 * {@code continueWithOneWatchpoint} (a word nobody changes: the whole replay with the
 * watchpoint listener on); {@code reverseStepi} and {@code reverseContinue} from the end (a
 * watchpoint on {@code finished}, last written near the end). Run from the repository root.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class DebuggerBenchmark {
    private ReplayInput input;
    private DebugSession atEnd;
    private DebugSession watchingAtEnd;
    private DebugSession breakingAtEnd;

    @Setup
    public void setup() throws Exception {
        String src = Files.readString(Path.of("examples", "random-tester.s"))
                .replace(".equ ITERATIONS, 2000", ".equ ITERATIONS, 100000");
        ProgramImage program = Assembler.assemble("random-tester.s", src, IncludeResolver.fileSystem());
        MachineConfig config = ConfigLoader.fdr1().set("cpus", "4").set("seed", "1").set("recorder.enabled", "true")
                .set("checkpoint.intervalCycles", "80000000").build();
        input = DumpReplay.input(Simulation.run(program, config, Console.silent(), RunOptions.LOGS).dump(), 0);
    }

    @Setup(Level.Invocation)
    public void toTheEnd() {
        atEnd = new DebugSession(input, () -> ReplayProbe.NONE);
        atEnd.goToEnd();
        watchingAtEnd = new DebugSession(input, () -> ReplayProbe.NONE);
        watchingAtEnd.addWatchpoint("finished", null);
        watchingAtEnd.goToEnd();
        breakingAtEnd = new DebugSession(input, () -> ReplayProbe.NONE);
        breakingAtEnd.addBreakpoint("fold", -1, "cpuid == 3");
        breakingAtEnd.goToEnd();
    }

    @Benchmark
    public ReplayOutcome plainReplay() {
        return Replayer.replay(input);
    }

    @Benchmark
    public StopEvent continueWithOneWatchpoint() {
        DebugSession d = new DebugSession(input, () -> ReplayProbe.NONE);
        d.addWatchpoint("signatures+504", null);
        return d.cont();
    }

    /** From the start to the end: every operation of every processor arrives at the breakpoint, whose condition never holds. */
    @Benchmark
    public StopEvent continueToBreakpoint() {
        DebugSession d = new DebugSession(input, () -> ReplayProbe.NONE);
        d.addBreakpoint("fold", -1, "r0 == 1");
        return d.cont();
    }

    /** From the end back to processor 3's last operation: a conditional breakpoint every processor arrives at. */
    @Benchmark
    public StopEvent reverseContinueToBreakpoint() {
        return breakingAtEnd.reverseContinue();
    }

    @Benchmark
    public StopEvent reverseStepi() {
        return atEnd.reverseStepi(1);
    }

    @Benchmark
    public StopEvent reverseContinue() {
        return watchingAtEnd.reverseContinue();
    }
}
