package org.fdrsim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BenchmarkWorkloadTest {
    /**
     * The shipped workloads outside the default table: each is recorded by the benchmark's
     * setup and replayed to the end (the replay throws if it does not complete), at 4 processors.
     */
    @ParameterizedTest
    @ValueSource(strings = {"lu", "radix", "stencil", "oltp", "jbb", "web", "packet-echo"})
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

    @Test
    void anUnknownWorkloadIsNamed() {
        assertThatThrownBy(() -> BenchmarkWorkload.of("console-echo"))
                .hasMessageContaining("unknown benchmark workload 'console-echo'");
    }
}
