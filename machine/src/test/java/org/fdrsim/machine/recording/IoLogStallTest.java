package org.fdrsim.machine.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.machine.MachineBuilder;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.recorder.buffer.LogKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A full input-log buffer stalls the processor that produces the entries; nothing is dropped. */
class IoLogStallTest {
    /** 2,000 console loads: 16,000 bytes of input log from one processor. */
    private static final String READER = """
                .text
            _start: csrr r1, cpuid
                bne r1, zero, done
                li r2, 0xFFFF00000010
                li r3, 2000
            next: ld r4, 0(r2)
                addi r3, r3, -1
                bne r3, zero, next
            done: halt
            """;

    private static RunResult run(ProgramImage p, List<String> settings, TimedMachine[] out) throws Exception {
        TimedMachine m = MachineBuilder.timed(p, ConfigLoader.fdr1().set(settings).build(), Console.silent());
        out[0] = m;
        return m.run();
    }

    @Test
    void aSmallSlowInputBufferDelaysTheReaderByTheDrainTime() throws Exception {
        ProgramImage p = Assembler.assemble("reader.s", READER, IncludeResolver.none());
        TimedMachine[] m = new TimedMachine[1];
        // Table 3's input buffer (8 KB at 10 MB/s) would already stall this loop: 8 bytes every
        // ~100 cycles is far above 10 MB/s. A 64 KB buffer holds all 16,000 bytes.
        RunResult roomy = run(p, List.of("recorder.enabled=true", "recorder.buffers.input.sizeKB=64"), m);
        assertThat(m[0].ioLogStallCycles()).isZero();
        RunResult tight = run(p, List.of("recorder.enabled=true", "recorder.buffers.input.sizeKB=1",
                "recorder.buffers.input.drainMBps=1"), m);
        assertThat(tight.cause()).isEqualTo(StopCause.ALL_HALTED);
        long stall = m[0].ioLogStallCycles();
        // 16,000 bytes through a 1 KB buffer drained at 1 MB/s (4,000 cycles a byte at 4 GHz):
        // at least the 15,000 bytes that did not fit must wait for the drain.
        assertThat(stall).isGreaterThanOrEqualTo(15_000L * 4_000 - 4_000_000);
        assertThat(tight.cycles() - roomy.cycles()).isGreaterThanOrEqualTo(stall - 1_000_000);
        assertThat(m[0].recorder().logs().buffer(LogKind.INPUT, 0).entries()).as("nothing is dropped")
                .isEqualTo(2000);
    }

    /**
     * The wait falls between instructions, not at the end of the slice: once the input log is
     * full, two rdcycles in a row read clocks a drain time apart (8 bytes at 10 MB/s: 3,200
     * cycles at 4 GHz), where the run without the recorder reads 1 cycle apart. The same with
     * the validation trace on, whose port wraps the input log.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aRdcycleAfterAFullInputLogReadsTheClockAfterTheWait(boolean validate) throws Exception {
        ProgramImage p = Assembler.assemble("rdcycle.s", """
                        .text
                _start: csrr r9, cpuid
                        bne  r9, zero, done
                        li   r3, 2000
                fill:   rdcycle r1
                        addi r3, r3, -1
                        bne  r3, zero, fill
                        rdcycle r1
                        rdcycle r2
                        sub  r4, r2, r1
                        la   r5, gap
                        st   r4, 0(r5)
                done:   halt
                        .data
                        .align 64
                gap:    .word 0
                """, IncludeResolver.none());
        long gapAddress = p.symbols().get("gap").value();
        TimedMachine[] m = new TimedMachine[1];
        run(p, List.of("recorder.enabled=false"), m);
        assertThat(m[0].memorySystem().cache(0).peekWord(gapAddress)).isEqualTo(1);
        run(p, List.of("recorder.enabled=true", "recorder.validate=" + validate), m);
        assertThat(m[0].memorySystem().cache(0).peekWord(gapAddress)).isBetween(3_190L, 3_210L);
        assertThat(m[0].ioLogStallCycles()).isGreaterThan(900L * 3_200);
    }

    /**
     * An interrupt log's wait falls before the handler's first instruction, not at the end of the
     * slice. A timer ticks every 200 cycles; the loop keeps interrupts off for 600 cycles, reads
     * the clock, and takes one tick with {@code ei} (the handler returns with interrupts off). The
     * handler's first {@code rdcycle} minus the loop's is 2 cycles while the interrupt log has
     * room; once its 1 KB is full (about 170 ticks), each entry waits for the drain: 6 bytes at
     * 1 MB/s, 24,000 cycles at 4 GHz, less the 600-odd cycles the loop ran since the entry before
     * got in. Charged at the end of the slice, the gap would stay 2 (the code before this test).
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aHandlerAfterAFullInterruptLogStartsAfterTheWait(boolean validate) throws Exception {
        ProgramImage p = Assembler.assemble("ticks.s", """
                        .text
                _start: csrr r9, cpuid
                        bne  r9, zero, done
                        la   r1, handler
                        csrw ivec, r1
                        li   r2, 0xFFFF00001000     # cpu 0's timer: a tick every 200 cycles
                        li   r3, 200
                        st   r3, 0(r2)
                        li   r24, 400               # ticks to take
                        li   r7, 300                # the gaps kept: from this tick on
                        li   r25, 0x7fffffff
                loop:   li   r8, 300
                quiet:  addi r8, r8, -1             # 600 cycles with interrupts off: a tick comes due
                        bne  r8, zero, quiet
                        rdcycle r1
                        ei                          # the tick is taken here, inside a slice
                        di
                        blt  r20, r24, loop
                        st   r0, 0(r2)              # timer off
                        la   r5, gap
                        st   r25, 0(r5)
                done:   halt
                handler:
                        rdcycle r21
                        sub  r22, r21, r1           # cycles from the rdcycle before ei to the handler
                        addi r20, r20, 1
                        blt  r20, r7, back
                        bge  r22, r25, back
                        mov  r25, r22               # the shortest since tick 300
                back:   csrr r26, epc
                        jalr r27, r26               # back with interrupts still off: one tick per ei
                        .data
                        .align 64
                gap:    .word 0
                """, IncludeResolver.none());
        long gapAddress = p.symbols().get("gap").value();
        TimedMachine[] m = new TimedMachine[1];
        List<String> roomy = List.of("recorder.enabled=true", "recorder.validate=" + validate,
                "recorder.buffers.input.drainMBps=100000"); // the rdcycles' input log never waits
        run(p, roomy, m);
        assertThat(m[0].memorySystem().cache(0).peekWord(gapAddress)).as("gap with room").isEqualTo(2);
        assertThat(m[0].ioLogStallCycles()).isZero();
        List<String> tight = new ArrayList<>(roomy);
        tight.addAll(List.of("recorder.buffers.interrupt.sizeKB=1", "recorder.buffers.interrupt.drainMBps=1"));
        RunResult result = run(p, tight, m);
        assertThat(result.cause()).isEqualTo(StopCause.ALL_HALTED);
        assertThat(m[0].memorySystem().cache(0).peekWord(gapAddress)).as("shortest gap once full")
                .isBetween(23_000L, 24_000L);
        assertThat(m[0].recorder().logs().buffer(LogKind.INTERRUPT, 0).entries()).as("nothing is dropped")
                .isEqualTo(400);
        assertThat(m[0].ioLogStallCycles()).as("about 230 waits").isGreaterThan(200L * 23_000);
    }
}
