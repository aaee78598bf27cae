package org.fdrsim.recorder.dump;

import java.util.Arrays;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.isa.Csr;

/**
 * One processor's architectural state as a register checkpoint saves it (FDR section 6:
 * "a processor writes its register ... state to physical memory"), and as the dump's final
 * state records it.
 *
 * @param cpu                processor number
 * @param registers          r0..r31 (32 entries, r0 always 0)
 * @param pc                 the next instruction's code index
 * @param csrs               the CSRs in {@link Csr} declaration order (cpuid, ivec, epc, cause,
 *                           status, scratch)
 * @param pendingInterrupts  pending-interrupt bit mask (bit n = interrupt n)
 * @param instructionCount   in a checkpoint: the IC the ending interval reached (the IC is reset
 *                           to 0 right after the save); in the final state: the IC of the last
 *                           interval at the trigger
 * @param state              running / sleeping (in {@code wfi}) / halted / faulted / triggered
 *                           (a processor stalled on a miss is saved as running: the quiesce
 *                           drains its miss first)
 * @param cycle              the processor's local clock when saved
 */
public record RegisterState(int cpu, long[] registers, int pc, long[] csrs, long pendingInterrupts,
        long instructionCount, ProcessorState state, long cycle) {
    public static final int REGISTERS = 32;

    public RegisterState {
        if (registers.length != REGISTERS) {
            throw new IllegalArgumentException("a register state has 32 registers, got " + registers.length);
        }
        if (csrs.length != Csr.count()) {
            throw new IllegalArgumentException("a register state has " + Csr.count() + " CSRs, got " + csrs.length);
        }
        registers = registers.clone();
        csrs = csrs.clone();
    }

    /** Reads {@code p}'s state now. */
    public static RegisterState of(Processor p) {
        long[] regs = new long[REGISTERS];
        for (int r = 1; r < REGISTERS; r++) {
            regs[r] = p.register(r);
        }
        long[] csrs = new long[Csr.count()];
        for (Csr c : Csr.values()) {
            csrs[c.ordinal()] = p.csr(c);
        }
        ProcessorState s = p.state() == ProcessorState.STALLED ? ProcessorState.RUNNING : p.state();
        return new RegisterState(p.id(), regs, p.pc(), csrs, p.pendingInterrupts(), p.instructionCount(), s,
                p.cycle());
    }

    /**
     * Loads this state into {@code p} (registers, pc, CSRs except the read-only cpuid, pending
     * interrupts, state). The IC is set to 0: replay starts a fresh interval at a checkpoint.
     */
    public void applyTo(Processor p) {
        for (int r = 1; r < REGISTERS; r++) {
            p.setRegister(r, registers[r]);
        }
        p.setPc(pc);
        for (Csr c : Csr.values()) {
            p.setCsr(c, csrs[c.ordinal()]);
        }
        p.setPendingInterrupts(pendingInterrupts);
        p.setState(state);
        p.setInstructionCount(0);
    }

    @Override
    public long[] registers() {
        return registers.clone();
    }

    @Override
    public long[] csrs() {
        return csrs.clone();
    }

    public long register(int r) {
        return registers[r];
    }

    public long csr(Csr c) {
        return csrs[c.ordinal()];
    }

    /** Same architectural state (registers, pc, CSRs, pending interrupts); IC, state and cycle ignored. */
    public boolean sameArchitecturalState(RegisterState o) {
        return Arrays.equals(registers, o.registers) && pc == o.pc && Arrays.equals(csrs, o.csrs)
                && pendingInterrupts == o.pendingInterrupts;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RegisterState r && r.cpu == cpu && Arrays.equals(r.registers, registers) && r.pc == pc
                && Arrays.equals(r.csrs, csrs) && r.pendingInterrupts == pendingInterrupts
                && r.instructionCount == instructionCount && r.state == state && r.cycle == cycle;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(registers) * 31 + pc * 17 + Long.hashCode(instructionCount) + cpu;
    }

    @Override
    public String toString() {
        return "RegisterState[cpu " + cpu + " pc " + pc + " ic " + instructionCount + " " + state + "]";
    }
}
