package org.fdrsim.cpu.core;

import java.util.function.IntConsumer;
import java.util.function.LongSupplier;
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
    // The state below is package-private where the instruction loops (PortLoop, FlatLoop) read
    // and write it: they are this class's run loop, kept in files of their own.
    private static final int LI = Opcode.LI.ordinal();

    final int id;
    private final ProgramImage program;
    final int codeLength;
    /** The program's {@link Code#packed} words (opcode and registers), shared by every processor running it. */
    private final int[] decodedPacked;
    /** What {@link #run} executes: {@link #decodedPacked}, or this processor's copy with breakpoints patched in. */
    int[] packed;
    /** The patched pc the next {@link #run} executes as its original instruction (-1: none). */
    private int passPc = -1;
    // The rare instructions (SystemInstructions, device loads) read rd and rs1 from these arrays
    // rather than from the packed word: with the word passed down, some JVMs compiled the flat
    // loop 15-25% slower (docs/performance-history.md, "Stop 22").
    final int[] rdf;
    final int[] rs1f;
    final int[] rs3f;
    final long[] immf;
    final long memorySize;

    /** r0..r31 plus the slot that absorbs writes to r0. */
    final long[] regs = new long[Code.DISCARD_REGISTER + 1];
    final long[] csrs = new long[Csr.count()];

    int pc;
    long ic;
    long cycle;
    /** The latest cycle at which this processor may access a device now (null: any; {@link #setDeviceHorizon}). */
    private LongSupplier deviceHorizon;
    long pendingInterrupts;
    /**
     * Cycles this processor waited for a full input log ({@link IoPort#waitUntil}) or interrupt
     * log ({@link ProcessorListener#waitUntil}) before its next instruction.
     */
    long ioWaitCycles;
    /** The wait the last interrupt taken owes before its handler's first instruction (the loop charges it, {@link #takeLogWait}). */
    private long interruptWait;
    ProcessorState state = ProcessorState.RUNNING;
    private Fault fault;
    long triggerCode;

    MemoryPort memory;
    /** The memory behind {@link #memory} when it is flat ({@link MemoryPort#flatMemory}): {@link FlatLoop} runs on it. */
    SparseMemory flat;
    IoPort io;
    int deviceAccessCycles;
    ProcessorListener listener;
    /** Told when an interrupt wakes this processor from wfi (a run loop that keeps times; null: nobody). */
    private IntConsumer wakeListener;
    /** The pcs that head a spin loop {@link PortLoop} may count instead of running ({@link SpinLoops}). */
    final boolean[] spinHeads;
    /** Spin-loop iterations counted instead of run ({@link SpinLoops}). */
    long countedSpinIterations;
    /** {@link #listener} if it observes memory accesses, else null (no call per access). */
    ProcessorListener accessListener;
    /** The pages {@link FlatLoop} keeps between two runs of its loop within one {@link #run}. */
    final KeptPages keptPages = new KeptPages();
    /** {@link FlatLoop}'s translated loops (made on its first run; null on the timed machine). */
    TranslatedLoops loops;
    /** Where {@link FlatLoop}'s interpreter branched back to a hot loop head (the head is pc). */
    int loopEdge;

    /**
     * A processor numbered {@code id} about to execute {@code program} from its entry point
     * with all registers 0 and interrupts disabled, over data memory of {@code memorySize} bytes.
     */
    public Processor(int id, ProgramImage program, long memorySize, MemoryPort memory, IoPort io) {
        this.id = id;
        this.program = program;
        Code code = program.code();
        this.codeLength = code.length();
        this.decodedPacked = code.packed();
        this.packed = decodedPacked;
        this.rdf = code.rd();
        this.rs1f = code.rs1();
        this.rs3f = code.rs3();
        this.immf = code.imm();
        this.memorySize = memorySize;
        this.memory = memory;
        this.flat = memory.flatMemory();
        this.spinHeads = SpinLoops.heads(decodedPacked, immf, codeLength);
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
     * {@link FlatLoop}).
     */
    private ProcessorState dispatch(long cycleLimit, long icLimit) {
        return flat != null ? FlatLoop.run(this, cycleLimit, icLimit) : PortLoop.run(this, cycleLimit, icLimit);
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
        packed[at] = decodedPacked[at];
        try {
            s = dispatch(cycleLimit, ic + 1);
        } finally {
            packed[at] = Code.BREAK;
        }
        passPc = ic == before && pc == at ? at : -1;
        if (s != ProcessorState.RUNNING || ic >= icLimit || passPc >= 0) {
            return s;
        }
        return dispatch(cycleLimit, icLimit);
    }

    static final int CPUID = Csr.CPUID.ordinal();
    static final int IVEC = Csr.IVEC.ordinal();
    static final int EPC = Csr.EPC.ordinal();
    static final int CAUSE = Csr.CAUSE.ordinal();
    static final int STATUS = Csr.STATUS.ordinal();

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
     * instructions at this point and {@code now} the processor's clock: the listeners read it as
     * the interrupt's time (an interrupt log's entry), and a log whose buffer is full makes the
     * handler wait (for the loop to charge, {@link #takeLogWait}).
     */
    int takeInterrupt(int nextPc, long ic, long now) {
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
            keptPages.clear(); // the listener may reach the memory
            listener.interruptTaken(id, ic, number, now);
            interruptWait += logWait(listener.waitUntil(id), now);
        }
        return (int) handler;
    }

    /**
     * The cycles from {@code now} to {@code until}, the time a full log buffer (input or
     * interrupt) took this processor's last entry, or 0 if that is not later; they are counted
     * ({@link #ioWaitCycles}).
     */
    long logWait(long until, long now) {
        if (until <= now) {
            return 0;
        }
        ioWaitCycles += until - now;
        return until - now;
    }

    /**
     * The cycles the interrupts taken since the last call must wait before the next instruction,
     * because the interrupt log's buffer was full (0 almost always); the timed loop adds them to
     * the clock, so the handler's first {@code rdcycle} reads the time after the wait.
     */
    long takeLogWait() {
        long w = interruptWait;
        interruptWait = 0;
        return w;
    }

    /** A load that is not a plain aligned in-memory word load: a device register or a fault. */
    boolean deviceLoad(int p, long a, long ic, long now) {
        if (!checkDeviceAccess(p, a, ic)) {
            return false;
        }
        regs[rdf[p]] = io.load(id, a, now);
        return true;
    }

    boolean deviceStore(int p, long a, long v, long ic, long now) {
        if (!checkDeviceAccess(p, a, ic)) {
            return false;
        }
        io.storeAt(id, ic + 1, a, v, now);
        return true;
    }

    /** True if {@code a} is an aligned, mapped device register; otherwise faults. */
    boolean checkDeviceAccess(int p, long a, long ic) {
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

    void faultOnAddress(int p, long a, long ic) {
        if (AddressMap.isIo(a)) {
            fault(FaultKind.BAD_DEVICE_ACCESS, p, ic, a);
        } else if (Long.compareUnsigned(a, memorySize) >= 0) {
            fault(FaultKind.ADDRESS_OUT_OF_RANGE, p, ic, a);
        } else {
            fault(FaultKind.MISALIGNED_ACCESS, p, ic, a);
        }
    }

    void fault(FaultKind kind, int p, long ic, long value) {
        fault = new Fault(kind, id, p, ic + 1, value);
        state = ProcessorState.FAULTED;
    }

    // ---- control from the machine ----

    /** Makes interrupt {@code number} (1..63) pending; wakes the processor if it sleeps. */
    public void postInterrupt(int number) {
        pendingInterrupts |= 1L << number;
        if (state == ProcessorState.SLEEPING) {
            state = ProcessorState.RUNNING;
            if (wakeListener != null) {
                wakeListener.accept(id);
            }
        }
    }

    /**
     * Who is told this processor's id when an interrupt wakes it from wfi (null: nobody). A run
     * loop that remembers when each processor goes on learns here that a device event, an IPI or
     * a timer changed a sleeper's time and state, instead of reading every processor again.
     */
    public void setWakeListener(IntConsumer wakeListener) {
        this.wakeListener = wakeListener;
    }

    /**
     * Where the timed loop asks, at a device access, the latest cycle at which this processor may
     * make it: a run loop that lets processors run ahead of each other keeps device accesses in
     * cycle order by ending the slice before an access past it (null, the default: no order).
     */
    public void setDeviceHorizon(LongSupplier horizon) {
        deviceHorizon = horizon;
    }

    /** Whether a device access at {@code now} must wait for another processor's earlier ones ({@link #setDeviceHorizon}). */
    boolean pastDeviceHorizon(long now) {
        return deviceHorizon != null && now > deviceHorizon.getAsLong();
    }

    /** Wakes a stalled processor at {@code now}: the stalled instruction executes again. */
    public void resume(long now) {
        if (state == ProcessorState.STALLED) {
            state = ProcessorState.RUNNING;
        }
        advanceTo(now);
    }

    /**
     * Cycles this processor waited, instruction by instruction, for a full input log
     * ({@link IoPort#waitUntil}) or interrupt log ({@link ProcessorListener#waitUntil}) to drain.
     */
    public long ioWaitCycles() {
        return ioWaitCycles;
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
            packed = decodedPacked;
            return;
        }
        int[] patched = decodedPacked.clone();
        for (int p : pcs) {
            if (p < 0 || p >= codeLength) {
                throw new IllegalArgumentException("breakpoint at pc " + p + " outside the code (0.." + (codeLength - 1) + ")");
            }
            patched[p] = Code.BREAK;
        }
        packed = patched;
    }

    /** True if no breakpoint is patched into the code this processor runs. */
    boolean codeUnpatched() {
        return packed == decodedPacked;
    }

    /** True if pc is on a patched breakpoint that the next run would stop at (not passed). */
    public boolean atBreakpoint() {
        return packed != decodedPacked && pc >= 0 && pc < packed.length && packed[pc] == Code.BREAK && passPc != pc;
    }

    /** The next run executes the instruction under the breakpoint pc is on (as gdb steps over one); no-op elsewhere. */
    public void passBreakpoint() {
        if (atBreakpoint()) {
            passPc = pc;
        }
    }

    /**
     * Iterations of spin loops this processor counted instead of executing them one by one
     * ({@link SpinLoops}); they are in the IC and the cycle as if executed. Not part of any
     * statistic or dump: the same run gives the same bytes with or without counting.
     */
    public long countedSpinIterations() {
        return countedSpinIterations;
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
