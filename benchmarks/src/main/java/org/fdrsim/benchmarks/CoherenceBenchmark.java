package org.fdrsim.benchmarks;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fdrsim.coherence.tester.ProtocolTester;
import org.fdrsim.coherence.tester.TesterConfig;
import org.fdrsim.coherence.tester.TesterResult;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The coherence engine alone: the protocol tester (no instruction set, no run loop, no recorder)
 * on FDR1's torus and caches, a few falsely shared blocks, so nearly every operation misses.
 * It counts coherence messages and the benchmark thread's CPU time, so that the host time of a
 * message can be read apart from the machine around it (docs/performance-history.md, "Stop 28": the
 * machine's per-miss time is mostly this); {@code benchmarks/cpu-score.py} prints nanoseconds
 * per message.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar CoherenceBenchmark -rf json -rff coherence.json</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 4, time = 3)
@Fork(1)
public class CoherenceBenchmark {
    private static final long OPS = 100_000;

    @Param({"4", "16"})
    public int cpus;

    private TesterConfig config;
    private long seed;

    @Setup(Level.Trial)
    public void setup() {
        config = TesterConfig.defaults().withTorus(true).withCaches(1024, 4, 64).withShape(cpus, 8, 8)
                .withOps(OPS);
    }

    /**
     * One tester run of {@link #OPS} operations, a new seed each time: its coherence messages,
     * counted with the thread's CPU time as {@link WorkloadBenchmark}'s runs count instructions.
     */
    @Benchmark
    public long messages(WorkloadBenchmark.CpuTime cpu) {
        TesterResult r = ProtocolTester.run(config.withSeed(++seed));
        if (!r.passed()) {
            throw new IllegalStateException("the protocol tester failed: " + r.report());
        }
        long n = messageCount(r.stats());
        cpu.simulated += n;
        return n;
    }

    /** The coherence messages a memory system's statistics count ({@code MemorySystem.stats()}). */
    static long messageCount(Map<String, Object> stats) {
        Map<?, ?> messages = (Map<?, ?>) stats.get("messages");
        return ((Number) ((Map<?, ?>) messages.get("total")).get("count")).longValue();
    }
}
