package org.fdrsim.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.util.HashSet;
import java.util.Set;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.machine.MachineBuilder;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.buffer.LogKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The commercial proxies on the kernel: they finish, compute what they must, and do the I/O they claim. */
class CommercialWorkloadsTest {
    static long small(CommercialWorkload w) {
        return switch (w) {
            case OLTP -> 24;
            case JBB -> 16;
            case WEB -> 16;
            case DYNWEB -> 12;
        };
    }

    record Run(RunResult result, TimedMachine machine) {}

    static Run run(CommercialWorkload w, int cpus, long seed, boolean record) throws Exception {
        long scale = small(w);
        ConfigLoader loader = ConfigLoader.fdr1().set("cpus", Integer.toString(cpus)).set("seed", Long.toString(seed))
                .set("recorder.enabled", Boolean.toString(record)).set("limits.maxCycles", "400000000");
        for (var e : w.settings(scale).entrySet()) {
            loader.set(e.getKey(), e.getValue());
        }
        MachineConfig config = loader.build();
        TimedMachine m = MachineBuilder.timed(w.assemble(scale), config, new Console(new byte[0], OutputStream.nullOutputStream()));
        return new Run(m.run(), m);
    }

    @ParameterizedTest
    @EnumSource(CommercialWorkload.class)
    void runsToCompletionWithTheSameResultOnAnyProcessorCount(CommercialWorkload w) throws Exception {
        Run four = run(w, 4, 1, false);
        assertThat(four.result().cause()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(four.result().consoleOutput().trim()).matches("-?\\d+");
        Run two = run(w, 2, 1, false);
        assertThat(two.result().consoleOutput()).isEqualTo(four.result().consoleOutput());
        Run again = run(w, 4, 1, false);
        assertThat(again.result().cycles()).isEqualTo(four.result().cycles()); // deterministic for a seed
        Run seed2 = run(w, 4, 2, false);
        if (w.usesNetwork()) {
            assertThat(seed2.result().consoleOutput()).isNotEqualTo(four.result().consoleOutput()); // other packets
        } else {
            assertThat(seed2.result().consoleOutput()).isEqualTo(four.result().consoleOutput()); // interleaving-independent
        }
        assertThat(seed2.result().cycles()).isNotEqualTo(four.result().cycles()); // perturbed
    }

    @ParameterizedTest
    @EnumSource(CommercialWorkload.class)
    void recordedRunsTakeInterruptsAndDma(CommercialWorkload w) throws Exception {
        Run r = run(w, 4, 3, true);
        assertThat(r.result().cause()).isEqualTo(StopCause.ALL_HALTED);
        var logs = r.machine().recorder().logs();
        assertThat(logs.totals(LogKind.INTERRUPT).entries()).isPositive();
        assertThat(logs.totals(LogKind.DMA_DATA).entries()).isPositive();
        assertThat(r.machine().deviceSystem().interrupts().routed()).isPositive();
        if (w.usesNetwork()) {
            // every request arrives by NIC DMA (one block per packet at least) and is answered by NIC DMA reads
            assertThat(logs.totals(LogKind.DMA_DATA).entries()).isGreaterThanOrEqualTo(small(w));
            assertThat(r.machine().deviceSystem().nic().transmitted()).hasSize((int) small(w));
        }
        if (w == CommercialWorkload.JBB) {
            assertThat(logs.totals(LogKind.INPUT).entries()).isPositive(); // SYS_TIME's rdcycle
        }
    }

    @Test
    void scaleConstantIsReplacedAndChecked() {
        assertThat(CommercialWorkload.OLTP.source(7)).contains(".equ TXNS, 7 ");
        assertThatThrownBy(() -> CommercialWorkload.WEB.source(0)).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> CommercialWorkload.parse("tpcc")).hasMessageContaining("expected oltp, jbb, web or dynweb");
        assertThat(CommercialWorkload.WEB.settings(9)).containsEntry("devices.nic.packets", "9");
    }

    @Test
    void randomTesterSignatureDependsOnTheInterleaving() throws Exception {
        RandomTester t = new RandomTester(4, 16, 300);
        Set<String> signatures = new HashSet<>();
        for (long seed = 1; seed <= 4; seed++) {
            MachineConfig c = ConfigLoader.fdr1().set("seed", Long.toString(seed)).build();
            RunResult r = MachineBuilder.timed(t.assemble(), c, new Console(new byte[0], OutputStream.nullOutputStream())).run();
            assertThat(r.cause()).isEqualTo(StopCause.ALL_HALTED);
            signatures.add(r.consoleOutput().trim());
        }
        assertThat(signatures).hasSizeGreaterThan(1);
        MachineConfig c = ConfigLoader.fdr1().build(); // 4 processors, generated for 2
        RunResult r = MachineBuilder.timed(new RandomTester(2, 5, 10).assemble(), c,
                new Console(new byte[0], OutputStream.nullOutputStream())).run();
        assertThat(r.cause()).isEqualTo(StopCause.TRIGGER);
        assertThat(r.triggerCode()).isEqualTo(0x7E1);
        assertThatThrownBy(() -> new RandomTester(0, 1, 1)).hasMessageContaining("processors must be 1..64");
    }
}
