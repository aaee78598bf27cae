package org.fdrsim.replayer;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.program.Code;
import org.fdrsim.io.log.InterruptEntry;

/**
 * The instructions each processor commits in a replay, in program order: the pc of every IC,
 * and which ones read the input log ({@code rdcycle}, device loads). A probe that stops every
 * processor after every instruction (views and classroom tools, not the fast replay path): at
 * the stop after IC n it reads the pc of instruction n+1, which is the handler address when the
 * interrupt log delivers an interrupt there, and the address that instruction will access.
 *
 * <p>It keeps the interval replay ends in (earlier intervals are dropped as each new one
 * starts, since ICs restart at every checkpoint).
 */
public final class CommitTrace implements ReplayProbe {
    private final ReplayInput input;
    private final Code code;
    private final IntArrayList[] pcs;
    private final LongArrayList[] inputReads;
    private final LongArrayList[] deviceStores;
    private final int[][] interruptIcs;
    private final int[] ip;
    private int interval;

    private CommitTrace(ReplayInput input) {
        this.input = input;
        this.code = input.program().code();
        int n = input.cpus();
        pcs = new IntArrayList[n];
        inputReads = new LongArrayList[n];
        deviceStores = new LongArrayList[n];
        interruptIcs = new int[n][];
        ip = new int[n];
        for (int c = 0; c < n; c++) {
            pcs[c] = new IntArrayList();
            inputReads[c] = new LongArrayList();
            deviceStores[c] = new LongArrayList();
        }
    }

    /** Replays {@code input} (the recorded execution, constrained by its logs) and traces it. */
    public static Result replay(ReplayInput input) {
        CommitTrace t = new CommitTrace(input);
        ReplayOutcome outcome = Replayer.replay(input, t);
        return new Result(t, outcome);
    }

    /** A traced replay and how it ended. */
    public record Result(CommitTrace trace, ReplayOutcome outcome) {}

    @Override
    public void startInterval(int number) {
        interval = number;
        int k = number - input.firstInterval();
        IntervalLog log = input.intervals().get(k);
        for (int c = 0; c < pcs.length; c++) {
            pcs[c].clear();
            inputReads[c].clear();
            deviceStores[c].clear();
            List<InterruptEntry> ints = log.interrupts(c);
            interruptIcs[c] = new int[ints.size()];
            for (int i = 0; i < ints.size(); i++) {
                interruptIcs[c][i] = (int) ints.get(i).ic();
            }
            ip[c] = 0;
            pcs[c].add(-1); // IC 0 is no instruction
            if (k == 0) {
                // Instruction 1 runs from the start state: the saved pc, or the handler if the
                // interrupt log delivers an interrupt before it.
                ArchState s = input.start().get(c);
                boolean interrupted = ints.size() > 0 && ints.get(0).ic() == 0;
                int pc = interrupted ? (int) s.csrs()[Csr.IVEC.ordinal()] : s.pc();
                pcs[c].add(pc);
                long[] regs = s.registers();
                noteAccess(c, 1, pc, r -> regs[r]);
            } else {
                pcs[c].add(-1); // a later interval: only traced from its first stop on
            }
        }
    }

    @Override
    public long nextStop(int cpu, long ic) {
        return ic + 1;
    }

    @Override
    public Divergence reached(int number, Processor p) {
        int c = p.id();
        long ic = p.instructionCount();
        int[] ints = interruptIcs[c];
        while (ip[c] < ints.length && ints[ip[c]] < ic) {
            ip[c]++;
        }
        boolean interrupted = ip[c] < ints.length && ints[ip[c]] == ic;
        int next = interrupted ? (int) p.csr(Csr.IVEC) : p.pc();
        while (pcs[c].size() <= ic) {
            pcs[c].add(-1);
        }
        pcs[c].add(next); // index ic + 1
        noteAccess(c, ic + 1, next, p::register);
        return null;
    }

    @Override
    public void ioStore(int number, int cpu, long ic, long address, long value) {
        deviceStores[cpu].add(ic);
    }

    /** Marks instruction {@code ic} (about to run at {@code pc} with registers {@code reg}) if it reads the input log. */
    private void noteAccess(int c, long ic, int pc, java.util.function.IntToLongFunction reg) {
        if (pc < 0 || pc >= code.length()) {
            return;
        }
        Opcode op = Opcode.byOrdinal(code.opcodes()[pc]);
        if (op == Opcode.RDCYCLE) {
            inputReads[c].add(ic);
        } else if (op == Opcode.LD || op == Opcode.LB) {
            long address = reg.applyAsLong(code.rs1()[pc]) + code.imm()[pc];
            if (AddressMap.isIo(address)) {
                inputReads[c].add(ic);
            }
        }
    }

    /** Processors traced. */
    public int cpus() {
        return pcs.length;
    }

    /** The interval the trace holds (the last one replayed). */
    public int interval() {
        return interval;
    }

    /**
     * The pcs of processor {@code cpu}'s instructions in the traced interval: element k is the pc
     * of IC k (element 0 is unused); the last element is the pc the processor would run next,
     * which no instruction committed, so {@link #instructions} is one less than its length.
     */
    public int[] pcs(int cpu) {
        return pcs[cpu].toIntArray();
    }

    /** Instructions processor {@code cpu} committed in the traced interval. */
    public long instructions(int cpu) {
        return Math.max(0, pcs[cpu].size() - 2);
    }

    /** ICs of processor {@code cpu} that read the input log (device loads, {@code rdcycle}). */
    public long[] inputReads(int cpu) {
        return inputReads[cpu].toLongArray();
    }

    /** ICs of processor {@code cpu} that stored to a device register. */
    public long[] deviceStores(int cpu) {
        return deviceStores[cpu].toLongArray();
    }

    /** ICs at which processor {@code cpu} took an interrupt, with their numbers. */
    public List<InterruptEntry> interrupts(int cpu) {
        int k = interval - input.firstInterval();
        return new ArrayList<>(input.intervals().get(k).interrupts(cpu));
    }
}
