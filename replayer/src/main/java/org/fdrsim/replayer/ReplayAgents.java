package org.fdrsim.replayer;

import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Fault;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.functional.FlatMemoryPort;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.io.log.DmaDataEntry;
import org.fdrsim.io.log.InterruptEntry;

/**
 * The agents of a replay (processors 0..P-1, DMA engines P..P+D-1) and the blocking points of
 * the current interval. Every agent has a sorted array of blocking points: the ICs its
 * incoming arcs end at ({@link ArcTable}), and (processors) the ICs of its interrupts and of
 * probe stops. {@link #advance} runs an agent in one {@link Processor#run} slice up to its next
 * blocking point; an arc {@code (i, ic_i) -> (j, n)} is satisfied once agent i has committed
 * ic_i instructions of this interval. Input loads never block (their values are in the log).
 * Which agent runs is the {@link DepthFirstSchedule}'s choice; where to stop is the
 * {@link ReplaySession}'s (a per-agent IC cap).
 *
 * <p>The first problem (a log that does not fit the execution, a deadlock, a probe's
 * divergence) is kept and stops everything.
 */
final class ReplayAgents {
    static final int DONE = 0;
    static final int BLOCKED = 1;
    static final int REACHED = 2;
    static final int FAILED = 3;
    /** A processor arrived at a breakpoint while {@link #trapping} ({@link #atBreakpoint} says which). */
    static final int AT_BREAKPOINT = 4;

    final ReplayProbe probe;
    private final ReplayProgress progress;
    final ProgramImage program;
    final int cpuCount;
    final int engineCount;
    final int agents;
    final SparseMemory memory;
    final Processor[] cpus;
    final LoggedInputPort io;
    final AgentReports reports;
    /** Instructions each agent has committed in the current interval. */
    final long[] committed;

    // ---- the current interval, as primitive arrays ----
    int intervalIndex;
    IntervalLog log;
    ArcTable arcs;
    final long[] end;
    final int[] wp;
    private final long[][] intIc;
    private final int[][] intNumber;
    private final int[] ip;
    private final long[] nextProbeStop;
    /** The session's stop: no agent runs past its cap (Long.MAX_VALUE: no cap). */
    private final long[] cap;
    /** Agents that wait on a capped agent: stopped for the rest of this run. */
    private final boolean[] held;

    long instructions;
    long dmaBlocks;
    Divergence problem;
    /** Sees DMA block writes as word stores (null: nobody looks), for watchpoints. */
    org.fdrsim.cpu.core.ProcessorListener dmaListener;
    /** Breakpoints stop the run where {@link #breakpointStop} says so; otherwise a processor that arrives at one passes it. */
    boolean trapping;
    BreakpointStop breakpointStop;
    /** The processor whose arrival at a breakpoint stopped the run, or -1. */
    int atBreakpoint = -1;
    /** Asked before each slice of an interruptible run: true stops it at a consistent cut (null: never asked). */
    java.util.function.BooleanSupplier interrupt;
    /** The run was stopped by {@link #interrupt}. */
    boolean interrupted;
    /** The total of {@link #instructions} at which {@link #milestone} is told next (Long.MAX_VALUE: never). */
    long milestoneAt = Long.MAX_VALUE;
    /** Told at {@link #milestoneAt}, between two runs of an agent; returns the next milestone. */
    LongSupplier milestone;
    /** Set with BLOCKED: the agent and IC the current agent waits for. */
    private int blockedOn;
    private long blockedIc;

    /** The agents at the start of {@code input}. */
    ReplayAgents(ReplayInput input, ReplayProbe probe, ReplayProgress progress) {
        this(input, input.startMemory().fresh(), probe, progress);
        for (int c = 0; c < cpuCount; c++) {
            input.start().get(c).applyTo(cpus[c]);
        }
    }

    /** The agents where {@code saved} was taken (by {@link #save} on agents of the same input). */
    ReplayAgents(ReplayInput input, SavedAgents saved, ReplayProbe probe, ReplayProgress progress) {
        this(input, new SparseMemory(saved.memory()), probe, progress);
        for (int c = 0; c < cpuCount; c++) {
            Processor p = cpus[c];
            ArchState st = saved.cpus()[c];
            st.applyTo(p);
            // applyTo starts a replay (nothing pending, live states running): put back exactly what was saved.
            p.setPendingInterrupts(st.pendingInterrupts());
            p.setState(st.state());
            p.advanceTo(st.cycle());
            p.restoreStop(saved.faults()[c], saved.triggerCodes()[c]);
        }
        System.arraycopy(saved.committed(), 0, committed, 0, agents);
        intervalIndex = saved.intervalIndex();
        log = saved.log();
        arcs = saved.arcs();
        System.arraycopy(saved.end(), 0, end, 0, agents);
        System.arraycopy(saved.wp(), 0, wp, 0, agents);
        System.arraycopy(saved.intIc(), 0, intIc, 0, cpuCount);
        System.arraycopy(saved.intNumber(), 0, intNumber, 0, cpuCount);
        System.arraycopy(saved.ip(), 0, ip, 0, cpuCount);
        System.arraycopy(saved.nextProbeStop(), 0, nextProbeStop, 0, cpuCount);
        instructions = saved.instructions();
        dmaBlocks = saved.dmaBlocks();
        problem = saved.problem();
        io.restore(saved.io());
    }

    private ReplayAgents(ReplayInput input, SparseMemory memory, ReplayProbe probe, ReplayProgress progress) {
        this.probe = probe;
        this.progress = progress;
        this.program = input.program();
        this.cpuCount = input.cpus();
        this.engineCount = input.dmaEngines();
        this.agents = cpuCount + engineCount;
        this.memory = memory;
        this.io = new LoggedInputPort(cpuCount, input.deviceMapped(), probe);
        FlatMemoryPort port = new FlatMemoryPort(memory);
        this.cpus = new Processor[cpuCount];
        for (int c = 0; c < cpuCount; c++) {
            cpus[c] = new Processor(c, program, memory.size(), port, io);
        }
        this.reports = new AgentReports(this);
        this.committed = new long[agents];
        this.end = new long[agents];
        this.wp = new int[agents];
        this.intIc = new long[cpuCount][];
        this.intNumber = new int[cpuCount][];
        this.ip = new int[cpuCount];
        this.nextProbeStop = new long[cpuCount];
        this.cap = new long[agents];
        this.held = new boolean[agents];
        Arrays.fill(cap, Long.MAX_VALUE);
    }

    /** Lays out interval {@code number}'s arcs and interrupts; {@code first}: the replay's first interval. */
    void prepare(IntervalLog l, int number, boolean first) {
        this.log = l;
        this.intervalIndex = number;
        probe.startInterval(intervalIndex);
        this.arcs = ArcTable.of(l);
        for (int a = 0; a < agents; a++) {
            end[a] = l.endIc(a);
            committed[a] = a < cpuCount ? cpus[a].instructionCount() : (first ? 0 : committed[a]);
            int bad = problem == null ? arcs.firstForeign(a, agents) : -1;
            if (bad >= 0) {
                // Only a damaged log names an agent the machine does not have; the arc is dropped.
                // The session never runs an interval whose prepare found a problem, so advance,
                // unsatisfiedArc and limitOf can index committed[] by any arc source unchecked.
                problem = reports.logMismatch(a, "race log arc " + arcs.src[a][bad] + ":" + arcs.srcIc[a][bad]
                        + " -> " + a + ":" + arcs.own[a][bad] + " names agent " + arcs.src[a][bad]
                        + ", but the machine has agents 0.." + (agents - 1));
                arcs.clear(a);
            }
            wp[a] = 0;
        }
        long[][] inputs = new long[cpuCount][];
        for (int c = 0; c < cpuCount; c++) {
            inputs[c] = l.inputsShared(c);
            List<InterruptEntry> ints = l.interrupts(c);
            intIc[c] = new long[ints.size()];
            intNumber[c] = new int[ints.size()];
            for (int k = 0; k < ints.size(); k++) {
                intIc[c][k] = ints.get(k).ic();
                intNumber[c][k] = ints.get(k).number();
            }
            ip[c] = 0;
            nextProbeStop[c] = probe.nextStop(c, cpus[c].instructionCount());
        }
        io.startInterval(intervalIndex, inputs);
    }

    /** No agent runs past {@code caps[a]} (null: no caps); every hold is released. */
    void setCaps(long[] caps) {
        if (caps == null) {
            Arrays.fill(cap, Long.MAX_VALUE);
        } else {
            System.arraycopy(caps, 0, cap, 0, agents);
        }
        Arrays.fill(held, false);
    }

    /**
     * A copy of everything that changes as the replay runs (memory as a copy-on-write image),
     * taken between two runs of an agent: every agent is at a cut the arcs allow.
     */
    SavedAgents save() {
        ArchState[] states = new ArchState[cpuCount];
        Fault[] faults = new Fault[cpuCount];
        long[] triggerCodes = new long[cpuCount];
        for (int c = 0; c < cpuCount; c++) {
            Processor p = cpus[c];
            // ArchState.of reports a stalled processor as running; replay never stalls one.
            states[c] = ArchState.of(p);
            faults[c] = p.fault();
            triggerCodes[c] = p.triggerCode();
        }
        return new SavedAgents(states, faults, triggerCodes, memory.image(), committed.clone(), intervalIndex, log,
                arcs, end.clone(), wp.clone(), intIc.clone(), intNumber.clone(), ip.clone(), nextProbeStop.clone(),
                instructions, dmaBlocks, problem, io.save());
    }

    boolean failed() {
        return problem != null;
    }

    int blockedOn() {
        return blockedOn;
    }

    long blockedIc() {
        return blockedIc;
    }

    /** Agent {@code a} has committed everything this interval holds for it (interrupts included). */
    boolean finished(int a) {
        if (committed[a] < end[a]) {
            return false;
        }
        return a >= cpuCount || ip[a] >= intIc[a].length || intIc[a][ip[a]] > end[a];
    }

    /** Every agent has finished the interval. */
    boolean allFinished() {
        for (int a = 0; a < agents; a++) {
            if (!finished(a)) {
                return false;
            }
        }
        return true;
    }

    /** Agent {@code a} is at its cap, or waits on an agent that is. */
    boolean stopped(int a) {
        return held[a] || committed[a] >= cap[a];
    }

    /** Agent {@code a} needs no more running in this run: finished or stopped. */
    boolean parked(int a) {
        return finished(a) || stopped(a);
    }

    /** Agent {@code a} can never commit more in this interval. */
    boolean exhausted(int a) {
        return committed[a] >= end[a] && finished(a);
    }

    void hold(int a) {
        held[a] = true;
    }

    /** The index (into {@link #arcs}' rows of agent {@code a}) of the arc its next instruction still waits for, or -1. */
    int unsatisfiedArc(int a) {
        long next = committed[a] + 1;
        long[] own = arcs.own[a];
        for (int w = wp[a]; w < own.length && own[w] <= next; w++) {
            int from = arcs.src[a][w];
            if (committed[from] < arcs.srcIc[a][w]) {
                return w;
            }
        }
        return -1;
    }

    /** The IC agent {@code waiter} needs agent {@code source} to reach before it can go on. */
    long limitOf(int waiter, int source) {
        long need = committed[source];
        long next = committed[waiter] + 1;
        long[] own = arcs.own[waiter];
        for (int w = wp[waiter]; w < own.length && own[w] <= next; w++) {
            if (arcs.src[waiter][w] == source && committed[source] < arcs.srcIc[waiter][w]) {
                need = Math.max(need, arcs.srcIc[waiter][w]);
            }
        }
        return need;
    }

    /** Runs agent {@code a} as far as its blocking points and its cap allow, not past IC {@code limit}. */
    int advance(int a, long limit) {
        long l = Math.min(limit, cap[a]);
        return a < cpuCount ? advanceCpu(a, l) : advanceEngine(a, l);
    }

    /**
     * Runs processor {@code c} as far as its blocking points allow, but not past IC {@code limit}.
     * Returns DONE (end IC reached), BLOCKED (on blockedOn:blockedIc), REACHED (limit) or FAILED.
     */
    private int advanceCpu(int c, long limit) {
        Processor p = cpus[c];
        long[] own = arcs.own[c];
        int[] src = arcs.src[c];
        long[] srcIc = arcs.srcIc[c];
        long[] ints = intIc[c];
        while (true) {
            long ic = p.instructionCount();
            committed[c] = ic;
            // The probe sees the state after ic instructions, before an interrupt logged at ic
            // (also when ic is only as far as a waiting agent needs).
            if (ic == nextProbeStop[c]) {
                Divergence d = probe.reached(intervalIndex, p);
                if (d == null) {
                    d = probe.pending();
                }
                if (d != null) {
                    problem = reports.fromProbe(d);
                    return FAILED;
                }
                nextProbeStop[c] = probe.nextStop(c, ic);
            }
            if (ic >= limit) {
                return REACHED;
            }
            // Interrupts logged at this IC are taken before the next instruction.
            int k = ip[c];
            if (k < ints.length && ints[k] <= ic) {
                if (ints[k] < ic || ic > end[c]) {
                    problem = reports.logMismatch(c, "interrupt " + intNumber[c][k] + " is logged at IC " + ints[k]
                            + " but processor " + c + " is already at IC " + ic);
                    return FAILED;
                }
                if (!deliver(p, intNumber[c][k])) {
                    return FAILED;
                }
                ip[c] = k + 1;
                continue;
            }
            if (ic >= end[c]) {
                return DONE;
            }
            // Arcs that end at instruction ic + 1 must be satisfied before it executes.
            int w = wp[c];
            while (w < own.length && own[w] <= ic + 1) {
                int from = src[w];
                if (committed[from] < srcIc[w]) {
                    wp[c] = w;
                    blockedOn = from;
                    blockedIc = srcIc[w];
                    return BLOCKED;
                }
                w++;
            }
            wp[c] = w;
            if (instructions >= milestoneAt) {
                // Between two runs of an agent: a cut the arcs allow, where the session can be saved.
                milestoneAt = milestone.getAsLong();
            }
            long target = Math.min(end[c], limit);
            if (milestoneAt - instructions < target - ic) {
                target = ic + (milestoneAt - instructions);
            }
            if (w < own.length && own[w] - 1 < target) {
                target = own[w] - 1;
            }
            if (k < ints.length && ints[k] < target) {
                target = ints[k];
            }
            if (nextProbeStop[c] < target) {
                target = nextProbeStop[c];
            }
            ProcessorState s = p.state();
            if (s == ProcessorState.SLEEPING) {
                // Asleep in wfi but the logs say it goes on: it was woken (interrupts that are
                // only taken later are delivered from the log when taken).
                p.setState(ProcessorState.RUNNING);
            } else if (s.isFinal()) {
                problem = reports.logMismatch(c, "processor " + c + " stopped (" + AgentReports.describeStop(p)
                        + ") at IC " + ic + " but the logs say it commits " + end[c] + " instructions in this interval");
                return FAILED;
            }
            p.run(Long.MAX_VALUE, target);
            long now = p.instructionCount();
            instructions += now - ic;
            progress.replayed(instructions);
            committed[c] = now;
            if (io.exhausted(c)) {
                problem = reports.logMismatch(c, "processor " + c + " read more inputs than its input log holds ("
                        + log.inputsShared(c).length + ")");
                return FAILED;
            }
            Divergence d = probe.pending();
            if (d != null) {
                problem = reports.fromProbe(d);
                return FAILED;
            }
            // Only with breakpoints patched in (the debugger's copy of the code): the run stopped
            // before one, or stopped on one for another reason; either way it arrived there.
            if (p.atBreakpoint()) {
                if (trapping && breakpointStop.stopAt(c)) {
                    atBreakpoint = c;
                    return AT_BREAKPOINT;
                }
                p.passBreakpoint();
            }
        }
    }

    /** An interruptible run was asked to stop (polled between slices); remembers it. */
    boolean interruptRequested() {
        if (interrupt != null && interrupt.getAsBoolean()) {
            interrupted = true;
        }
        return interrupted;
    }

    /** The run must return to the session now: a breakpoint was hit or an interrupt asked for. */
    boolean stopRequested() {
        return atBreakpoint >= 0 || interrupted;
    }

    /** Delivers a logged interrupt at the processor's current IC; false (with a problem) if it cannot be taken. */
    private boolean deliver(Processor p, int number) {
        int c = p.id();
        if (number < 1 || number > 63) {
            problem = reports.logMismatch(c, "interrupt log entry with number " + number + " (expected 1..63)");
            return false;
        }
        if (p.state().isFinal()) {
            problem = reports.logMismatch(c, "interrupt " + number + " logged at IC " + p.instructionCount()
                    + " but processor " + c + " has stopped (" + AgentReports.describeStop(p) + ")");
            return false;
        }
        long bit = 1L << number;
        p.postInterrupt(number);
        if (!p.interruptDeliverable()) {
            p.setPendingInterrupts(p.pendingInterrupts() & ~bit);
            problem = reports.logMismatch(c, "interrupt " + number + " logged at IC " + p.instructionCount()
                    + " but interrupts are disabled there");
            return false;
        }
        p.run(Long.MAX_VALUE, p.instructionCount()); // takes it on entry, executes nothing
        if ((p.pendingInterrupts() & bit) != 0) {
            problem = reports.logMismatch(c, "interrupt " + number + " logged at IC " + p.instructionCount()
                    + " could not be taken (no valid handler in ivec)");
            return false;
        }
        return true;
    }

    /** DMA engine agent {@code a} writes its logged blocks as far as its arcs allow, up to IC {@code limit}. */
    private int advanceEngine(int a, long limit) {
        int k = a - cpuCount;
        List<DmaDataEntry> data = log.dmaData(k);
        long[] own = arcs.own[a];
        while (committed[a] < end[a]) {
            if (committed[a] >= limit) {
                return REACHED;
            }
            long m = committed[a] + 1;
            int w = wp[a];
            while (w < own.length && own[w] <= m) {
                int from = arcs.src[a][w];
                if (committed[from] < arcs.srcIc[a][w]) {
                    wp[a] = w;
                    blockedOn = from;
                    blockedIc = arcs.srcIc[a][w];
                    return BLOCKED;
                }
                w++;
            }
            wp[a] = w;
            if (m <= data.size()) {
                DmaDataEntry e = data.get((int) (m - 1));
                long address = e.address();
                if ((address & 63) != 0 || address < 0 || address + 64 > memory.size()) {
                    problem = reports.logMismatch(a, String.format("DMA data log entry %d writes block 0x%x (expected "
                            + "a 64-byte aligned block inside %d bytes of memory)", m - 1, address, memory.size()));
                    return FAILED;
                }
                memory.writeBlock(address, e.data(), 0);
                dmaBlocks++;
                if (dmaListener != null) {
                    for (int i = 0; i < 8; i++) {
                        dmaListener.memoryAccess(a, m, -1, address + 8L * i, true, memory.loadWord(address + 8L * i));
                    }
                }
            }
            committed[a] = m;
        }
        return committed[a] >= limit ? REACHED : DONE;
    }

    /**
     * Executes the instruction after processor {@code c}'s end IC, which the trigger says faulted
     * and ended the run ({@code c} < 0: none), so that a crash replays as the crash. What it does
     * is the replay's: if it does not fault, it commits, and the verifier finds the difference.
     */
    void faultAtEnd(int c) {
        if (c < 0 || c >= cpuCount) {
            return;
        }
        Processor p = cpus[c];
        if (p.state() != ProcessorState.RUNNING) {
            return; // asleep or stopped at its end IC: the verifier names the state
        }
        long ic = p.instructionCount();
        p.run(Long.MAX_VALUE, ic + 1);
        long now = p.instructionCount();
        instructions += now - ic;
        committed[c] = now;
    }

    /** After an interval: every log entry must have been used, and nothing more asked for. */
    void checkLeftovers(boolean lastInterval) {
        for (int a = 0; a < agents; a++) {
            int w = wp[a];
            long[] own = arcs.own[a];
            // At the trigger a processor may be stalled on a miss whose reply (and arc) arrived
            // while the machine stopped: the arc ends at the instruction that never committed.
            while (lastInterval && w < own.length && own[w] == end[a] + 1) {
                w++;
            }
            if (w < own.length) {
                problem = reports.logMismatch(a, "race log arc " + arcs.src[a][w] + ":" + arcs.srcIc[a][w] + " -> "
                        + a + ":" + own[w] + " ends past the agent's end IC " + end[a]);
                return;
            }
        }
        for (int c = 0; c < cpuCount; c++) {
            if (ip[c] < intIc[c].length) {
                problem = reports.logMismatch(c, "interrupt " + intNumber[c][ip[c]] + " is logged at IC "
                        + intIc[c][ip[c]] + ", past processor " + c + "'s end IC " + end[c]);
                return;
            }
            int logged = log.inputsShared(c).length;
            if (io.consumed(c) != logged) {
                problem = reports.logMismatch(c, "processor " + c + " consumed " + io.consumed(c) + " of the "
                        + logged + " values in its input log");
                return;
            }
        }
        for (int k = 0; k < engineCount; k++) {
            int a = cpuCount + k;
            if (log.dmaData(k).size() > end[a]) {
                problem = reports.logMismatch(a, "DMA engine " + a + " has " + log.dmaData(k).size()
                        + " data log entries but commits only " + end[a] + " blocks");
                return;
            }
        }
    }

    /** At a checkpoint: the replayed registers must equal the saved ones; then ICs restart. */
    void crossCheckpoint() {
        List<ArchState> saved = log.checkpointAtEnd();
        for (int c = 0; c < cpuCount; c++) {
            Processor p = cpus[c];
            if (saved != null) {
                Divergence d = StateComparison.compare(Divergence.Kind.CHECKPOINT_REGISTERS, intervalIndex,
                        saved.get(c), ArchState.of(p), program, false,
                        reports.nearby(c, p.instructionCount()));
                if (d != null) {
                    problem = d;
                    return;
                }
            }
            p.setInstructionCount(0);
        }
        Arrays.fill(committed, 0);
    }

    /** The wait stack closed a cycle, or an agent waits for an IC its source never reaches. */
    void deadlock(int[] stack, int depth, int current) {
        problem = reports.deadlock(stack, depth, current, blockedOn);
    }
}
