package org.fdrsim.recorder.dump;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Registers;

/**
 * Processor states and DMA engine ICs as the checkpoint and final sections hold them. Writer
 * and reader side by side.
 */
final class ProcessorStates {
    private ProcessorStates() {}

    static void write(DumpOutput o, List<ArchState> list) {
        o.u32(list.size());
        for (ArchState r : list) {
            o.u32(r.cpu());
            for (int i = 0; i < Registers.COUNT; i++) {
                o.u64(r.register(i));
            }
            o.u32(r.pc());
            long[] csrs = r.csrs();
            o.u32(csrs.length);
            for (long v : csrs) {
                o.u64(v);
            }
            o.u64(r.pendingInterrupts());
            o.u64(r.ic());
            o.u8(r.state().ordinal());
            o.u64(r.cycle());
        }
    }

    static void writeIcs(DumpOutput o, long[] values) {
        o.u32(values.length);
        for (long v : values) {
            o.u64(v);
        }
    }

    static List<ArchState> read(DumpInput in, int cpus, int codeLength) throws DumpFormatException {
        int n = in.count(64, "processor count");
        if (n != cpus) {
            throw in.malformed("registers of " + n + " processors, expected " + cpus);
        }
        List<ArchState> list = new ArrayList<>(n);
        ProcessorState[] states = ProcessorState.values();
        for (int i = 0; i < n; i++) {
            int cpu = (int) in.u32();
            if (cpu != i) {
                throw in.malformed("register set " + i + " is for cpu " + Integer.toUnsignedString(cpu)
                        + ", expected cpu " + i);
            }
            long[] regs = new long[Registers.COUNT];
            for (int r = 0; r < regs.length; r++) {
                regs[r] = in.u64();
            }
            long pc = in.u32();
            if (pc > codeLength) {
                throw in.malformed("cpu " + cpu + " has pc " + pc + ", expected a code index 0.." + codeLength);
            }
            int csrCount = in.count(64, "CSR count");
            if (csrCount != Csr.count()) {
                throw in.malformed("cpu " + cpu + " has " + csrCount + " CSRs, expected " + Csr.count());
            }
            long[] csrs = new long[csrCount];
            for (int c = 0; c < csrCount; c++) {
                csrs[c] = in.u64();
            }
            long pending = in.u64();
            long ic = in.u64();
            int state = in.u8();
            if (state >= states.length) {
                throw in.malformed("cpu " + cpu + " has processor state " + state);
            }
            long cycle = in.u64();
            list.add(new ArchState(cpu, regs, csrs, (int) pc, pending, ic, states[state], cycle));
        }
        return list;
    }

    static long[] readIcs(DumpInput in, int engines) throws DumpFormatException {
        long[] ics = longs(in);
        if (ics.length != engines) {
            throw in.malformed("ICs of " + ics.length + " DMA engines, expected " + engines);
        }
        return ics;
    }

    private static long[] longs(DumpInput in) throws DumpFormatException {
        int n = in.count(in.remaining() / 8, "count");
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = in.u64();
        }
        return v;
    }
}
