package org.fdrsim.cpu.core;

import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.Code;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * An in-order, blocking, one-instruction-per-cycle processor core, implemented as a fast
 * interpreter over the decoded {@link Code} arrays.
 *
 * <p>{@link #run} executes until a cycle or instruction-count limit, or until the processor
 * must stop (miss, {@code wfi}, {@code halt}, fault, trigger). Program counter, instruction
 * count and cycle live in locals inside the loop; the loop has one bounds compare per
 * instruction and calls out only for memory, devices and listeners. Interrupts are taken
 * between instructions: at entry to {@code run} and after any instruction that enables
 * interrupts or touches a device (nothing else can make one pending while {@code run} is
 * executing, because the simulation is single-threaded).
 *
 * <p>The instruction count (IC) counts committed instructions since the last
 * {@link #resetInstructionCount}: the FDR recorder's IC.
 */
public final class Processor {
    private static final int LI = Opcode.LI.ordinal();

    private final int id;
    private final ProgramImage program;
    private final int codeLength;
    /** The program's decoded opcodes, shared by every processor running it. */
    private final int[] decodedOp;
    /** What {@link #run} executes: {@link #decodedOp}, or this processor's copy with breakpoints patched in. */
    private int[] op;
    /** The program's {@link Code#packed} words, shared like {@link #decodedOp}. */
    private final int[] decodedPacked;
    /** What the flat-memory loop executes: {@link #decodedPacked}, or a copy with breakpoints patched in. */
    private int[] packed;
    /** The patched pc the next {@link #run} executes as its original instruction (-1: none). */
    private int passPc = -1;
    private final int[] rdf;
    private final int[] rs1f;
    private final int[] rs2f;
    private final int[] rs3f;
    private final long[] immf;
    private final long memorySize;

    /** r0..r31 plus the slot that absorbs writes to r0. */
    private final long[] regs = new long[Code.DISCARD_REGISTER + 1];
    private final long[] csrs = new long[Csr.count()];

    private int pc;
    private long ic;
    private long cycle;
    private long pendingInterrupts;
    private ProcessorState state = ProcessorState.RUNNING;
    private Fault fault;
    private long triggerCode;

    private MemoryPort memory;
    /** The memory behind {@link #memory} when it is flat ({@link MemoryPort#flatMemory}): {@link #executeFlat} runs on it. */
    private SparseMemory flat;
    private IoPort io;
    private int deviceAccessCycles;
    private ProcessorListener listener;
    /** {@link #listener} if it observes memory accesses, else null (no call per access). */
    private ProcessorListener accessListener;

    /**
     * A processor numbered {@code id} about to execute {@code program} from its entry point
     * with all registers 0 and interrupts disabled, over data memory of {@code memorySize} bytes.
     */
    public Processor(int id, ProgramImage program, long memorySize, MemoryPort memory, IoPort io) {
        this.id = id;
        this.program = program;
        Code code = program.code();
        this.codeLength = code.length();
        this.decodedOp = code.opcodes();
        this.op = decodedOp;
        this.decodedPacked = code.packed();
        this.packed = decodedPacked;
        this.rdf = code.rd();
        this.rs1f = code.rs1();
        this.rs2f = code.rs2();
        this.rs3f = code.rs3();
        this.immf = code.imm();
        this.memorySize = memorySize;
        this.memory = memory;
        this.flat = memory.flatMemory();
        this.io = io;
        this.pc = program.entry();
        this.csrs[Csr.CPUID.ordinal()] = id;
    }

    /**
     * Executes instructions until the local cycle reaches {@code cycleLimit}, the instruction
     * count reaches {@code icLimit}, or the processor stops. An instruction whose memory
     * latency carries the cycle past the limit still completes. Returns the state afterwards.
     */
    public ProcessorState run(long cycleLimit, long icLimit) {
        return passPc < 0 ? dispatch(cycleLimit, icLimit) : runPast(cycleLimit, icLimit);
    }

    /**
     * The loop for this processor's memory: over flat memory its own copy of the interpreter,
     * so that its JIT profile is not shared with the timed machine's caches (see
     * {@link #executeFlat}).
     */
    private ProcessorState dispatch(long cycleLimit, long icLimit) {
        return flat != null ? executeFlat(cycleLimit, icLimit) : execute(cycleLimit, icLimit);
    }

    /**
     * {@link #run} from a patched pc the caller asked to pass: the original instruction runs
     * once (the patch is lifted for that one instruction), then the run goes on as usual.
     */
    private ProcessorState runPast(long cycleLimit, long icLimit) {
        int at = passPc;
        if (pc != at || interruptDeliverable()) {
            passPc = -1; // the processor left the breakpoint (an interrupt takes it elsewhere first)
            return dispatch(cycleLimit, icLimit);
        }
        if (ic >= icLimit || state != ProcessorState.RUNNING) {
            return dispatch(cycleLimit, icLimit); // nothing executes: the pass stays
        }
        long before = ic;
        ProcessorState s;
        op[at] = decodedOp[at];
        packed[at] = decodedPacked[at];
        try {
            s = dispatch(cycleLimit, ic + 1);
        } finally {
            op[at] = Code.BREAK;
            packed[at] = Code.BREAK;
        }
        passPc = ic == before && pc == at ? at : -1;
        if (s != ProcessorState.RUNNING || ic >= icLimit || passPc >= 0) {
            return s;
        }
        return dispatch(cycleLimit, icLimit);
    }

    private ProcessorState execute(long cycleLimit, long icLimit) {
        if (state != ProcessorState.RUNNING) {
            return state;
        }
        final int[] op = this.op;
        final int[] rdf = this.rdf;
        final int[] rs1f = this.rs1f;
        final int[] rs2f = this.rs2f;
        final int[] rs3f = this.rs3f;
        final long[] immf = this.immf;
        final long[] r = this.regs;
        final long memSize = this.memorySize;
        final MemoryPort mem = this.memory;

        int pc = this.pc;
        long ic = this.ic;
        // Every instruction costs one cycle, so the cycle limit is also an instruction budget;
        // extra memory latency shrinks the budget. cycle = cycleBase + ic + extra.
        final long cycleBase = this.cycle - ic;
        long extra = 0;
        long icStop = Math.min(icLimit, ic + (cycleLimit - this.cycle));

        if (pendingInterrupts != 0 && (csrs[STATUS] & Csr.STATUS_IE) != 0) {
            pc = takeInterrupt(pc, ic);
        }

        run:
        while (ic < icStop) {
            final int p = pc++;
            switch (op[p]) {
                case 0: // LI
                case 1: // LA
                    r[rdf[p]] = immf[p];
                    break;
                case 2: // MOV
                    r[rdf[p]] = r[rs1f[p]];
                    break;
                case 3: // NOP
                    break;
                case 4: // ADD
                    r[rdf[p]] = r[rs1f[p]] + r[rs2f[p]];
                    break;
                case 5: // SUB
                    r[rdf[p]] = r[rs1f[p]] - r[rs2f[p]];
                    break;
                case 6: // MUL
                    r[rdf[p]] = r[rs1f[p]] * r[rs2f[p]];
                    break;
                case 7: { // DIV
                    long d = r[rs2f[p]];
                    if (d == 0) {
                        pc = p;
                        fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
                        break run;
                    }
                    r[rdf[p]] = r[rs1f[p]] / d;
                    break;
                }
                case 8: { // REM
                    long d = r[rs2f[p]];
                    if (d == 0) {
                        pc = p;
                        fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
                        break run;
                    }
                    r[rdf[p]] = r[rs1f[p]] % d;
                    break;
                }
                case 9: // AND
                    r[rdf[p]] = r[rs1f[p]] & r[rs2f[p]];
                    break;
                case 10: // OR
                    r[rdf[p]] = r[rs1f[p]] | r[rs2f[p]];
                    break;
                case 11: // XOR
                    r[rdf[p]] = r[rs1f[p]] ^ r[rs2f[p]];
                    break;
                case 12: // SHL (shift amounts use the low 6 bits)
                    r[rdf[p]] = r[rs1f[p]] << r[rs2f[p]];
                    break;
                case 13: // SHR
                    r[rdf[p]] = r[rs1f[p]] >>> r[rs2f[p]];
                    break;
                case 14: // SAR
                    r[rdf[p]] = r[rs1f[p]] >> r[rs2f[p]];
                    break;
                case 15: // SLT
                    r[rdf[p]] = r[rs1f[p]] < r[rs2f[p]] ? 1 : 0;
                    break;
                case 16: // SLTU
                    r[rdf[p]] = Long.compareUnsigned(r[rs1f[p]], r[rs2f[p]]) < 0 ? 1 : 0;
                    break;
                case 17: // ADDI
                    r[rdf[p]] = r[rs1f[p]] + immf[p];
                    break;
                case 18: // ANDI
                    r[rdf[p]] = r[rs1f[p]] & immf[p];
                    break;
                case 19: // ORI
                    r[rdf[p]] = r[rs1f[p]] | immf[p];
                    break;
                case 20: // XORI
                    r[rdf[p]] = r[rs1f[p]] ^ immf[p];
                    break;
                case 21: // SHLI
                    r[rdf[p]] = r[rs1f[p]] << immf[p];
                    break;
                case 22: // SHRI
                    r[rdf[p]] = r[rs1f[p]] >>> immf[p];
                    break;
                case 23: // SARI
                    r[rdf[p]] = r[rs1f[p]] >> immf[p];
                    break;
                case 24: // SLTI
                    r[rdf[p]] = r[rs1f[p]] < immf[p] ? 1 : 0;
                    break;
                case 25: { // LD
                    long a = r[rs1f[p]] + immf[p];
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        if (!deviceLoad(p, a, ic, cycleBase + ic + extra)) {
                            break run;
                        }
                        pc = p + 1;
                        extra += deviceAccessCycles;
                        icStop -= deviceAccessCycles;
                        break;
                    }
                    int lat = mem.acquire(a, false, ic + 1, cycleBase + ic + extra);
                    if (lat != 0) {
                        if (lat < 0) {
                            pc = p;
                            state = ProcessorState.STALLED;
                            break run;
                        }
                        extra += lat;
                        icStop -= lat;
                    }
                    long v = mem.loadWord(a);
                    r[rdf[p]] = v;
                    if (accessListener != null) {
                        accessListener.memoryAccess(id, ic + 1, p, a, false, v);
                    }
                    break;
                }
                case 26: { // ST
                    long a = r[rs1f[p]] + immf[p];
                    long v = r[rs2f[p]];
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        if (!deviceStore(p, a, v, ic, cycleBase + ic + extra)) {
                            break run;
                        }
                        pc = p + 1;
                        extra += deviceAccessCycles;
                        icStop -= deviceAccessCycles;
                        if (pendingInterrupts != 0 && (csrs[STATUS] & Csr.STATUS_IE) != 0) {
                            pc = takeInterrupt(pc, ic + 1);
                        }
                        break;
                    }
                    int lat = mem.acquire(a, true, ic + 1, cycleBase + ic + extra);
                    if (lat != 0) {
                        if (lat < 0) {
                            pc = p;
                            state = ProcessorState.STALLED;
                            break run;
                        }
                        extra += lat;
                        icStop -= lat;
                    }
                    mem.storeWord(a, v);
                    if (accessListener != null) {
                        accessListener.memoryAccess(id, ic + 1, p, a, true, v);
                    }
                    break;
                }
                case 27: { // LB
                    long a = r[rs1f[p]] + immf[p];
                    if (Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        faultOnAddress(p, a, ic);
                        break run;
                    }
                    int lat = mem.acquire(a, false, ic + 1, cycleBase + ic + extra);
                    if (lat != 0) {
                        if (lat < 0) {
                            pc = p;
                            state = ProcessorState.STALLED;
                            break run;
                        }
                        extra += lat;
                        icStop -= lat;
                    }
                    long v = mem.loadByte(a);
                    r[rdf[p]] = v;
                    if (accessListener != null) {
                        accessListener.memoryAccess(id, ic + 1, p, a, false, v);
                    }
                    break;
                }
                case 28: { // SB
                    long a = r[rs1f[p]] + immf[p];
                    if (Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        faultOnAddress(p, a, ic);
                        break run;
                    }
                    int lat = mem.acquire(a, true, ic + 1, cycleBase + ic + extra);
                    if (lat != 0) {
                        if (lat < 0) {
                            pc = p;
                            state = ProcessorState.STALLED;
                            break run;
                        }
                        extra += lat;
                        icStop -= lat;
                    }
                    long v = r[rs2f[p]] & 0xff;
                    mem.storeByte(a, (int) v);
                    if (accessListener != null) {
                        accessListener.memoryAccess(id, ic + 1, p, a, true, v);
                    }
                    break;
                }
                case 29: // CAS
                case 30: // SWAP
                case 31: { // FADD
                    long a = r[rs1f[p]] + immf[p];
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        faultOnAddress(p, a, ic);
                        break run;
                    }
                    int lat = mem.acquire(a, true, ic + 1, cycleBase + ic + extra);
                    if (lat != 0) {
                        if (lat < 0) {
                            pc = p;
                            state = ProcessorState.STALLED;
                            break run;
                        }
                        extra += lat;
                        icStop -= lat;
                    }
                    long old = mem.loadWord(a);
                    long operand = r[rs2f[p]];
                    int o = op[p];
                    if (o == 29) {
                        if (old == operand) {
                            mem.storeWord(a, r[rs3f[p]]);
                        }
                    } else if (o == 30) {
                        mem.storeWord(a, operand);
                    } else {
                        mem.storeWord(a, old + operand);
                    }
                    r[rdf[p]] = old;
                    if (accessListener != null) {
                        accessListener.memoryAccess(id, ic + 1, p, a, true, old);
                    }
                    break;
                }
                case 32: // BEQ
                    if (r[rs1f[p]] == r[rs2f[p]]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 33: // BNE
                    if (r[rs1f[p]] != r[rs2f[p]]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 34: // BLT
                    if (r[rs1f[p]] < r[rs2f[p]]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 35: // BGE
                    if (r[rs1f[p]] >= r[rs2f[p]]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 36: // BLTU
                    if (Long.compareUnsigned(r[rs1f[p]], r[rs2f[p]]) < 0) {
                        pc = (int) immf[p];
                    }
                    break;
                case 37: // BGEU
                    if (Long.compareUnsigned(r[rs1f[p]], r[rs2f[p]]) >= 0) {
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
                    long target = r[rs1f[p]];
                    if (target < 0 || target >= codeLength) {
                        pc = p;
                        fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    r[rdf[p]] = p + 1;
                    pc = (int) target;
                    break;
                }
                case 41: { // RET
                    long target = r[Code.DISCARD_REGISTER - 1];
                    if (target < 0 || target >= codeLength) {
                        pc = p;
                        fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    pc = (int) target;
                    break;
                }
                case 42: // CSRR
                    r[rdf[p]] = csrs[(int) immf[p]];
                    break;
                case 43: { // CSRW
                    int c = (int) immf[p];
                    if (c != CPUID) {
                        csrs[c] = r[rs1f[p]];
                    }
                    if (c == STATUS && pendingInterrupts != 0 && (csrs[STATUS] & Csr.STATUS_IE) != 0) {
                        pc = takeInterrupt(pc, ic + 1);
                    }
                    break;
                }
                case 44: // EI
                    csrs[STATUS] |= Csr.STATUS_IE;
                    if (pendingInterrupts != 0) {
                        pc = takeInterrupt(pc, ic + 1);
                    }
                    break;
                case 45: // DI
                    csrs[STATUS] &= ~Csr.STATUS_IE;
                    break;
                case 46: { // IRET
                    long target = csrs[EPC];
                    if (target < 0 || target >= codeLength) {
                        pc = p;
                        fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    pc = (int) target;
                    csrs[STATUS] |= Csr.STATUS_IE;
                    if (pendingInterrupts != 0) {
                        pc = takeInterrupt(pc, ic + 1);
                    }
                    break;
                }
                case 47: { // TRAP: synchronous, taken whether or not interrupts are enabled
                    long handler = csrs[IVEC];
                    if (handler < 0 || handler >= codeLength) {
                        pc = p;
                        fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, handler);
                        break run;
                    }
                    csrs[EPC] = p + 1;
                    csrs[CAUSE] = Csr.TRAP_CAUSE_BASE + immf[p];
                    csrs[STATUS] &= ~Csr.STATUS_IE;
                    pc = (int) handler;
                    break;
                }
                case 48: // WFI: commits, then sleeps unless an interrupt is already pending
                    if (pendingInterrupts == 0) {
                        ic++;
                        state = ProcessorState.SLEEPING;
                        break run;
                    }
                    if ((csrs[STATUS] & Csr.STATUS_IE) != 0) {
                        pc = takeInterrupt(pc, ic + 1);
                    }
                    break;
                case 49: // FENCE: a no-op under sequential consistency
                    break;
                case 50: // HALT
                    ic++;
                    state = ProcessorState.HALTED;
                    break run;
                case 51: // RDCYCLE
                    r[rdf[p]] = io.readCycleCounter(id, cycleBase + ic + extra);
                    break;
                case 52: // TRIGGER
                    ic++;
                    triggerCode = immf[p];
                    state = ProcessorState.TRIGGERED;
                    break run;
                case 53: // ASSERT
                    if (r[rs1f[p]] == 0) {
                        ic++;
                        triggerCode = immf[p];
                        state = ProcessorState.TRIGGERED;
                        break run;
                    }
                    break;
                default:
                    pc = p;
                    if (op[p] != Code.BREAK) { // Code.FALL_OFF: ran past the last instruction
                        fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, p);
                    }
                    break run; // Code.BREAK: stop before the patched instruction, pc on it
            }
            ic++;
        }
        this.pc = pc;
        this.cycle = cycleBase + ic + extra;
        this.ic = ic;
        return state;
    }

    /**
     * {@link #execute} for a processor over flat memory (the functional machine, replay): the
     * same instructions with the same effects, counts and cycles ({@code FlatLoopTest} runs both
     * loops side by side), but its own bytecode. Why a copy: the JIT profiles a method's
     * bytecode, not its callers. Sharing one loop with the timed machine, a JVM that records
     * and then replays (the benchmarks, {@code fdr verify}) compiled it for both memory ports
     * and both listeners, and its speculations failed over and over in replay (repeated
     * {@code profile_predicate} deoptimizations of the loop; each recompile ran in the slow
     * tiers for a second). Here memory is {@link SparseMemory} itself (a final class, inlined;
     * no acquire, it never misses), and each instruction is read from one packed int
     * ({@link Code#packed}) instead of four arrays. Any change to an instruction's semantics
     * must be made in both loops.
     */
    private ProcessorState executeFlat(long cycleLimit, long icLimit) {
        if (state != ProcessorState.RUNNING) {
            return state;
        }
        final int[] code = this.packed;
        final int[] rs3f = this.rs3f;
        final long[] immf = this.immf;
        final long[] r = this.regs;
        final long memSize = this.memorySize;
        final SparseMemory mem = this.flat;

        int pc = this.pc;
        long ic = this.ic;
        // Every instruction costs one cycle, so the cycle limit is also an instruction budget;
        // device access cycles shrink the budget. cycle = base + ic.
        long base = this.cycle - ic;
        long icStop = Math.min(icLimit, ic + (cycleLimit - this.cycle));

        if (pendingInterrupts != 0 && (csrs[STATUS] & Csr.STATUS_IE) != 0) {
            pc = takeInterrupt(pc, ic);
        }

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
                        fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
                        break run;
                    }
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] / d;
                    break;
                }
                case 8: { // REM
                    long d = r[(w >>> 24)];
                    if (d == 0) {
                        pc = p;
                        fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
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
                    r[(w >>> 8 & 0xff)] = Long.compareUnsigned(r[(w >>> 16 & 0xff)], r[(w >>> 24)]) < 0 ? 1 : 0;
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
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        if (!deviceLoad(p, a, ic, base + ic)) {
                            break run;
                        }
                        pc = p + 1;
                        base += deviceAccessCycles;
                        icStop -= deviceAccessCycles;
                        break;
                    }
                    long v = mem.loadWord(a);
                    r[(w >>> 8 & 0xff)] = v;
                    if (listener != null) {
                        listener.memoryAccess(id, ic + 1, p, a, false, v);
                    }
                    break;
                }
                case 26: { // ST
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    long v = r[(w >>> 24)];
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        if (!deviceStore(p, a, v, ic, base + ic)) {
                            break run;
                        }
                        pc = p + 1;
                        base += deviceAccessCycles;
                        icStop -= deviceAccessCycles;
                        if (pendingInterrupts != 0 && (csrs[STATUS] & Csr.STATUS_IE) != 0) {
                            pc = takeInterrupt(pc, ic + 1);
                        }
                        break;
                    }
                    mem.storeWord(a, v);
                    if (listener != null) {
                        listener.memoryAccess(id, ic + 1, p, a, true, v);
                    }
                    break;
                }
                case 27: { // LB
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    if (Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        faultOnAddress(p, a, ic);
                        break run;
                    }
                    long v = mem.loadByte(a);
                    r[(w >>> 8 & 0xff)] = v;
                    if (listener != null) {
                        listener.memoryAccess(id, ic + 1, p, a, false, v);
                    }
                    break;
                }
                case 28: { // SB
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    if (Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        faultOnAddress(p, a, ic);
                        break run;
                    }
                    long v = r[(w >>> 24)] & 0xff;
                    mem.storeByte(a, (int) v);
                    if (listener != null) {
                        listener.memoryAccess(id, ic + 1, p, a, true, v);
                    }
                    break;
                }
                case 29: // CAS
                case 30: // SWAP
                case 31: { // FADD
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        faultOnAddress(p, a, ic);
                        break run;
                    }
                    long old = mem.loadWord(a);
                    long operand = r[(w >>> 24)];
                    int o = w & 0xff;
                    if (o == 29) {
                        if (old == operand) {
                            mem.storeWord(a, r[rs3f[p]]);
                        }
                    } else if (o == 30) {
                        mem.storeWord(a, operand);
                    } else {
                        mem.storeWord(a, old + operand);
                    }
                    r[(w >>> 8 & 0xff)] = old;
                    if (listener != null) {
                        listener.memoryAccess(id, ic + 1, p, a, true, old);
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
                    if (Long.compareUnsigned(r[(w >>> 16 & 0xff)], r[(w >>> 24)]) < 0) {
                        pc = (int) immf[p];
                    }
                    break;
                case 37: // BGEU
                    if (Long.compareUnsigned(r[(w >>> 16 & 0xff)], r[(w >>> 24)]) >= 0) {
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
                    if (target < 0 || target >= codeLength) {
                        pc = p;
                        fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    r[(w >>> 8 & 0xff)] = p + 1;
                    pc = (int) target;
                    break;
                }
                case 41: { // RET
                    long target = r[Code.DISCARD_REGISTER - 1];
                    if (target < 0 || target >= codeLength) {
                        pc = p;
                        fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    pc = (int) target;
                    break;
                }
                case 42: // CSRR
                    r[(w >>> 8 & 0xff)] = csrs[(int) immf[p]];
                    break;
                case 43: { // CSRW
                    int c = (int) immf[p];
                    if (c != CPUID) {
                        csrs[c] = r[(w >>> 16 & 0xff)];
                    }
                    if (c == STATUS && pendingInterrupts != 0 && (csrs[STATUS] & Csr.STATUS_IE) != 0) {
                        pc = takeInterrupt(pc, ic + 1);
                    }
                    break;
                }
                case 44: // EI
                    csrs[STATUS] |= Csr.STATUS_IE;
                    if (pendingInterrupts != 0) {
                        pc = takeInterrupt(pc, ic + 1);
                    }
                    break;
                case 45: // DI
                    csrs[STATUS] &= ~Csr.STATUS_IE;
                    break;
                case 46: { // IRET
                    long target = csrs[EPC];
                    if (target < 0 || target >= codeLength) {
                        pc = p;
                        fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    pc = (int) target;
                    csrs[STATUS] |= Csr.STATUS_IE;
                    if (pendingInterrupts != 0) {
                        pc = takeInterrupt(pc, ic + 1);
                    }
                    break;
                }
                case 47: { // TRAP: synchronous, taken whether or not interrupts are enabled
                    long handler = csrs[IVEC];
                    if (handler < 0 || handler >= codeLength) {
                        pc = p;
                        fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, handler);
                        break run;
                    }
                    csrs[EPC] = p + 1;
                    csrs[CAUSE] = Csr.TRAP_CAUSE_BASE + immf[p];
                    csrs[STATUS] &= ~Csr.STATUS_IE;
                    pc = (int) handler;
                    break;
                }
                case 48: // WFI: commits, then sleeps unless an interrupt is already pending
                    if (pendingInterrupts == 0) {
                        ic++;
                        state = ProcessorState.SLEEPING;
                        break run;
                    }
                    if ((csrs[STATUS] & Csr.STATUS_IE) != 0) {
                        pc = takeInterrupt(pc, ic + 1);
                    }
                    break;
                case 49: // FENCE: a no-op under sequential consistency
                    break;
                case 50: // HALT
                    ic++;
                    state = ProcessorState.HALTED;
                    break run;
                case 51: // RDCYCLE
                    r[(w >>> 8 & 0xff)] = io.readCycleCounter(id, base + ic);
                    break;
                case 52: // TRIGGER
                    ic++;
                    triggerCode = immf[p];
                    state = ProcessorState.TRIGGERED;
                    break run;
                case 53: // ASSERT
                    if (r[(w >>> 16 & 0xff)] == 0) {
                        ic++;
                        triggerCode = immf[p];
                        state = ProcessorState.TRIGGERED;
                        break run;
                    }
                    break;
                default:
                    pc = p;
                    if ((w & 0xff) != Code.BREAK) { // Code.FALL_OFF: ran past the last instruction
                        fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, p);
                    }
                    break run; // Code.BREAK: stop before the patched instruction, pc on it
            }
            ic++;
        }
        this.pc = pc;
        this.cycle = base + ic;
        this.ic = ic;
        return state;
    }

    private static final int CPUID = Csr.CPUID.ordinal();
    private static final int IVEC = Csr.IVEC.ordinal();
    private static final int EPC = Csr.EPC.ordinal();
    private static final int CAUSE = Csr.CAUSE.ordinal();
    private static final int STATUS = Csr.STATUS.ordinal();

    static {
        // The interpreter's case labels are opcode ordinals; fail fast if the enum is reordered.
        if (LI != 0 || Opcode.ASSERT.ordinal() != 53 || Opcode.CAS.ordinal() != 29
                || Opcode.WFI.ordinal() != 48 || Opcode.RDCYCLE.ordinal() != 51) {
            throw new AssertionError("Opcode order changed: update Processor.run");
        }
    }

    /**
     * Takes the lowest-numbered pending interrupt: epc := next pc, cause := number,
     * interrupts off, pc := ivec. Returns the new pc. {@code ic} is the count of committed
     * instructions at this point.
     */
    private int takeInterrupt(int nextPc, long ic) {
        int number = Long.numberOfTrailingZeros(pendingInterrupts);
        long handler = csrs[IVEC];
        if (handler < 0 || handler >= codeLength) {
            // An interrupt with no valid handler is a program bug; stop at the next instruction.
            return nextPc;
        }
        pendingInterrupts &= ~(1L << number);
        csrs[EPC] = nextPc;
        csrs[CAUSE] = number;
        csrs[STATUS] &= ~Csr.STATUS_IE;
        if (listener != null) {
            listener.interruptTaken(id, ic, number);
        }
        return (int) handler;
    }

    /** A load that is not a plain aligned in-memory word load: a device register or a fault. */
    private boolean deviceLoad(int p, long a, long ic, long now) {
        if (!checkDeviceAccess(p, a, ic)) {
            return false;
        }
        regs[rdf[p]] = io.load(id, a, now);
        return true;
    }

    private boolean deviceStore(int p, long a, long v, long ic, long now) {
        if (!checkDeviceAccess(p, a, ic)) {
            return false;
        }
        io.storeAt(id, ic + 1, a, v, now);
        return true;
    }

    /** True if {@code a} is an aligned, mapped device register; otherwise faults. */
    private boolean checkDeviceAccess(int p, long a, long ic) {
        if (!AddressMap.isIo(a)) {
            faultOnAddress(p, a, ic);
            return false;
        }
        if ((a & 7) != 0) {
            fault(FaultKind.MISALIGNED_ACCESS, p, ic, a);
            return false;
        }
        if (!io.isMapped(a)) {
            fault(FaultKind.UNMAPPED_DEVICE, p, ic, a);
            return false;
        }
        return true;
    }

    private void faultOnAddress(int p, long a, long ic) {
        if (AddressMap.isIo(a)) {
            fault(FaultKind.BAD_DEVICE_ACCESS, p, ic, a);
        } else if (Long.compareUnsigned(a, memorySize) >= 0) {
            fault(FaultKind.ADDRESS_OUT_OF_RANGE, p, ic, a);
        } else {
            fault(FaultKind.MISALIGNED_ACCESS, p, ic, a);
        }
    }

    private void fault(FaultKind kind, int p, long ic, long value) {
        fault = new Fault(kind, id, p, ic + 1, value);
        state = ProcessorState.FAULTED;
    }

    // ---- control from the machine ----

    /** Makes interrupt {@code number} (1..63) pending; wakes the processor if it sleeps. */
    public void postInterrupt(int number) {
        pendingInterrupts |= 1L << number;
        if (state == ProcessorState.SLEEPING) {
            state = ProcessorState.RUNNING;
        }
    }

    /** Wakes a stalled processor at {@code now}: the stalled instruction executes again. */
    public void resume(long now) {
        if (state == ProcessorState.STALLED) {
            state = ProcessorState.RUNNING;
        }
        advanceTo(now);
    }

    /** Moves the local clock forward to {@code time} (idle or stalled time); never backward. */
    public void advanceTo(long time) {
        if (time > cycle) {
            cycle = time;
        }
    }

    /**
     * Patches a breakpoint at each code index of {@code pcs} into this processor's own copy of
     * the opcodes (no pcs: back to the program's shared code): a {@link #run} that reaches one
     * stops before executing it, leaving pc there and the state {@code RUNNING}; a run without
     * patches checks nothing more than before. For the replay debugger.
     *
     * @throws IllegalArgumentException if a pc is outside the code
     */
    public void setBreakpoints(int[] pcs) {
        passPc = -1;
        if (pcs.length == 0) {
            op = decodedOp;
            packed = decodedPacked;
            return;
        }
        int[] patched = decodedOp.clone();
        int[] patchedWords = decodedPacked.clone();
        for (int p : pcs) {
            if (p < 0 || p >= codeLength) {
                throw new IllegalArgumentException("breakpoint at pc " + p + " outside the code (0.." + (codeLength - 1) + ")");
            }
            patched[p] = Code.BREAK;
            patchedWords[p] = Code.BREAK;
        }
        op = patched;
        packed = patchedWords;
    }

    /** True if pc is on a patched breakpoint that the next run would stop at (not passed). */
    public boolean atBreakpoint() {
        return op != decodedOp && pc >= 0 && pc < op.length && op[pc] == Code.BREAK && passPc != pc;
    }

    /** The next run executes the instruction under the breakpoint pc is on (as gdb steps over one); no-op elsewhere. */
    public void passBreakpoint() {
        if (atBreakpoint()) {
            passPc = pc;
        }
    }

    /** Who sees this processor's memory accesses and interrupts (null: nobody). */
    public void setListener(ProcessorListener listener) {
        this.listener = listener;
        this.accessListener = listener != null && listener.observesMemoryAccesses() ? listener : null;
    }

    public void setMemoryPort(MemoryPort memory) {
        this.memory = memory;
        this.flat = memory.flatMemory();
    }

    public void setIoPort(IoPort io) {
        this.io = io;
    }

    /** Extra cycles an uncached device register access costs (0 on the functional machine). */
    public void setDeviceAccessCycles(int cycles) {
        this.deviceAccessCycles = cycles;
    }

    /** Starts a new instruction-count epoch (at a checkpoint): IC := 0. */
    public void resetInstructionCount() {
        ic = 0;
    }

    // ---- architectural state ----

    public int id() {
        return id;
    }

    public ProgramImage program() {
        return program;
    }

    public int pc() {
        return pc;
    }

    public void setPc(int pc) {
        this.pc = pc;
        this.passPc = -1;
    }

    /** Committed instructions in the current epoch. */
    public long instructionCount() {
        return ic;
    }

    public void setInstructionCount(long ic) {
        this.ic = ic;
    }

    /** The local clock, in processor cycles. */
    public long cycle() {
        return cycle;
    }

    public ProcessorState state() {
        return state;
    }

    public void setState(ProcessorState state) {
        this.state = state;
    }

    public Fault fault() {
        return fault;
    }

    /** The immediate of the {@code trigger} or failed {@code assert}. */
    public long triggerCode() {
        return triggerCode;
    }

    public long register(int reg) {
        return reg == 0 ? 0 : regs[reg];
    }

    public void setRegister(int reg, long value) {
        if (reg != 0) {
            regs[reg] = value;
        }
    }

    public long csr(Csr csr) {
        return csrs[csr.ordinal()];
    }

    public void setCsr(Csr csr, long value) {
        if (csr != Csr.CPUID) {
            csrs[csr.ordinal()] = value;
        }
    }

    public long pendingInterrupts() {
        return pendingInterrupts;
    }

    public void setPendingInterrupts(long mask) {
        this.pendingInterrupts = mask;
    }

    /** True if an interrupt is pending and interrupts are enabled. */
    public boolean interruptDeliverable() {
        return pendingInterrupts != 0 && (csrs[STATUS] & Csr.STATUS_IE) != 0;
    }

    /**
     * Puts back how the processor stopped (a replay snapshot restored): its fault (null: none)
     * and the code of its {@code trigger} or failed {@code assert}; the run state is set apart.
     */
    public void restoreStop(Fault fault, long triggerCode) {
        this.fault = fault;
        this.triggerCode = triggerCode;
    }
}
