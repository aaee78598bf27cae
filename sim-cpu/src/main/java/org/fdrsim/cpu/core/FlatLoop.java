package org.fdrsim.cpu.core;

import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.Code;

/**
 * The instruction loop of a processor over flat memory (the functional machine, replay): the
 * same instructions as {@link PortLoop} with the same effects, counts and cycles
 * ({@code FlatLoopTest} runs both loops side by side), but its own bytecode. Why a copy: the JIT profiles a method's
 * bytecode, not its callers. Sharing one loop with the timed machine, a JVM that records
 * and then replays (the benchmarks, {@code fdr verify}) compiled it for both memory ports
 * and both listeners, and its speculations failed over and over in replay (repeated
 * {@code profile_predicate} deoptimizations of the loop; each recompile ran in the slow
 * tiers for a second). Here memory is {@link SparseMemory} itself (a final class, inlined;
 * no acquire, it never misses). Both loops read each instruction from one packed int
 * ({@link Code#packed}) and leave the rare system instructions to {@link SystemInstructions};
 * this one also leaves byte accesses and atomics off its kept page to {@link FlatRareAccesses},
 * and runs both between two runs of its loop rather than from inside it (see {@link #run} why).
 * Any change to the semantics of the instructions in the switches must be made in both loops.
 */
final class FlatLoop {
    /** The kept page's number is {@code address >>> PAGE_SHIFT} (a compile-time constant, folded into the loop). */
    private static final int PAGE_SHIFT = SparseMemory.PAGE_SHIFT;
    private static final int PAGE_WORD_MASK = (1 << (PAGE_SHIFT - 3)) - 1;

    private FlatLoop() {
    }

    /** Runs {@code cpu} as {@link Processor#run} describes. */
    static ProcessorState run(Processor cpu, long cycleLimit, long icLimit) {
        if (cpu.state != ProcessorState.RUNNING) {
            return cpu.state;
        }
        if (cpu.pendingInterrupts != 0 && (cpu.csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
            cpu.pc = cpu.takeInterrupt(cpu.pc, cpu.ic);
        }
        // The loop leaves its rare instructions (system instructions; byte accesses and atomics
        // it cannot run on a kept page) to this method and goes on after them, so that it makes
        // no call on any path but its slow memory accesses. With such calls in it (one csrr or
        // fadd executed in the warm-up was enough, and switch cases the warm-up had not reached
        // then held calls too, even to Long.compareUnsigned) the JIT kept the loop's own values
        // in stack slots instead of registers (docs/performance.md, "Stop 24").
        //
        // Every instruction costs one cycle, so the cycle limit is also an instruction budget;
        // device access cycles shrink it (also when the IC limit is the nearer one, as in
        // PortLoop). cycle = base + ic, and base grows by the device cycles.
        final long base = cpu.cycle - cpu.ic;
        final long icStop = Math.min(icLimit, cpu.ic + (cycleLimit - cpu.cycle));
        while (runToRareInstruction(cpu, icStop - ((cpu.cycle - cpu.ic) - base))) {
            int p = cpu.pc;
            long ic = cpu.ic;
            long cycle = cpu.cycle;
            int w = cpu.packed[p];
            int op = w & 0xff;
            int next = op >= FlatRareAccesses.FIRST && op <= FlatRareAccesses.LAST
                    ? FlatRareAccesses.execute(cpu, p, w, ic)
                    : SystemInstructions.execute(cpu, p, op, ic, cycle);
            if (next < 0) {
                if (next == SystemInstructions.STOP_AFTER) {
                    cpu.pc = p + 1;
                    cpu.ic = ic + 1;
                    cpu.cycle = cycle + 1;
                }
                break;
            }
            cpu.pc = next;
            cpu.ic = ic + 1;
            cpu.cycle = cycle + 1;
        }
        return cpu.state;
    }

    /**
     * Runs the loop until IC {@code icStop}, a stop, or an instruction it leaves to {@link #run};
     * returns true in the last case, with the processor on that instruction (not executed, and
     * before {@code icStop}).
     */
    private static boolean runToRareInstruction(Processor cpu, long icStop) {
        final int[] code = cpu.packed;
        final long[] immf = cpu.immf;
        final long[] r = cpu.regs;
        // Unsigned compares as signed ones on flipped values: no call, not even to
        // Long.compareUnsigned (a call site the warm-up never reached stays a call, see run).
        final long memLimit = cpu.memorySize ^ Long.MIN_VALUE;
        final SparseMemory mem = cpu.flat;

        // One page kept across word and byte accesses and atomics (a software TLB): the array of
        // page number cachedPage (-1: none), writable in place. A call into the memory may pack a
        // page and reuse its array: a device, a listener or an interrupt drops both kept pages
        // first; the loop's own slow accesses replace the first and keep the old one as the
        // second only if packings() did not move.
        long cachedPage = -1;
        long[] page = null;
        // A second page, the one kept before (arrays alternate between two pages, e.g. fft's real
        // and imaginary parts): kept across a slow access only if the memory packed nothing then.
        long cachedPage2 = -1;
        long[] page2 = null;

        int pc = cpu.pc;
        long ic = cpu.ic;
        long base = cpu.cycle - ic; // see run
        boolean atRareInstruction = false;

        run:
        while (ic < icStop) {
            final int p = pc++;
            final int w = code[p];
            switch (w & 0xff) {
                case 0: // LI
                case 1: // LA
                    r[(w >>> 8 & 0xff)] = immf[p];
                    break;
                case 2: // MOV
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)];
                    break;
                case 3: // NOP
                    break;
                case 4: // ADD
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] + r[(w >>> 24)];
                    break;
                case 5: // SUB
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] - r[(w >>> 24)];
                    break;
                case 6: // MUL
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] * r[(w >>> 24)];
                    break;
                case 7: { // DIV
                    long d = r[(w >>> 24)];
                    if (d == 0) {
                        pc = p;
                        cpu.fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
                        break run;
                    }
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] / d;
                    break;
                }
                case 8: { // REM
                    long d = r[(w >>> 24)];
                    if (d == 0) {
                        pc = p;
                        cpu.fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
                        break run;
                    }
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] % d;
                    break;
                }
                case 9: // AND
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] & r[(w >>> 24)];
                    break;
                case 10: // OR
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] | r[(w >>> 24)];
                    break;
                case 11: // XOR
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] ^ r[(w >>> 24)];
                    break;
                case 12: // SHL (shift amounts use the low 6 bits)
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] << r[(w >>> 24)];
                    break;
                case 13: // SHR
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] >>> r[(w >>> 24)];
                    break;
                case 14: // SAR
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] >> r[(w >>> 24)];
                    break;
                case 15: // SLT
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] < r[(w >>> 24)] ? 1 : 0;
                    break;
                case 16: // SLTU
                    r[(w >>> 8 & 0xff)] = (r[(w >>> 16 & 0xff)] ^ Long.MIN_VALUE) < (r[(w >>> 24)] ^ Long.MIN_VALUE) ? 1 : 0;
                    break;
                case 17: // ADDI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] + immf[p];
                    break;
                case 18: // ANDI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] & immf[p];
                    break;
                case 19: // ORI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] | immf[p];
                    break;
                case 20: // XORI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] ^ immf[p];
                    break;
                case 21: // SHLI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] << immf[p];
                    break;
                case 22: // SHRI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] >>> immf[p];
                    break;
                case 23: // SARI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] >> immf[p];
                    break;
                case 24: // SLTI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] < immf[p] ? 1 : 0;
                    break;
                case 25: { // LD
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    if ((a & 7) != 0 || (a ^ Long.MIN_VALUE) >= memLimit) {
                        pc = p;
                        cachedPage = -1;
                        cachedPage2 = -1;
                        if (!cpu.deviceLoad(p, a, ic, base + ic)) {
                            break run;
                        }
                        pc = p + 1;
                        base += cpu.deviceAccessCycles;
                        icStop -= cpu.deviceAccessCycles;
                        break;
                    }
                    long v;
                    long pn = a >>> PAGE_SHIFT;
                    if (pn == cachedPage) {
                        v = page[(int) (a >>> 3) & PAGE_WORD_MASK];
                    } else if (pn == cachedPage2) {
                        long[] t = page;
                        page = page2;
                        page2 = t;
                        cachedPage2 = cachedPage;
                        cachedPage = pn;
                        v = page[(int) (a >>> 3) & PAGE_WORD_MASK];
                    } else {
                        long packings = mem.packings();
                        v = mem.loadWord(a);
                        long[] fresh = mem.writablePageOrNull(a);
                        if (mem.packings() == packings) {
                            page2 = page;
                            cachedPage2 = cachedPage;
                        } else {
                            cachedPage2 = -1;
                        }
                        page = fresh;
                        cachedPage = fresh == null ? -1 : pn;
                    }
                    r[(w >>> 8 & 0xff)] = v;
                    if (cpu.accessListener != null) {
                        cachedPage = -1;
                        cachedPage2 = -1;
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, false, v);
                    }
                    break;
                }
                case 26: { // ST
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    long v = r[(w >>> 24)];
                    if ((a & 7) != 0 || (a ^ Long.MIN_VALUE) >= memLimit) {
                        pc = p;
                        cachedPage = -1;
                        cachedPage2 = -1;
                        if (!cpu.deviceStore(p, a, v, ic, base + ic)) {
                            break run;
                        }
                        pc = p + 1;
                        base += cpu.deviceAccessCycles;
                        icStop -= cpu.deviceAccessCycles;
                        if (cpu.pendingInterrupts != 0 && (cpu.csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
                            cachedPage = -1;
                            cachedPage2 = -1;
                            pc = cpu.takeInterrupt(pc, ic + 1);
                        }
                        break;
                    }
                    long pn = a >>> PAGE_SHIFT;
                    if (pn == cachedPage) {
                        page[(int) (a >>> 3) & PAGE_WORD_MASK] = v;
                    } else if (pn == cachedPage2) {
                        long[] t = page;
                        page = page2;
                        page2 = t;
                        cachedPage2 = cachedPage;
                        cachedPage = pn;
                        page[(int) (a >>> 3) & PAGE_WORD_MASK] = v;
                    } else {
                        long packings = mem.packings();
                        mem.storeWord(a, v);
                        long[] fresh = mem.writablePageOrNull(a);
                        if (mem.packings() == packings) {
                            page2 = page;
                            cachedPage2 = cachedPage;
                        } else {
                            cachedPage2 = -1;
                        }
                        page = fresh;
                        cachedPage = fresh == null ? -1 : pn;
                    }
                    if (cpu.accessListener != null) {
                        cachedPage = -1;
                        cachedPage2 = -1;
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, true, v);
                    }
                    break;
                }
                // Byte accesses and atomics run here on the kept pages, as word accesses do (a
                // lock's spin loop of swaps keeps its page); the rest (a page the memory has not
                // made writable, a fault, a listener to tell) is left to run().
                case 27: // LB
                case 28: // SB
                case 29: // CAS
                case 30: // SWAP
                case 31: { // FADD
                    final int o = w & 0xff;
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    if (o > 28 && (a & 7) != 0 || (a ^ Long.MIN_VALUE) >= memLimit || cpu.accessListener != null) {
                        pc = p;
                        atRareInstruction = true;
                        break run;
                    }
                    long pn = a >>> PAGE_SHIFT;
                    if (pn == cachedPage2) {
                        long[] t = page;
                        page = page2;
                        page2 = t;
                        cachedPage2 = cachedPage;
                        cachedPage = pn;
                    } else if (pn != cachedPage) {
                        long packings = mem.packings();
                        mem.loadWord(a & ~7L); // as a word access would: the memory sees the page used
                        long[] fresh = mem.writablePageOrNull(a);
                        if (mem.packings() == packings) {
                            page2 = page;
                            cachedPage2 = cachedPage;
                        } else {
                            cachedPage2 = -1;
                        }
                        page = fresh;
                        cachedPage = fresh == null ? -1 : pn;
                        if (fresh == null) {
                            pc = p;
                            atRareInstruction = true;
                            break run;
                        }
                    }
                    int i = (int) (a >>> 3) & PAGE_WORD_MASK;
                    if (o == 27) {
                        r[(w >>> 8 & 0xff)] = (page[i] >>> ((a & 7) << 3)) & 0xff;
                    } else if (o == 28) {
                        long shift = (a & 7) << 3;
                        page[i] = (page[i] & ~(0xffL << shift)) | ((r[(w >>> 24)] & 0xff) << shift);
                    } else {
                        long old = page[i];
                        long operand = r[(w >>> 24)];
                        if (o == 29) {
                            if (old == operand) {
                                page[i] = r[cpu.rs3f[p]];
                            }
                        } else if (o == 30) {
                            page[i] = operand;
                        } else {
                            page[i] = old + operand;
                        }
                        r[(w >>> 8 & 0xff)] = old;
                    }
                    break;
                }
                case 32: // BEQ
                    if (r[(w >>> 16 & 0xff)] == r[(w >>> 24)]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 33: // BNE
                    if (r[(w >>> 16 & 0xff)] != r[(w >>> 24)]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 34: // BLT
                    if (r[(w >>> 16 & 0xff)] < r[(w >>> 24)]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 35: // BGE
                    if (r[(w >>> 16 & 0xff)] >= r[(w >>> 24)]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 36: // BLTU
                    if ((r[(w >>> 16 & 0xff)] ^ Long.MIN_VALUE) < (r[(w >>> 24)] ^ Long.MIN_VALUE)) {
                        pc = (int) immf[p];
                    }
                    break;
                case 37: // BGEU
                    if ((r[(w >>> 16 & 0xff)] ^ Long.MIN_VALUE) >= (r[(w >>> 24)] ^ Long.MIN_VALUE)) {
                        pc = (int) immf[p];
                    }
                    break;
                case 38: // J
                    pc = (int) immf[p];
                    break;
                case 39: // JAL
                    r[Code.DISCARD_REGISTER - 1] = p + 1; // ra = r31
                    pc = (int) immf[p];
                    break;
                case 40: { // JALR
                    long target = r[(w >>> 16 & 0xff)];
                    if (target < 0 || target >= cpu.codeLength) {
                        pc = p;
                        cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    r[(w >>> 8 & 0xff)] = p + 1;
                    pc = (int) target;
                    break;
                }
                case 41: { // RET
                    long target = r[Code.DISCARD_REGISTER - 1];
                    if (target < 0 || target >= cpu.codeLength) {
                        pc = p;
                        cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    pc = (int) target;
                    break;
                }
                default: // byte accesses, atomics, system instructions, breakpoints, the end of the code
                    pc = p;
                    atRareInstruction = true;
                    break run;
            }
            ic++;
        }
        cpu.pc = pc;
        cpu.cycle = base + ic;
        cpu.ic = ic;
        return atRareInstruction;
    }
}
