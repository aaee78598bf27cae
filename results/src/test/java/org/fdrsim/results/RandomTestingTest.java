package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.workloads.WorkloadRegistry;
import org.junit.jupiter.api.Test;

/** Random testing: runs from the configuration's seed on, every replay bit-exact, one outcome on any thread count. */
class RandomTestingTest {
    @Test
    void recordsAndReplaysEachSeedOnceAndTheThreadCountChangesNothing() throws Exception {
        ProgramImage tester = WorkloadRegistry.shipped(WorkloadRegistry.RANDOM_TESTER);
        MachineConfig base = ConfigLoader.fdr1().set("cpus", "2").set("seed", "5").set("recorder.enabled", "true")
                .build();
        List<Long> heard = Collections.synchronizedList(new ArrayList<>());
        RandomTesting.Outcome two = RandomTesting.run(tester, base, 3, 2, r -> heard.add(r.seed()));
        RandomTesting.Outcome one = RandomTesting.run(tester, base, 3, 1, r -> { });

        assertThat(heard).containsExactlyInAnyOrder(5L, 6L, 7L);
        assertThat(two.allBitExact()).isTrue();
        assertThat(two.failed()).isEmpty();
        assertThat(two.reports()).isEmpty();
        assertThat(two.firstSeed()).isEqualTo(5);
        assertThat(two.signatures().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(3);
        assertThat(two.signatures().size()).as("perturbed runs differ").isGreaterThan(1);
        assertThat(two.instructions()).isPositive();
        assertThat(one.signatures()).isEqualTo(two.signatures());
        assertThat(one.instructions()).isEqualTo(two.instructions());
    }
}
