package org.fdrsim.replayer;

import java.util.Arrays;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Registers;

/**
 * The architectural state of one processor at a point of a run: registers r0..r31, the CSRs,
 * pc, instruction count (IC) and run state. Pending interrupts are not part of it: replay
 * delivers interrupts only from the interrupt log, at the logged IC.
 */
public record ProcessorSnapshot(int cpu, long[] registers, long[] csrs, int pc, long ic, ProcessorState state) {
    public ProcessorSnapshot {
        registers = registers.clone();
        csrs = csrs.clone();
    }

    /** The state a processor of {@code program} starts in: every register 0, pc at the entry. */
    public static ProcessorSnapshot atStart(int cpu, int entry) {
        long[] csrs = new long[Csr.count()];
        csrs[Csr.CPUID.ordinal()] = cpu;
        return new ProcessorSnapshot(cpu, new long[Registers.COUNT], csrs, entry, 0, ProcessorState.RUNNING);
    }

    /** A copy of {@code p}'s state now. */
    public static ProcessorSnapshot of(Processor p) {
        long[] regs = new long[Registers.COUNT];
        for (int r = 0; r < regs.length; r++) {
            regs[r] = p.register(r);
        }
        long[] csrs = new long[Csr.count()];
        for (Csr c : Csr.values()) {
            csrs[c.ordinal()] = p.csr(c);
        }
        return new ProcessorSnapshot(p.id(), regs, csrs, p.pc(), p.instructionCount(), p.state());
    }

    /** Loads this state into {@code p} (no interrupt pending). */
    void applyTo(Processor p) {
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
        return o instanceof ProcessorSnapshot s && s.cpu == cpu && s.pc == pc && s.ic == ic && s.state == state
                && Arrays.equals(s.registers, registers) && Arrays.equals(s.csrs, csrs);
    }

    @Override
    public int hashCode() {
        return (cpu * 31 + pc) * 31 + Arrays.hashCode(registers);
    }

    @Override
    public String toString() {
        return "cpu " + cpu + " pc " + pc + " ic " + ic + " " + state;
    }
}
