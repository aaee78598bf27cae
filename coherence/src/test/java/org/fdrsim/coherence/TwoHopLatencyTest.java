package org.fdrsim.coherence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.fdrsim.coherence.network.TorusNetwork;
import org.fdrsim.cpu.core.MemoryPort;
import org.fdrsim.cpu.sim.EventQueue;
import org.junit.jupiter.api.Test;

/**
 * FDR1 calibration (Table 3): an uncontended 2-hop read miss served from memory takes 180 ns
 * = 720 cycles at 4 GHz, on average over the remote homes of a 2x2 torus with the default
 * configurations of this module and of {@link TorusNetwork}.
 */
class TwoHopLatencyTest {
    @Test
    void uncontendedReadMissFromMemoryAveragesAbout720Cycles() {
        EventQueue queue = new EventQueue();
        TorusNetwork network = new TorusNetwork(queue, 4);
        MemorySystem mem = new MemorySystem(CoherenceConfig.fdr1(), queue, network);
        long[] doneAt = new long[1];
        for (int c = 0; c < 4; c++) {
            mem.cache(c).setMissCompletion((cpu, now) -> doneAt[0] = now);
        }
        long total = 0;
        int samples = 0;
        long block = 0x100000;
        for (int round = 0; round < 8; round++) {
            for (int cpu = 0; cpu < 4; cpu++) {
                for (int home = 0; home < 4; home++) {
                    if (home == cpu) {
                        continue; // a local home is not a 2-hop miss over the network
                    }
                    while (mem.home(block) != home) {
                        block += 64;
                    }
                    long start = queue.now();
                    assertThat(mem.cache(cpu).acquire(block, false, 0, 0)).isEqualTo(MemoryPort.MISS);
                    doneAt[0] = -1;
                    while (!queue.isEmpty()) {
                        queue.step(); // runs the miss and its Unblock: nothing else is in flight
                    }
                    assertThat(doneAt[0]).isPositive();
                    total += doneAt[0] - start;
                    samples++;
                    block += 64;
                }
            }
        }
        double mean = (double) total / samples;
        System.out.printf("uncontended 2-hop read miss: %.1f cycles = %.1f ns (mean of %d)%n", mean, mean / 4,
                samples);
        assertThat(mean).isCloseTo(720.0, within(72.0));
    }
}
