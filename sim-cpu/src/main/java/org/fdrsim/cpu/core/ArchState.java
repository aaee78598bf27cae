package org.fdrsim.cpu.core;

import java.util.Arrays;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Registers;

/**
 * One processor's architectural state at a point of a run: what a register checkpoint saves
 * (FDR section 6), what the core dump records at the trigger, and what replay starts from and
 * compares.
 *
 * @param cpu               processor number
 * @param registers         r0..r31 (r0 always 0)
 * @param csrs              the CSRs in {@link Csr} declaration order
 * @param pc                the next instruction's code index
 * @param pendingInterrupts pending-interrupt bit mask (bit n = interrupt n)
 * @param ic                instruction count: in a checkpoint the IC the ending interval reached
 *                          (it restarts at 0 right after), at the trigger the IC of the last interval
 * @param state             running / sleeping (in {@code wfi}) / halted / faulted / triggered (a
 *                          processor stalled on a miss is saved as running: the quiesce drains it)
 * @param cycle             the processor's local clock when saved
 */
public record ArchState(int cpu, long[] registers, long[] csrs, int pc, long pendingInterrupts, long ic,
        ProcessorState state, long cycle) {

    public ArchState {
        if (registers.length != Registers.COUNT) {
            throw new IllegalArgumentException("a processor state has " + Registers.COUNT + " registers, got "
                    + registers.length);
        }
        if (csrs.length != Csr.count()) {
            throw new IllegalArgumentException("a processor state has " + Csr.count() + " CSRs, got " + csrs.length);
        }
        registers = registers.clone();
        csrs = csrs.clone();
    }

    /** The state every processor starts in: every register 0, pc at {@code entry}, interrupts off. */
    public static ArchState atStart(int cpu, int entry) {
        long[] csrs = new long[Csr.count()];
        csrs[Csr.CPUID.ordinal()] = cpu;
        return new ArchState(cpu, new long[Registers.COUNT], csrs, entry, 0, 0, ProcessorState.RUNNING, 0);
    }

    /** A copy of {@code p}'s state now. */
    public static ArchState of(Processor p) {
        long[] regs = new long[Registers.COUNT];
        for (int r = 1; r < regs.length; r++) {
            regs[r] = p.register(r);
        }
        long[] csrs = new long[Csr.count()];
        for (Csr c : Csr.values()) {
            csrs[c.ordinal()] = p.csr(c);
        }
        ProcessorState s = p.state() == ProcessorState.STALLED ? ProcessorState.RUNNING : p.state();
        return new ArchState(p.id(), regs, csrs, p.pc(), p.pendingInterrupts(), p.instructionCount(), s, p.cycle());
    }

    /** The same state with instruction count {@code ic}. */
    public ArchState withIc(long ic) {
        return new ArchState(cpu, registers, csrs, pc, pendingInterrupts, ic, state, cycle);
    }

    /**
     * Loads registers, CSRs, pc, IC and run state into {@code p} (a live state as running), with
     * no interrupt pending: replay takes interrupts only from the interrupt log, at the logged IC.
     */
    public void applyTo(Processor p) {
        for (int r = 1; r < registers.length; r++) {
            p.setRegister(r, registers[r]);
        }
        for (Csr c : Csr.values()) {
            p.setCsr(c, csrs[c.ordinal()]);
        }
        p.setPc(pc);
        p.setInstructionCount(ic);
        p.setPendingInterrupts(0);
        p.setState(state.isFinal() ? state : ProcessorState.RUNNING);
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

    @Override
    public boolean equals(Object o) {
        return o instanceof ArchState s && s.cpu == cpu && Arrays.equals(s.registers, registers)
                && Arrays.equals(s.csrs, csrs) && s.pc == pc && s.pendingInterrupts == pendingInterrupts
                && s.ic == ic && s.state == state && s.cycle == cycle;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(registers) * 31 + pc * 17 + Long.hashCode(ic) + cpu;
    }

    @Override
    public String toString() {
        return "cpu " + cpu + " pc " + pc + " ic " + ic + " " + state;
    }
}
