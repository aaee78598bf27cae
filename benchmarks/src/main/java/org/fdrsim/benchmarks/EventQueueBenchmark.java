package org.fdrsim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.fdrsim.cpu.sim.EventHandler;
import org.fdrsim.cpu.sim.EventQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * The event queue alone, with as many events pending as the simulators keep (the recorded random
 * tester: 2 on average at 4 processors, 6 at 16, 11 at 64; the protocol tester: 6 at 4, 12 at
 * 16; docs/performance-history.md, "Stop 28") and with 100: every event fired schedules one more at a
 * pseudo-random delay of 10 to 136 cycles, as a delivery or a delayed send does. Nanoseconds per
 * event (one {@code step} and one {@code schedule}).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar EventQueueBenchmark</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class EventQueueBenchmark {
    private static final int EVENTS = 100_000;

    @Param({"6", "12", "100"})
    public int pending;

    private EventQueue queue;
    private long state = 0x9E3779B97F4A7C15L;
    private long fired;
    private final EventHandler reschedule = this::reschedule;

    @Setup(Level.Trial)
    public void setup() {
        queue = new EventQueue();
        for (int i = 0; i < pending; i++) {
            queue.schedule(i, reschedule, null, i);
        }
    }

    private void reschedule(long now, Object payload, long arg) {
        long x = state; // xorshift: the delays are deterministic but no predictor learns them
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        state = x;
        fired += arg;
        queue.schedule(now + 10 + (x >>> 58) + ((x >>> 40) & 63), reschedule, null, arg);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long fire() {
        for (int i = 0; i < EVENTS; i++) {
            queue.step();
        }
        return fired;
    }
}
