package org.fdrsim.replayer.debug;

import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.replayer.ReplaySession;

/**
 * What an {@link Expression} reads: one processor of a replay session and the memory. Pointed
 * at another processor or session with {@link #at}, so a condition evaluated at every arrival
 * at its breakpoint reuses one view instead of allocating one.
 */
final class CpuView implements Expression.State {
    private ReplaySession s;
    private int cpu;

    /** Points this view at processor {@code cpu} of {@code s}; returns it. */
    CpuView at(ReplaySession s, int cpu) {
        this.s = s;
        this.cpu = cpu;
        return this;
    }

    @Override
    public long register(int r) {
        return s.register(cpu, r);
    }

    @Override
    public long csr(Csr c) {
        return s.csr(cpu, c);
    }

    @Override
    public int pc() {
        return s.pc(cpu);
    }

    @Override
    public long ic() {
        return s.ic(cpu);
    }

    @Override
    public long word(long address) {
        if (address < 0 || address + 8 > s.memorySize()) {
            throw new DebugException(String.format("address 0x%x is outside memory", address));
        }
        return s.loadWord(address & ~7L);
    }
}
