package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.List;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.program.Code;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.trace.AccessTrace;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CommitTraceTest {
    @ParameterizedTest
    @CsvSource({"message-passing.s, 2, 1", "spin-lock.s, 4, 2", "racy-counter.s, 3, 5"})
    void theTracedPcsAreTheRecordedExecution(String example, int cpus, long seed) {
        ProgramImage program = Recording.example(example);
        Simulation s = Simulation.run(program, Recording.config(cpus, seed, List.of()), Console.silent(),
                RunOptions.LOGS.withTrace(true));
        AccessTrace accesses = s.recorder().trace();
        CoreDump dump = s.dump();
        CommitTrace.Result traced = CommitTrace.replay(DumpReplay.input(dump, 0));
        assertThat(traced.outcome().completed()).isTrue();
        CommitTrace t = traced.trace();
        Code code = program.code();
        for (int c = 0; c < cpus; c++) {
            assertThat(t.instructions(c)).isEqualTo(s.timed().cpu(c).instructionCount());
            int[] pcs = t.pcs(c);
            assertThat(pcs[1]).isEqualTo(program.entry());
            // Every data access the recording saw is at an instruction that accesses memory, and
            // every memory instruction that is not in the recording's trace is a device access.
            LongOpenHashSet recorded = new LongOpenHashSet();
            for (int k = 0; k < accesses.size(); k++) {
                if (accesses.agent(k) == c) {
                    recorded.add(accesses.ic(k));
                }
            }
            LongOpenHashSet device = new LongOpenHashSet(t.deviceStores(c));
            device.addAll(LongOpenHashSet.of(t.inputReads(c)));
            for (int ic = 1; ic <= t.instructions(c); ic++) {
                Opcode op = Opcode.byOrdinal(code.opcodes()[pcs[ic]]);
                if (recorded.contains(ic)) {
                    assertThat(op.isMemoryAccess()).as("cpu %d IC %d: %s", c, ic, op).isTrue();
                } else if (op.isMemoryAccess()) {
                    assertThat(device.contains(ic)).as("cpu %d IC %d: %s neither in the trace nor a device access", c, ic, op)
                            .isTrue();
                }
            }
            assertThat(recorded).hasSizeGreaterThan(0);
        }
    }
}
