package org.fdrsim.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.replayer.ReplayInput;
import org.fdrsim.replayer.ReplayOutcome;
import org.fdrsim.replayer.Replayer;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Simulated instructions per second on the workloads people run (issue 14), one per class
 * ({@link BenchmarkWorkload}), at 4 and 16 processors: the timed machine ({@code timed}), the
 * timed machine recording with FDR ({@code recorded}: run and flush, the dump not built), and
 * the replay of that recording ({@code replay}: one schedule, from the oldest checkpoint), the
 * three interleaved in every operation ({@code paired}, for their ratios), and building the
 * recording machine alone ({@code build}). A
 * run is one operation, building the machine included. Scores: the {@code instructions}
 * counter is simulated instructions per wall-clock second; on a shared machine read instead
 * {@code simulated / cpuMicros} (both totals over the measurement iterations): simulated
 * instructions per host CPU microsecond of the benchmark thread, which other processes on the
 * machine do not dilute ({@code benchmarks/cpu-score.py} prints that table from
 * {@code -rf json} output).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar WorkloadBenchmark -rf json</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 4, time = 3)
@Fork(1)
public class WorkloadBenchmark {
    @Param({"random-tester", "dynweb", "disk-checksum", "fft", "private-mix"})
    public String workload;

    @Param({"4", "16"})
    public int cpus;

    private ProgramImage program;
    private MachineConfig timed;
    private MachineConfig recorded;
    private ReplayInput replayInput;
    /** The workload {@link #workload} names: its program, configurations and console input. */
    private BenchmarkWorkload kind;

    /** Simulated instructions, summed over the operations of an iteration: JMH reports them per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Instructions {
        public long instructions;

        @Setup(Level.Iteration)
        public void clear() {
            instructions = 0;
        }
    }

    /** Totals: simulated instructions and the benchmark thread's CPU time, in microseconds. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuTime {
        static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        public long simulated;
        public long cpuMicros;
        private long start;

        @Setup(Level.Iteration)
        public void clear() {
            simulated = 0;
            cpuMicros = 0;
        }

        @Setup(Level.Invocation)
        public void begin() {
            start = THREADS.getCurrentThreadCpuTime();
        }

        @TearDown(Level.Invocation)
        public void end() {
            cpuMicros += (THREADS.getCurrentThreadCpuTime() - start) / 1000;
        }

        long add(long instructions, Instructions perSecond) {
            simulated += instructions;
            perSecond.instructions += instructions;
            return instructions;
        }
    }

    @Setup(Level.Trial)
    public void setup() {
        kind = BenchmarkWorkload.of(workload);
        program = kind.program(cpus);
        timed = kind.config(cpus, false);
        recorded = kind.config(cpus, true);
        replayInput = DumpReplay.input(Simulation.run(program, recorded, kind.console(), RunOptions.LOGS).dump(), 0);
    }

    @Benchmark
    public long timed(Instructions n, CpuTime cpu) {
        return cpu.add(run(timed), n);
    }

    @Benchmark
    public long recorded(Instructions n, CpuTime cpu) {
        return cpu.add(run(recorded), n);
    }

    /** One whole run of the program on {@code config}: its simulated instructions. */
    private long run(MachineConfig config) {
        return simulate(config).machine().instructionsSoFar();
    }

    private Simulation simulate(MachineConfig config) {
        return Simulation.run(program, config, kind.console(), RunOptions.LOGS);
    }

    /**
     * Building the recording machine without running it (memory with the program's data, caches,
     * directories, network, recorder): what every run pays before its first instruction, and a
     * good part of these short runs at 16 and 64 processors. Milliseconds per machine.
     */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public Simulation build() {
        return Simulation.prepare(program, recorded, kind.console(), RunOptions.LOGS);
    }

    /**
     * The three runs of {@code timed}, {@code recorded} and {@code replay} interleaved: every
     * operation does one of each, in an order that rotates from one operation to the next, and
     * adds each run's instructions and thread CPU time to its own counters. The host's speed
     * drifts by up to 1.4x within minutes (docs/performance-history.md, "Stop 23"), so the ratios of
     * runs made minutes apart mean little; these three see the same host, so their ratios (FDR
     * overhead, replay / recording) hold. {@code cpu-score.py} prints them. The timed and
     * recorded runs also count their coherence messages, read after the run's CPU time is taken,
     * for the host time per message.
     */
    @Benchmark
    public long paired(Paired p) {
        long n = 0;
        for (int i = 0; i < 3; i++) {
            int which = (p.next + i) % 3;
            long start = CpuTime.THREADS.getCurrentThreadCpuTime();
            Simulation run = which == 2 ? null : simulate(which == 0 ? timed : recorded);
            long instructions = run == null ? replayOnce() : run.machine().instructionsSoFar();
            long micros = (CpuTime.THREADS.getCurrentThreadCpuTime() - start) / 1000;
            long messages = run == null ? 0 : CoherenceBenchmark.messageCount(run.timed().memorySystem().stats());
            p.add(which, instructions, micros, messages);
            n += instructions;
        }
        p.next = (p.next + 1) % 3;
        return n;
    }

    /**
     * Totals of {@link #paired}, per kind of run: simulated instructions and thread CPU
     * microseconds, and the coherence messages of the timed and recorded runs.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Paired {
        public long timedSimulated;
        public long timedCpuMicros;
        public long timedMessages;
        public long recordedSimulated;
        public long recordedCpuMicros;
        public long recordedMessages;
        public long replaySimulated;
        public long replayCpuMicros;
        /** Which run an operation starts with; rotates so that no kind always runs first. */
        int next;

        @Setup(Level.Iteration)
        public void clear() {
            timedSimulated = 0;
            timedCpuMicros = 0;
            timedMessages = 0;
            recordedSimulated = 0;
            recordedCpuMicros = 0;
            recordedMessages = 0;
            replaySimulated = 0;
            replayCpuMicros = 0;
        }

        void add(int which, long instructions, long micros, long messages) {
            switch (which) {
                case 0 -> {
                    timedSimulated += instructions;
                    timedCpuMicros += micros;
                    timedMessages += messages;
                }
                case 1 -> {
                    recordedSimulated += instructions;
                    recordedCpuMicros += micros;
                    recordedMessages += messages;
                }
                default -> {
                    replaySimulated += instructions;
                    replayCpuMicros += micros;
                }
            }
        }
    }

    @Benchmark
    public long replay(Instructions n, CpuTime cpu) {
        return cpu.add(replayOnce(), n);
    }

    /** One replay of the recording: its instructions. */
    private long replayOnce() {
        ReplayOutcome o = Replayer.replay(replayInput);
        if (!o.completed()) {
            throw new IllegalStateException(workload + " did not replay: " + o.problem());
        }
        return o.instructions();
    }
}
