package org.fdrsim.results.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.policy.PolicyName;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.session.RecordingSession;
import org.fdrsim.recorder.trace.AccessTrace;
import org.fdrsim.replayer.CommitTrace;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.results.view.ExecutionView.Lane;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ViewBuilderTest {
    static ViewBuilder builder(String example, int cpus, long seed) throws Exception {
        ProgramImage program = Assembler.assemble(Path.of("..", "examples", example));
        var config = ConfigLoader.fdr1().set("cpus", "" + cpus).set("seed", "" + seed).set("recorder.enabled", "true")
                .build();
        Simulation s = Simulation.run(program, config, Console.silent(), RunOptions.TRACED);
        RecordingSession r = s.recorder();
        AccessTrace trace = r.trace();
        CoreDump dump = s.dump();
        CommitTrace t = CommitTrace.replay(DumpReplay.input(dump, dump.checkpoints().size() - 1)).trace();
        return new ViewBuilder(program, t, trace, cpus + dump.dmaEngines(), r.arcs(PolicyName.ALL_ARCS),
                r.arcs(PolicyName.FDR), trace.netzer().arcs());
    }

    @ParameterizedTest
    @CsvSource({"message-passing.s, 2, 1", "racy-counter.s, 4, 3", "spin-lock.s, 2, 1"})
    void everyArcPointsDownAndLanesGoDownInProgramOrder(String example, int cpus, long seed) throws Exception {
        ExecutionView v = builder(example, cpus, seed).build("t", 0, "BIT-EXACT", null, true);
        for (Lane l : v.lanes()) {
            for (int k = 1; k < l.size(); k++) {
                assertThat(l.rows()[k]).isGreaterThan(l.rows()[k - 1]);
            }
        }
        assertDown(v, v.explanation().arcs());
        assertDown(v, v.netzer());
        assertThat(v.explanation().impliedCount() + v.explanation().loggedCount()).isEqualTo(v.explanation().size());
    }

    private static void assertDown(ExecutionView v, ArcLog arcs) {
        for (int k = 0; k < arcs.size(); k++) {
            Lane from = v.lanes().get(arcs.from(k));
            Lane to = v.lanes().get(arcs.to(k));
            long fromIc = Math.min(arcs.fromIc(k), from.first() + from.size() - 1);
            assertThat(to.rowOf(arcs.toIc(k))).as(arcs.line(k)).isGreaterThan(from.rowOf(fromIc));
        }
    }

    @ParameterizedTest
    @CsvSource({"0, 1, 100000", "5, 1, 2", "1, 0, 3", "1, 9, 3"})
    void windowsOutsideTheRunAreRefused(long agent, long from, long to) throws Exception {
        ViewBuilder b = builder("message-passing.s", 2, 1);
        assertThatThrownBy(() -> b.build("t", 0, "", new long[] {agent, from, to}, false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("--window ");
    }
}
