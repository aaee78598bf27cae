package org.fdrsim.cpu.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.functional.FunctionalConfig;
import org.fdrsim.cpu.functional.FunctionalMachine;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.isa.Csr;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Traps, interrupts, wfi, triggers, faults, devices and the listener hooks. */
class ControlAndFaultTest {

    @Test
    void trapJumpsToIvecWithCauseAndEpcAndDisablesInterrupts() {
        Exec e = Exec.body("""
                la r1, handler
                csrw ivec, r1
                ei
                trap 5
                li r9, 1          # resumes here after iret
                j end
            handler:
                csrr r3, cause
                csrr r4, epc
                csrr r5, status
                iret
            end:
                csrr r6, status
            """);
        assertThat(e.reg(3)).isEqualTo(0x105);
        assertThat(e.reg(4)).isEqualTo(4); // index of "li r9, 1"
        assertThat(e.reg(5)).isZero();     // interrupts off inside the handler
        assertThat(e.reg(6)).isEqualTo(1); // iret turned them back on
        assertThat(e.reg(9)).isEqualTo(1);
    }

    @Test
    void timerInterruptsAreTakenOnlyWhenEnabled() {
        // Timer every 50 cycles; the handler counts interrupts in r20. With interrupts
        // disabled for the first loop, none may be taken there.
        Exec e = Exec.body("""
                la r1, handler
                csrw ivec, r1
                li r2, 0xFFFF00001000     # cpu 0's timer
                li r3, 50
                st r3, 0(r2)
                li r4, 500
            quiet: addi r4, r4, -1
                bne r4, zero, quiet
                mov r21, r20              # interrupts taken while disabled: must be 0
                ei
                li r4, 1000
            busy: addi r4, r4, -1
                bne r4, zero, busy
                di
                st r0, 0(r2)              # timer off
                j end
            handler:
                addi r20, r20, 1
                csrr r22, cause
                iret
            end: nop
            """);
        assertThat(e.result.cause()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(e.reg(21)).isZero();
        assertThat(e.reg(22)).isEqualTo(1); // cause = timer interrupt number
        // ~2000 cycles of enabled loop / 50 cycles per tick, plus the tick pending from the quiet loop
        assertThat(e.reg(20)).isBetween(35L, 50L);
    }

    @Test
    void wfiSleepsUntilTheTimerAndResumesAfterTheHandler() {
        Exec e = Exec.body("""
                la r1, handler
                csrw ivec, r1
                li r2, 0xFFFF00001000
                li r3, 1000
                st r3, 0(r2)
                rdcycle r10
                ei
                wfi
                rdcycle r11
                di
                sub r12, r11, r10
                j end
            handler:
                addi r20, r20, 1
                iret
            end: nop
            """);
        assertThat(e.reg(20)).isEqualTo(1);
        assertThat(e.reg(12)).isBetween(995L, 1010L); // slept until the tick
    }

    @Test
    void wfiWithNothingToWakeItStopsTheMachineAsIdle() {
        Exec e = Exec.body("wfi");
        assertThat(e.result.cause()).isEqualTo(StopCause.IDLE);
    }

    @Test
    void lowestNumberedPendingInterruptIsTakenFirst() {
        // Post two interrupts from outside the processor, then let it run into them.
        var program = Exec.assemble("""
                .text
            _start: la r1, handler
                csrw ivec, r1
                ei
                nop
                nop
                halt
            handler:
                csrr r5, cause
                shli r6, r6, 8
                or r6, r6, r5
                iret
            """);
        FunctionalMachine m = new FunctionalMachine(program, FunctionalConfig.of(1, 1), Console.silent());
        Processor cpu = m.cpu(0);
        cpu.run(2, Long.MAX_VALUE); // la, csrw
        cpu.postInterrupt(3);
        cpu.postInterrupt(2);
        cpu.run(Long.MAX_VALUE, Long.MAX_VALUE);
        assertThat(cpu.register(6)).isEqualTo(0x0203); // 2 first, then 3
        assertThat(cpu.state()).isEqualTo(ProcessorState.HALTED);
    }

    @Test
    void triggerAndAssertStopTheMachineWithTheirCode() {
        Exec t = Exec.body("li r1, 1\ntrigger 7\nli r1, 2");
        assertThat(t.result.cause()).isEqualTo(StopCause.TRIGGER);
        assertThat(t.result.triggerCode()).isEqualTo(7);
        assertThat(t.reg(1)).isEqualTo(1);

        Exec passing = Exec.body("li r1, 1\nassert r1, 9\nli r2, 3");
        assertThat(passing.result.cause()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(passing.reg(2)).isEqualTo(3);

        Exec failing = Exec.body("assert r0, 9\nli r2, 3");
        assertThat(failing.result.cause()).isEqualTo(StopCause.TRIGGER);
        assertThat(failing.result.triggerCode()).isEqualTo(9);
        assertThat(failing.reg(2)).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        misaligned load           | la r1, buf; ld r2, 4(r1)               | MISALIGNED_ACCESS
        misaligned store          | la r1, buf; st r2, 1(r1)               | MISALIGNED_ACCESS
        misaligned atomic         | la r1, buf; fadd r2, r2, 2(r1)         | MISALIGNED_ACCESS
        load past memory          | li r1, 0x40000000; ld r2, 0(r1)        | ADDRESS_OUT_OF_RANGE
        store to negative address | li r1, -8; st r2, 0(r1)                | ADDRESS_OUT_OF_RANGE
        byte load past memory     | li r1, 0x7FFFFFFFFFFF; lb r2, 0(r1)    | ADDRESS_OUT_OF_RANGE
        unmapped device register  | li r1, 0xFFFF00000018; ld r2, 0(r1)    | UNMAPPED_DEVICE
        byte access to a device   | li r1, 0xFFFF00000000; sb r2, 0(r1)    | BAD_DEVICE_ACCESS
        atomic on a device        | li r1, 0xFFFF00000000; swap r2, r2, 0(r1) | BAD_DEVICE_ACCESS
        misaligned device access  | li r1, 0xFFFF00000004; ld r2, 0(r1)    | MISALIGNED_ACCESS
        division by zero          | li r1, 1; div r2, r1, r0               | DIVISION_BY_ZERO
        remainder by zero         | li r1, 1; rem r2, r1, r0               | DIVISION_BY_ZERO
        jalr outside code         | li r1, 1000; jalr r0, r1               | JUMP_OUTSIDE_CODE
        ret to negative           | li ra, -1; ret                         | JUMP_OUTSIDE_CODE
        iret to bad epc           | li r1, 5000; csrw epc, r1; iret        | JUMP_OUTSIDE_CODE
        trap without valid ivec   | li r1, -3; csrw ivec, r1; trap 1       | JUMP_OUTSIDE_CODE
        running off the end       | nop                                    | JUMP_OUTSIDE_CODE
        """)
    void faultsStopTheMachineAndNameTheInstruction(String name, String body, FaultKind kind) {
        String tail = name.equals("running off the end") ? "" : "\nhalt\n";
        FunctionalConfig config = new FunctionalConfig(1, 1, 1L << 30 >> 2, 256, 1000, 0); // 256 MB
        Exec e = Exec.program("""
                .data
            buf: .space 64
                .text
            _start:
            """ + body.replace("; ", "\n") + tail, config, "");
        assertThat(e.result.cause()).isEqualTo(StopCause.FAULT);
        assertThat(e.result.fault().kind()).isEqualTo(kind);
        int faultPc = e.result.fault().pc();
        // The faulting instruction did not commit: the pc still points at it.
        assertThat(e.cpu().pc()).isEqualTo(faultPc);
        assertThat(e.cpu().instructionCount()).isEqualTo(e.result.fault().ic() - 1);
        assertThat(e.result.describeStop()).contains("cpu 0").contains("pc " + faultPc);
    }

    @Test
    void consoleWritesBytesAndDecimalsAndReadsInputThenMinusOne() {
        Exec e = Exec.program("""
                .text
            _start: li r1, 0xFFFF00000000
                li r2, 72          # 'H'
                st r2, 0(r1)
                li r2, 10
                st r2, 0(r1)
                li r2, -123
                st r2, 8(r1)
                ld r3, 16(r1)      # 'a'
                ld r4, 16(r1)      # 'b'
                ld r5, 16(r1)      # end: -1
                halt
            """, 1, "ab");
        assertThat(e.result.consoleOutput()).isEqualTo("H\n-123\n");
        assertThat(e.reg(3)).isEqualTo('a');
        assertThat(e.reg(4)).isEqualTo('b');
        assertThat(e.reg(5)).isEqualTo(-1);
    }

    @Test
    void everyProcessorStartsAtStartWithItsOwnCpuid() {
        Exec e = Exec.program("""
                .data
            ids: .space 64
                .text
            _start: csrr r1, cpuid
                la r2, ids
                shli r3, r1, 3
                add r2, r2, r3
                addi r4, r1, 100
                st r4, 0(r2)
                halt
            """, 4, "");
        for (int cpu = 0; cpu < 4; cpu++) {
            assertThat(e.machine.memory().loadWord(0x10000 + 8L * cpu)).isEqualTo(100 + cpu);
            assertThat(e.machine.cpu(cpu).csr(Csr.CPUID)).isEqualTo(cpu);
        }
    }

    @Test
    void listenerSeesEachCommittedAccessWithItsInstructionCount() {
        var program = Exec.assemble("""
                .data
            x: .word 0
                .text
            _start: la r1, x
                li r2, 5
                st r2, 0(r1)
                ld r3, 0(r1)
                fadd r4, r2, 0(r1)
                halt
            """);
        FunctionalMachine m = new FunctionalMachine(program, FunctionalConfig.of(1, 1), Console.silent());
        List<String> seen = new ArrayList<>();
        m.setListener(new ProcessorListener() {
            @Override
            public void memoryAccess(int cpu, long ic, int pc, long address, boolean write, long value) {
                seen.add(ic + ":" + pc + ":" + (write ? "W" : "R") + ":" + value);
            }
        });
        RunResult r = m.run();
        assertThat(r.cause()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(seen).containsExactly("3:2:W:5", "4:3:R:5", "5:4:W:5");
        assertThat(r.instructionsPerCpu()[0]).isEqualTo(6);
    }

    @Test
    void runStopsExactlyAtTheInstructionLimitAndResumes() {
        var program = Exec.assemble(".text\n_start: addi r1, r1, 1\nj _start\n");
        FunctionalMachine m = new FunctionalMachine(program, FunctionalConfig.of(1, 1), Console.silent());
        Processor cpu = m.cpu(0);
        cpu.run(Long.MAX_VALUE, 1001);
        assertThat(cpu.instructionCount()).isEqualTo(1001);
        assertThat(cpu.register(1)).isEqualTo(501);
        cpu.run(Long.MAX_VALUE, 2000);
        assertThat(cpu.instructionCount()).isEqualTo(2000);
        assertThat(cpu.cycle()).isEqualTo(2000);
    }
}
