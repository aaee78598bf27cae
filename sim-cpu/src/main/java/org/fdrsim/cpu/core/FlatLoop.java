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
 * tiers for a second). Here memory is {@link SparseMemory} itself, reached in the loop only
 * through the two pages it keeps ({@link KeptPages}; no acquire, it never misses). Both loops
 * read each instruction from one packed int ({@link Code#packed}) and leave the rare system
 * instructions to {@link SystemInstructions}; this one also leaves memory accesses off its kept
 * pages and faults to {@link FlatSlowInstructions}, and runs both between two runs of its loop
 * rather than from inside it (see {@link #run} why). A loop its interpreter branches back to
 * {@link TranslatedLoops#HOT} times runs from then on as JVM bytecode ({@link LoopTranslator}).
 * Any change to the semantics of the instructions in the switches must be made in both loops,
 * in FlatSlowInstructions and in LoopTranslator.
 */
final class FlatLoop {
    /** A kept page's number is {@code address >>> PAGE_SHIFT} (a compile-time constant, folded into the loop). */
    private static final int PAGE_SHIFT = SparseMemory.PAGE_SHIFT;
    private static final int PAGE_WORD_MASK = (1 << (PAGE_SHIFT - 3)) - 1;
    /** The most instructions one run of the loop counts to (so that its pc stop cannot overflow). */
    private static final long MAX_BUDGET = 1L << 62;

    /** The most instructions one call of a translated loop runs (its int count cannot overflow). */
    private static final int MAX_TRANSLATED_BUDGET = 1 << 30;

    /** {@link #runToRareInstruction}'s results. */
    private static final int STOPPED = 0;
    private static final int AT_RARE_INSTRUCTION = 1;
    private static final int AT_HOT_LOOP = 2;

    private FlatLoop() {
    }

    /** Runs {@code cpu} as {@link Processor#run} describes. */
    static ProcessorState run(Processor cpu, long cycleLimit, long icLimit) {
        if (cpu.state != ProcessorState.RUNNING) {
            return cpu.state;
        }
        if (cpu.pendingInterrupts != 0 && (cpu.csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
            cpu.pc = cpu.takeInterrupt(cpu.pc, cpu.ic, cpu.cycle);
        }
        // The loop makes no call: whatever needs one (system instructions, memory accesses off
        // its kept pages, faults) it leaves to this method, which executes that one instruction
        // and runs the loop again, and a hot loop it leaves to its translation. Calls in the loop
        // had the JIT keep the loop's own values in stack slots (docs/performance-history.md, "Stop 24");
        // without them it still does, having hoisted the register fields of many cases ahead of
        // the dispatch ("Stop 25"), which is why hot loops run translated.
        //
        // Every instruction costs one cycle, so the cycle limit is also an instruction budget;
        // device access cycles shrink it (also when the IC limit is the nearer one, as in
        // PortLoop). cycle = base + ic + the device cycles so far.
        final long base = cpu.cycle - cpu.ic;
        final long icStop = Math.min(icLimit, cpu.ic + (cycleLimit - cpu.cycle));
        final KeptPages kept = cpu.keptPages;
        kept.clear(); // the memory may have changed since the last run (a restored image, the debugger)
        if (cpu.loops == null) {
            cpu.loops = TranslatedLoops.forCode(cpu.codeLength);
        }
        while (true) {
            long stop = icStop - ((cpu.cycle - cpu.ic) - base); // less the device cycles so far
            int status = runToRareInstruction(cpu, stop);
            if (status == STOPPED) {
                break;
            }
            if (status == AT_HOT_LOOP) {
                runTranslatedLoop(cpu, stop); // the loop ran no device access: the same stop
                continue;
            }
            int p = cpu.pc;
            long ic = cpu.ic;
            long cycle = cpu.cycle;
            int w = cpu.packed[p];
            int op = w & 0xff;
            int next;
            if (FlatSlowInstructions.executes(op)) {
                next = FlatSlowInstructions.execute(cpu, p, w, ic, cycle);
                cycle = cpu.cycle; // with a device access's cycles
            } else {
                next = SystemInstructions.execute(cpu, p, op, ic, cycle);
                if (SystemInstructions.mayReachMemory(op)) {
                    kept.clear();
                }
            }
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
     * At a hot loop's head (pc), with IC stop {@code icStop}: runs the loop's translation if it
     * has one and the budget covers a pass; the interpreter goes on from where it stops. Only
     * without a listener on memory accesses and without patched breakpoints (a translation sees
     * neither).
     */
    private static void runTranslatedLoop(Processor cpu, long icStop) {
        int head = cpu.pc;
        TranslatedLoops loops = cpu.loops;
        if (cpu.accessListener != null || !cpu.codeUnpatched()) {
            loops.cool(head);
            return;
        }
        TranslatedLoop loop = loops.at(cpu, head, cpu.loopEdge);
        long budget = Math.min(icStop - cpu.ic, MAX_TRANSLATED_BUDGET);
        if (loop == null || budget < loops.length(head)) {
            return; // at the end of a slice: the interpreter finishes it
        }
        long result = loop.run(cpu.regs, cpu.keptPages, (int) budget);
        long count = result >>> 32;
        cpu.pc = (int) result;
        cpu.ic += count;
        cpu.cycle += count;
    }

    /**
     * Runs the loop until IC {@code icStop}, a stop, or an instruction it leaves to {@link #run};
     * returns {@link #STOPPED}, {@link #AT_RARE_INSTRUCTION} with the processor on that
     * instruction (not executed, and before {@code icStop}), or {@link #AT_HOT_LOOP} with the
     * processor at a loop head it has branched back to {@link TranslatedLoops#HOT} times or more
     * ({@link Processor#loopEdge} the branch).
     */
    private static int runToRareInstruction(Processor cpu, long icStop) {
        final int[] code = cpu.packed;
        final long[] immf = cpu.immf;
        final long[] r = cpu.regs;
        final int[] heat = cpu.loops.heat;

        // The IC is not counted per instruction: between two jumps pc and the IC grow together,
        // so the loop compares pc with pcStop, the pc at which the IC would reach its stop, and
        // moves pcStop by the distance of each jump. The IC of the instruction at pc is
        // icAtStop - (pcStop - pc). The budget is capped so that pcStop cannot overflow (2^62
        // instructions; no run gets there). A taken branch back also counts its target's heat
        // (TranslatedLoops).
        int pc = cpu.pc;
        final long ic0 = cpu.ic;
        final long icAtStop = ic0 + Math.min(icStop - ic0, MAX_BUDGET);
        long pcStop = pc + (icAtStop - ic0);
        int status = STOPPED;

        // The kept pages (KeptPages says when they are valid), in locals while the loop runs.
        final KeptPages kept = cpu.keptPages;
        if (cpu.accessListener != null) {
            kept.clear(); // attached since the pages were kept: it must see every access
        }
        long cachedPage = kept.number;
        long[] page = kept.page;
        long cachedPage2 = kept.number2;
        long[] page2 = kept.page2;

        run:
        while (pc < pcStop) {
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
                        status = AT_RARE_INSTRUCTION;
                        break run;
                    }
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] / d;
                    break;
                }
                case 8: { // REM
                    long d = r[(w >>> 24)];
                    if (d == 0) {
                        pc = p;
                        status = AT_RARE_INSTRUCTION;
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
                    long pn = a >>> PAGE_SHIFT;
                    if ((a & 7) == 0) {
                        if (pn == cachedPage) {
                            r[(w >>> 8 & 0xff)] = page[(int) (a >>> 3) & PAGE_WORD_MASK];
                            break;
                        }
                        if (pn == cachedPage2) {
                            long[] t = page;
                            page = page2;
                            page2 = t;
                            cachedPage2 = cachedPage;
                            cachedPage = pn;
                            r[(w >>> 8 & 0xff)] = page[(int) (a >>> 3) & PAGE_WORD_MASK];
                            break;
                        }
                    }
                    pc = p;
                    status = AT_RARE_INSTRUCTION;
                    break run;
                }
                case 26: { // ST
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    long pn = a >>> PAGE_SHIFT;
                    if ((a & 7) == 0) {
                        if (pn == cachedPage) {
                            page[(int) (a >>> 3) & PAGE_WORD_MASK] = r[(w >>> 24)];
                            break;
                        }
                        if (pn == cachedPage2) {
                            long[] t = page;
                            page = page2;
                            page2 = t;
                            cachedPage2 = cachedPage;
                            cachedPage = pn;
                            page[(int) (a >>> 3) & PAGE_WORD_MASK] = r[(w >>> 24)];
                            break;
                        }
                    }
                    pc = p;
                    status = AT_RARE_INSTRUCTION;
                    break run;
                }
                case 27: // LB
                case 28: // SB
                case 29: // CAS
                case 30: // SWAP
                case 31: { // FADD
                    final int o = w & 0xff;
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    long pn = a >>> PAGE_SHIFT;
                    if (o > 28 && (a & 7) != 0 || pn != cachedPage && pn != cachedPage2) {
                        pc = p;
                        status = AT_RARE_INSTRUCTION;
                        break run;
                    }
                    if (pn != cachedPage) {
                        long[] t = page;
                        page = page2;
                        page2 = t;
                        cachedPage2 = cachedPage;
                        cachedPage = pn;
                    }
                    if (o == 27) {
                        r[(w >>> 8 & 0xff)] = LoopOps.loadByte(page, a);
                    } else if (o == 28) {
                        LoopOps.storeByte(page, a, r[(w >>> 24)]);
                    } else if (o == 29) {
                        r[(w >>> 8 & 0xff)] = LoopOps.cas(page, a, r[(w >>> 24)], r[cpu.rs3f[p]]);
                    } else if (o == 30) {
                        r[(w >>> 8 & 0xff)] = LoopOps.swap(page, a, r[(w >>> 24)]);
                    } else {
                        r[(w >>> 8 & 0xff)] = LoopOps.fetchAdd(page, a, r[(w >>> 24)]);
                    }
                    break;
                }
                case 32: // BEQ
                case 33: // BNE
                case 34: // BLT
                case 35: // BGE
                case 36: // BLTU
                case 37: { // BGEU: a taken branch goes on as J
                    final int o = w & 0xff;
                    final long x = r[(w >>> 16 & 0xff)];
                    final long y = r[(w >>> 24)];
                    final boolean taken = o == 32 ? x == y
                            : o == 33 ? x != y
                            : o == 34 ? x < y
                            : o == 35 ? x >= y
                            : o == 36 ? (x ^ Long.MIN_VALUE) < (y ^ Long.MIN_VALUE)
                            : (x ^ Long.MIN_VALUE) >= (y ^ Long.MIN_VALUE);
                    if (!taken) {
                        break;
                    }
                }
                // fall through
                case 38: { // J
                    int t = (int) immf[p];
                    pcStop += t - pc;
                    pc = t;
                    if (t <= p && ++heat[t] >= TranslatedLoops.HOT) { // a branch back: the head's heat
                        cpu.loopEdge = p;
                        status = AT_HOT_LOOP;
                        break run;
                    }
                    break;
                }
                case 39: { // JAL
                    r[Code.DISCARD_REGISTER - 1] = p + 1; // ra = r31
                    int t = (int) immf[p];
                    pcStop += t - pc;
                    pc = t;
                    break;
                }
                case 40: { // JALR
                    long target = r[(w >>> 16 & 0xff)];
                    if (target < 0 || target >= cpu.codeLength) {
                        pc = p;
                        status = AT_RARE_INSTRUCTION;
                        break run;
                    }
                    r[(w >>> 8 & 0xff)] = p + 1;
                    pcStop += (int) target - pc;
                    pc = (int) target;
                    break;
                }
                case 41: { // RET
                    long target = r[Code.DISCARD_REGISTER - 1];
                    if (target < 0 || target >= cpu.codeLength) {
                        pc = p;
                        status = AT_RARE_INSTRUCTION;
                        break run;
                    }
                    pcStop += (int) target - pc;
                    pc = (int) target;
                    break;
                }
                default: // system instructions, breakpoints, the end of the code
                    pc = p;
                    status = AT_RARE_INSTRUCTION;
                    break run;
            }
        }
        long ic = icAtStop - (pcStop - pc);
        cpu.cycle += ic - ic0;
        cpu.pc = pc;
        cpu.ic = ic;
        kept.number = cachedPage;
        kept.page = page;
        kept.number2 = cachedPage2;
        kept.page2 = page2;
        return status;
    }
}
