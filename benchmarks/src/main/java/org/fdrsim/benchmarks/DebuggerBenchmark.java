package org.fdrsim.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
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
import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplayProbe;
import org.fdrsim.replayer.Replayer;
import org.fdrsim.replayer.debug.DebugSession;
import org.fdrsim.replayer.debug.StopEvent;
import org.fdrsim.replayer.debug.TimelineInfo;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The replay debugger's speed (issue 13) on a replay of over 10 million instructions (the
 * random tester, 4 processors, 120,000 operations each, 4 intervals): {@code plainReplay};
 * {@code continueWithOneWatchpoint} (a word nobody changes: the whole replay with the
 * watchpoint listener on, and the timeline taking its snapshots); from the end with the timeline
 * warm (its snapshots taken by a {@code goto end}): {@code reverseStepi},
 * {@code reverseContinue} (a watchpoint on {@code finished}, last written near the end: full
 * speed, window by window) and {@code reverseContinueWithCondition} (the same watchpoint with a
 * condition: instruction by instruction, window by window). {@code snapshotEvery} is the
 * timeline's K. Run from the repository root.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class DebuggerBenchmark {
    @Param({"100000"})
    public long snapshotEvery;

    private ReplayInput input;
    private DebugSession stepping;
    private DebugSession watching;
    private DebugSession watchingIf;
    private DebugSession breaking;
    private ReplayPosition end;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        String src = Files.readString(Path.of("examples", "random-tester.s"))
                .replace(".equ ITERATIONS, 2000", ".equ ITERATIONS, 120000");
        ProgramImage program = Assembler.assemble("random-tester.s", src, IncludeResolver.fileSystem());
        MachineConfig config = ConfigLoader.fdr1().set("cpus", "4").set("seed", "1").set("recorder.enabled", "true")
                .set("checkpoint.intervalCycles", "80000000").set("checkpoint.retained", "8").build();
        input = DumpReplay.input(Simulation.run(program, config, Console.silent(), RunOptions.LOGS).dump(), 0);
        if (input.loggedInstructions() < 10_000_000) {
            throw new IllegalStateException("the replay has only " + input.loggedInstructions() + " instructions");
        }
        stepping = new DebugSession(input, () -> ReplayProbe.NONE, snapshotEvery);
        stepping.goToEnd(); // the timeline takes its snapshots on the way
        end = stepping.position();
        watching = new DebugSession(input, () -> ReplayProbe.NONE, snapshotEvery);
        watching.addWatchpoint("finished", null);
        watching.goToEnd();
        watchingIf = new DebugSession(input, () -> ReplayProbe.NONE, snapshotEvery);
        watchingIf.addWatchpoint("finished", "1");
        watchingIf.goToEnd();
        breaking = new DebugSession(input, () -> ReplayProbe.NONE, snapshotEvery);
        breaking.addBreakpoint("fold", -1, "cpuid == 3");
        breaking.goToEnd();
        System.out.printf(Locale.ROOT, "%n%d instructions; timeline after goto end: %s%n", input.loggedInstructions(),
                describe(stepping.snapshots()));
    }

    /** Back to the end before each call: from the newest snapshot, not a whole replay. */
    @Setup(Level.Invocation)
    public void toTheEnd() {
        stepping.goTo(end);
        watching.goTo(end);
        watchingIf.goTo(end);
        breaking.goTo(end);
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.printf(Locale.ROOT, "%ntimeline at the end: %s%n", describe(watching.snapshots()));
    }

    private static String describe(TimelineInfo t) {
        return String.format(Locale.ROOT, "%d snapshots (K %d), %d pages, %.2f MB of host memory", t.snapshots(), t.every(),
                t.pages(), t.hostBytes() / 1048576.0);
    }

    @Benchmark
    public ReplayOutcome plainReplay() {
        return Replayer.replay(input);
    }

    @Benchmark
    public StopEvent continueWithOneWatchpoint() {
        DebugSession d = new DebugSession(input, () -> ReplayProbe.NONE, snapshotEvery);
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
        return breaking.reverseContinue();
    }

    @Benchmark
    public StopEvent reverseStepi() {
        return stepping.reverseStepi(1);
    }

    @Benchmark
    public StopEvent reverseContinue() {
        return watching.reverseContinue();
    }

    @Benchmark
    public StopEvent reverseContinueWithCondition() {
        return watchingIf.reverseContinue();
    }
}
