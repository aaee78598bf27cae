package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.AssemblyException;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.core.FaultKind;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.TriggerInfo;
import org.fdrsim.replayer.debug.DebugSession;
import org.fdrsim.replayer.debug.StopEvent;
import org.fdrsim.replayer.debug.StopReason;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * A crash replays as the crash (stop 52, found by {@code ProgramReplayFuzzTest}): processor 0
 * faults while processor 1 races on a word, and the replay from the dump ends with processor 0
 * faulted, on the same instruction, with the same fault. Until stop 52 every run a fault ended
 * diverged in replay ("expected FAULTED, replayed RUNNING"): the replay stopped each processor at
 * its last committed instruction and never executed the one that faulted.
 */
class CrashReplayTest {
    /** Processor 0 sets r1 and runs {@code faulting}; processor 1 counts in a loop until the machine stops. */
    private static ProgramImage crash(String setUp, String faulting) throws AssemblyException {
        return Assembler.assemble("crash.s", """
                        .data
                        .align 64
                x:      .word 0
                        .text
                _start: csrr r5, cpuid
                        bne  r5, zero, other
                        la   r7, x
                        ld   r6, 0(r7)
                        %s
                        %s
                        halt
                other:  la   r7, x
                loop:   ld   r6, 0(r7)
                        addi r6, r6, 1
                        st   r6, 0(r7)
                        j    loop
                """.formatted(setUp, faulting), IncludeResolver.none());
    }

    private static ProgramImage crash(FaultKind kind) throws AssemblyException {
        return switch (kind) {
            case MISALIGNED_ACCESS -> crash("addi r1, r7, 3", "st r6, 0(r1)");
            case ADDRESS_OUT_OF_RANGE -> crash("li r1, 0x7000000000", "ld r2, 0(r1)");
            case UNMAPPED_DEVICE -> crash("li r1, 0xFFFF00009000", "ld r2, 0(r1)");
            case BAD_DEVICE_ACCESS -> crash("li r1, 0xFFFF00000000", "lb r2, 0(r1)");
            case DIVISION_BY_ZERO -> crash("li r1, 7", "div r2, r1, zero");
            case JUMP_OUTSIDE_CODE -> crash("li r1, 1000", "jalr r0, r1");
        };
    }

    private static CoreDump record(ProgramImage program) {
        return Simulation.run(program, Recording.config(2, 1, List.of("checkpoint.interval=300 cycles",
                "checkpoint.quiesce=10 cycles")), Console.silent(), RunOptions.LOGS).dump();
    }

    @ParameterizedTest
    @EnumSource(FaultKind.class)
    void everyKindOfFaultReplaysAsTheCrash(FaultKind kind) throws AssemblyException {
        CoreDump dump = record(crash(kind));
        assertThat(dump.trigger().cause()).isEqualTo("FAULT");
        assertThat(dump.trigger().fault()).isEqualTo(kind.name());
        for (int k = 0; k < dump.checkpoints().size(); k++) {
            Verdict v = DumpReplay.verify(dump, k);
            assertThat(v.bitExact()).as("from checkpoint %d: %s", k, v.describe()).isTrue();
            assertThat(v.outcome().fault().kind()).isEqualTo(kind);
            assertThat(v.outcome().fault().cpu()).isZero();
            assertThat(v.outcome().fault().pc()).isEqualTo(dump.trigger().pc());
        }
    }

    /** The replayed fault is compared with the one the trigger records, not taken from it. */
    @Test
    void aFaultOtherThanTheRecordedOneIsADivergence() throws AssemblyException {
        CoreDump dump = record(crash(FaultKind.MISALIGNED_ACCESS));
        TriggerInfo t = dump.trigger();
        Verdict other = DumpReplay.verify(withTrigger(dump, new TriggerInfo(t.cause(), t.cpu(), t.pc(), t.ic(), t.code() + 8,
                t.fault(), t.description())), 0);
        assertThat(other.bitExact()).isFalse();
        assertThat(other.divergence().what()).isEqualTo("processor 0: the fault differs");
        assertThat(other.divergence().actual()).startsWith("misaligned access 0x").endsWith("on cpu 0 at pc "
                + t.pc() + " (instruction " + t.ic() + ")");

        // a trigger that is not a fault: the replay does not execute the faulting instruction
        Verdict none = DumpReplay.verify(withTrigger(dump, new TriggerInfo("INSTRUCTION_LIMIT", -1, -1, -1, 0, "", "")), 0);
        assertThat(none.bitExact()).isFalse();
        assertThat(none.divergence().what()).isEqualTo("processor 0: run state differs");
    }

    /** The debugger's end of a crashed run names the fault the replay has just met. */
    @Test
    void theDebuggersEndOfACrashNamesTheFault() throws AssemblyException {
        CoreDump dump = record(crash(FaultKind.DIVISION_BY_ZERO));
        DebugSession d = new DebugSession(DumpReplay.input(dump, 0), () -> DumpReplay.probe(dump));
        StopEvent end = d.cont();
        assertThat(end.reason()).isEqualTo(StopReason.END);
        assertThat(end.describe()).startsWith("end of the replay (trigger: division by zero on cpu 0 at pc "
                + dump.trigger().pc() + " (instruction " + dump.trigger().ic() + "))\n");
        assertThat(d.snapshot(0).state()).isEqualTo(ProcessorState.FAULTED);
    }

    private static CoreDump withTrigger(CoreDump d, TriggerInfo t) {
        return new CoreDump(d.formatVersion(), d.cpus(), d.dmaEngines(), d.seed(), d.configText(), d.program(),
                d.memoryImage(), d.checkpoints(), d.finalRegisters(), d.finalDmaIcs(), t, d.summary(), d.validation(),
                d.consoleInput());
    }
}
