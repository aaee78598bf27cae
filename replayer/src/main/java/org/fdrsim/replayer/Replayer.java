package org.fdrsim.replayer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.cpu.asm.Disassembler;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.functional.FlatMemoryPort;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.io.log.DmaDataEntry;
import org.fdrsim.io.log.InterruptEntry;
import org.fdrsim.recorder.race.RaceEntry;

/**
 * The offline replayer (FDR paper section 9, DESIGN.md section 4): executes every processor
 * functionally from the start state, each constrained by the arcs of its race log, fed from its
 * input log, interrupted at the logged ICs, with DMA engines (pseudo-processors P..P+D-1)
 * writing their logged blocks in engine-IC order under their own arcs; across every interval,
 * resetting ICs and checking the saved registers at each checkpoint.
 *
 * <p>Scheduling. Every agent has a sorted array of <em>blocking points</em>: the ICs its
 * incoming arcs end at, and (processors) the ICs of its interrupts and of probe stops. An agent
 * runs in one {@link Processor#run} slice up to its next blocking point; an arc
 * {@code (i, ic_i) -> (j, n)} is satisfied once agent i has committed ic_i instructions of this
 * interval. Input loads never block (their values are in the log). Scheduling is demand-driven
 * and depth-first (see {@link #replayInterval}); a wait that closes a cycle, or an arc whose
 * source never reaches its IC, is a deadlock, reported with the agents and arcs involved. It
 * never waits silently.
 *
 * <p>Honesty: the replayer sees only {@link ReplayInput} (start state and logs). The recorded
 * final state is handed to {@link Verifier} after this has returned.
 */
public final class Replayer {
    private final ReplayInput input;
    private final ReplayProbe probe;
    private final ReplayProgress progress;
    private final Schedule schedule;
    private final int[] rootOrder;
    private final ProgramImage program;
    private final int cpuCount;
    private final int engineCount;
    private final int agents;
    private final SparseMemory memory;
    private final Processor[] cpus;
    private final LoggedInputPort io;
    /** Instructions each agent has committed in the current interval. */
    private final long[] committed;

    // ---- the current interval, as primitive arrays ----
    private int intervalIndex;
    private IntervalLog log;
    private final long[] end;
    private final long[][] waitOwn;
    private final int[][] waitSrc;
    private final long[][] waitSrcIc;
    private final int[] wp;
    private final long[][] intIc;
    private final int[][] intNumber;
    private final int[] ip;
    private final long[] nextProbeStop;

    private long instructions;
    private long dmaBlocks;
    private Divergence problem;

    /**
     * The order in which agents become the root of the depth-first schedule: each root runs
     * ahead of everything it does not wait for, its arc sources lag as far behind as its arcs
     * allow. A complete log gives the same execution under every order; different orders run
     * different arcs' targets ahead of their sources, so a missing arc changes the execution
     * under some order (see {@link Verifier}).
     *
     * @param shuffleSeed 0: agents in ascending order; -1: descending; otherwise a seeded shuffle
     */
    public record Schedule(long shuffleSeed) {
        public static final Schedule FORWARD = new Schedule(0);
        public static final Schedule REVERSE = new Schedule(-1);

        /** The schedules {@link Verifier} uses by default, then {@code extra} seeded shuffles. */
        public static java.util.List<Schedule> standard(int count) {
            java.util.List<Schedule> out = new java.util.ArrayList<>(java.util.List.of(FORWARD, REVERSE));
            for (int i = 1; out.size() < count; i++) {
                out.add(new Schedule(i));
            }
            return out.subList(0, Math.max(1, count));
        }

        int[] roots(int agents) {
            int[] r = new int[agents];
            for (int k = 0; k < agents; k++) {
                r[k] = shuffleSeed == -1 ? agents - 1 - k : k;
            }
            if (shuffleSeed > 0) {
                java.util.SplittableRandom rnd = new java.util.SplittableRandom(shuffleSeed);
                for (int k = agents - 1; k > 0; k--) {
                    int j = rnd.nextInt(k + 1);
                    int t = r[k];
                    r[k] = r[j];
                    r[j] = t;
                }
            }
            return r;
        }
    }

    private Replayer(ReplayInput input, ReplayProbe probe, Schedule schedule, ReplayProgress progress) {
        this.input = input;
        this.probe = probe;
        this.progress = progress;
        this.schedule = schedule;
        this.rootOrder = schedule.roots(input.cpus() + input.dmaEngines());
        this.program = input.program();
        this.cpuCount = input.cpus();
        this.engineCount = input.dmaEngines();
        this.agents = cpuCount + engineCount;
        this.memory = input.startMemory().copy();
        this.io = new LoggedInputPort(cpuCount, input.deviceMapped(), probe);
        FlatMemoryPort port = new FlatMemoryPort(memory);
        this.cpus = new Processor[cpuCount];
        for (int c = 0; c < cpuCount; c++) {
            Processor p = new Processor(c, program, memory.size(), port, io);
            input.start().get(c).applyTo(p);
            cpus[c] = p;
        }
        this.committed = new long[agents];
        this.end = new long[agents];
        this.waitOwn = new long[agents][];
        this.waitSrc = new int[agents][];
        this.waitSrcIc = new long[agents][];
        this.wp = new int[agents];
        this.intIc = new long[cpuCount][];
        this.intNumber = new int[cpuCount][];
        this.ip = new int[cpuCount];
        this.nextProbeStop = new long[cpuCount];
    }

    /** Replays {@code input} with no probe. */
    public static ReplayOutcome replay(ReplayInput input) {
        return replay(input, ReplayProbe.NONE);
    }

    /** Replays {@code input}, stopping where {@code probe} asks and letting it check. */
    public static ReplayOutcome replay(ReplayInput input, ReplayProbe probe) {
        return replay(input, probe, Schedule.FORWARD);
    }

    /** Replays {@code input} with roots taken in the order {@code schedule}. */
    public static ReplayOutcome replay(ReplayInput input, ReplayProbe probe, Schedule schedule) {
        return replay(input, probe, schedule, ReplayProgress.NONE);
    }

    /** Replays {@code input} under {@code schedule}, publishing how far it has got to {@code progress}. */
    public static ReplayOutcome replay(ReplayInput input, ReplayProbe probe, Schedule schedule,
            ReplayProgress progress) {
        ReplayOutcome outcome = new Replayer(input, probe, schedule, progress).run();
        progress.ended();
        return outcome;
    }

    private ReplayOutcome run() {
        long t0 = System.nanoTime();
        List<IntervalLog> intervals = input.intervals();
        int done = 0;
        for (int i = 0; i < intervals.size() && problem == null; i++) {
            intervalIndex = input.firstInterval() + i;
            prepare(intervals.get(i), i == 0);
            if (problem != null) {
                break;
            }
            replayInterval();
            if (problem == null) {
                Divergence d = probe.endInterval(intervalIndex);
                if (d != null) {
                    problem = fromProbe(d);
                }
            }
            done++;
            if (problem == null && i < intervals.size() - 1) {
                crossCheckpoint();
            }
        }
        long nanos = System.nanoTime() - t0;
        List<ProcessorSnapshot> finals = new ArrayList<>();
        for (Processor p : cpus) {
            finals.add(ProcessorSnapshot.of(p));
        }
        long[] engineIcs = Arrays.copyOfRange(committed, cpuCount, agents);
        return new ReplayOutcome(memory, finals, engineIcs, instructions, dmaBlocks, nanos, done, problem);
    }

    /** Sorts the interval's arcs by the IC they end at, and lays the interrupts out per processor. */
    private void prepare(IntervalLog l, boolean first) {
        this.log = l;
        probe.startInterval(intervalIndex);
        for (int a = 0; a < agents; a++) {
            end[a] = l.endIc(a);
            committed[a] = a < cpuCount ? cpus[a].instructionCount() : (first ? 0 : committed[a]);
            List<RaceEntry> race = l.race(a);
            int n = race.size();
            Integer[] order = new Integer[n];
            for (int k = 0; k < n; k++) {
                order[k] = k;
            }
            Arrays.sort(order, (x, y) -> Long.compare(race.get(x).ownIc(), race.get(y).ownIc()));
            waitOwn[a] = new long[n];
            waitSrc[a] = new int[n];
            waitSrcIc[a] = new long[n];
            for (int k = 0; k < n; k++) {
                RaceEntry e = race.get(order[k]);
                if (e.otherId() >= agents && problem == null) {
                    // Only a damaged log names an agent the machine does not have; the arc is dropped.
                    problem = logMismatch(a, "race log arc " + e.otherId() + ":" + e.otherIc() + " -> " + a + ":"
                            + e.ownIc() + " names agent " + e.otherId() + ", but the machine has agents 0.."
                            + (agents - 1));
                    waitOwn[a] = new long[0];
                    waitSrc[a] = new int[0];
                    waitSrcIc[a] = new long[0];
                    break;
                }
                waitOwn[a][k] = e.ownIc();
                waitSrc[a][k] = e.otherId();
                waitSrcIc[a][k] = e.otherIc();
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

    /**
     * Demand-driven, depth-first scheduling. The current agent runs as far as its logs allow.
     * When it blocks on an arc {@code (i, ic_i) -> (j, n)} it is pushed on the wait stack and
     * agent i runs, but only up to exactly ic_i; then the waiter continues at once. So every
     * agent is as far ahead as possible and its arc sources are as far behind as possible: the
     * replay does not drift back into the recorded order, and an arc missing from the log shows
     * as a different execution rather than being hidden by a lucky schedule. An agent that is
     * already on the wait stack when it is needed closes a cycle: a deadlock, reported with the
     * agents and arcs involved.
     */
    private void replayInterval() {
        int[] stack = new int[agents + 1];
        boolean[] onStack = new boolean[agents];
        int depth = 0;
        int next = 0;
        int current = -1;
        long limit = Long.MAX_VALUE;
        while (true) {
            if (current < 0) {
                while (next < agents && finished(root(next))) {
                    next++;
                }
                if (next == agents) {
                    break;
                }
                current = root(next);
                limit = Long.MAX_VALUE;
            }
            int status = current < cpuCount ? advanceCpu(current, limit) : advanceEngine(current, limit);
            if (problem != null) {
                return;
            }
            if (status == BLOCKED) {
                int from = blockedOn;
                if (from == current || onStack[from]) {
                    problem = deadlock(stack, depth, current);
                    return;
                }
                if (committed[from] >= end[from] && finished(from)) {
                    problem = deadlock(stack, depth, current);
                    return;
                }
                stack[depth++] = current;
                onStack[current] = true;
                current = from;
                limit = blockedIc;
            } else {
                // DONE or REACHED: back to the agent that waited for this one, if any.
                if (depth > 0) {
                    current = stack[--depth];
                    onStack[current] = false;
                    limit = depth > 0 ? limitOf(stack[depth - 1], current) : Long.MAX_VALUE;
                } else {
                    current = -1;
                }
            }
        }
        checkLeftovers();
    }

    private int root(int k) {
        return rootOrder[k];
    }

    /** The IC agent {@code waiter} needs agent {@code source} to reach before it can go on. */
    private long limitOf(int waiter, int source) {
        long need = committed[source];
        long next = committed[waiter] + 1;
        for (int w = wp[waiter]; w < waitOwn[waiter].length && waitOwn[waiter][w] <= next; w++) {
            if (waitSrc[waiter][w] == source && committed[source] < waitSrcIc[waiter][w]) {
                need = Math.max(need, waitSrcIc[waiter][w]);
            }
        }
        return need;
    }

    private boolean finished(int a) {
        if (committed[a] < end[a]) {
            return false;
        }
        return a >= cpuCount || ip[a] >= intIc[a].length || intIc[a][ip[a]] > end[a];
    }

    private static final int DONE = 0;
    private static final int BLOCKED = 1;
    private static final int REACHED = 2;
    private static final int FAILED = 3;
    /** Set with BLOCKED: the agent and IC the current agent waits for. */
    private int blockedOn;
    private long blockedIc;

    /**
     * Runs processor {@code c} as far as its blocking points allow, but not past IC {@code limit}.
     * Returns DONE (end IC reached), BLOCKED (on blockedOn:blockedIc), REACHED (limit) or FAILED.
     */
    private int advanceCpu(int c, long limit) {
        Processor p = cpus[c];
        long[] own = waitOwn[c];
        int[] src = waitSrc[c];
        long[] srcIc = waitSrcIc[c];
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
                    problem = fromProbe(d);
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
                    problem = logMismatch(c, "interrupt " + intNumber[c][k] + " is logged at IC " + ints[k]
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
                if (from >= agents) {
                    problem = logMismatch(c, "race log entry " + from + ":" + srcIc[w] + " -> " + c + ":" + own[w]
                            + " names agent " + from + ", but there are " + cpuCount + " processors and "
                            + engineCount + " DMA engines");
                    return FAILED;
                }
                if (committed[from] < srcIc[w]) {
                    wp[c] = w;
                    blockedOn = from;
                    blockedIc = srcIc[w];
                    return BLOCKED;
                }
                w++;
            }
            wp[c] = w;
            long target = Math.min(end[c], limit);
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
                problem = logMismatch(c, "processor " + c + " stopped (" + describeStop(p) + ") at IC " + ic
                        + " but the logs say it commits " + end[c] + " instructions in this interval");
                return FAILED;
            }
            p.run(Long.MAX_VALUE, target);
            long now = p.instructionCount();
            instructions += now - ic;
            progress.replayed(instructions);
            committed[c] = now;
            if (io.exhausted(c)) {
                problem = logMismatch(c, "processor " + c + " read more inputs than its input log holds ("
                        + log.inputsShared(c).length + ")");
                return FAILED;
            }
            Divergence d = probe.pending();
            if (d != null) {
                problem = fromProbe(d);
                return FAILED;
            }
        }
    }

    /** A probe's divergence, with the log entries around it added to the probe's own lines. */
    private Divergence fromProbe(Divergence d) {
        if (d.agent() < 0 || d.agent() >= cpuCount) {
            return d;
        }
        List<String> lines = new ArrayList<>(d.nearbyLog());
        lines.addAll(nearby(d.agent(), d.ic()));
        return new Divergence(d.kind(), d.interval(), d.agent(), d.ic(), d.pc(), d.instruction(), d.what(),
                d.expected(), d.actual(), lines);
    }

    private static String describeStop(Processor p) {
        return switch (p.state()) {
            case FAULTED -> "fault: " + p.fault();
            case TRIGGERED -> "trigger " + p.triggerCode();
            default -> p.state().name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    /** Delivers a logged interrupt at the processor's current IC; false (with a problem) if it cannot be taken. */
    private boolean deliver(Processor p, int number) {
        int c = p.id();
        if (number < 1 || number > 63) {
            problem = logMismatch(c, "interrupt log entry with number " + number + " (expected 1..63)");
            return false;
        }
        if (p.state().isFinal()) {
            problem = logMismatch(c, "interrupt " + number + " logged at IC " + p.instructionCount()
                    + " but processor " + c + " has stopped (" + describeStop(p) + ")");
            return false;
        }
        long bit = 1L << number;
        p.postInterrupt(number);
        if (!p.interruptDeliverable()) {
            p.setPendingInterrupts(p.pendingInterrupts() & ~bit);
            problem = logMismatch(c, "interrupt " + number + " logged at IC " + p.instructionCount()
                    + " but interrupts are disabled there");
            return false;
        }
        p.run(Long.MAX_VALUE, p.instructionCount()); // takes it on entry, executes nothing
        if ((p.pendingInterrupts() & bit) != 0) {
            problem = logMismatch(c, "interrupt " + number + " logged at IC " + p.instructionCount()
                    + " could not be taken (no valid handler in ivec)");
            return false;
        }
        return true;
    }

    /** DMA engine agent {@code a} writes its logged blocks as far as its arcs allow, up to IC {@code limit}. */
    private int advanceEngine(int a, long limit) {
        int k = a - cpuCount;
        List<DmaDataEntry> data = log.dmaData(k);
        long[] own = waitOwn[a];
        while (committed[a] < end[a]) {
            if (committed[a] >= limit) {
                return REACHED;
            }
            long m = committed[a] + 1;
            int w = wp[a];
            while (w < own.length && own[w] <= m) {
                int from = waitSrc[a][w];
                if (from >= agents) {
                    problem = logMismatch(a, "DMA race log entry names agent " + from + ", but there are "
                            + agents + " agents");
                    return FAILED;
                }
                if (committed[from] < waitSrcIc[a][w]) {
                    wp[a] = w;
                    blockedOn = from;
                    blockedIc = waitSrcIc[a][w];
                    return BLOCKED;
                }
                w++;
            }
            wp[a] = w;
            if (m <= data.size()) {
                DmaDataEntry e = data.get((int) (m - 1));
                long address = e.address();
                if ((address & 63) != 0 || address < 0 || address + 64 > memory.size()) {
                    problem = logMismatch(a, String.format("DMA data log entry %d writes block 0x%x (expected a "
                            + "64-byte aligned block inside %d bytes of memory)", m - 1, address, memory.size()));
                    return FAILED;
                }
                memory.writeBlock(address, e.data(), 0);
                dmaBlocks++;
            }
            committed[a] = m;
        }
        return committed[a] >= limit ? REACHED : DONE;
    }

    /** After an interval: every log entry must have been used, and nothing more asked for. */
    private void checkLeftovers() {
        boolean lastInterval = intervalIndex == input.firstInterval() + input.intervals().size() - 1;
        for (int a = 0; a < agents; a++) {
            int w = wp[a];
            // At the trigger a processor may be stalled on a miss whose reply (and arc) arrived
            // while the machine stopped: the arc ends at the instruction that never committed.
            while (lastInterval && w < waitOwn[a].length && waitOwn[a][w] == end[a] + 1) {
                w++;
            }
            if (w < waitOwn[a].length) {
                problem = logMismatch(a, "race log arc " + waitSrc[a][w] + ":" + waitSrcIc[a][w] + " -> " + a + ":"
                        + waitOwn[a][w] + " ends past the agent's end IC " + end[a]);
                return;
            }
        }
        for (int c = 0; c < cpuCount; c++) {
            if (ip[c] < intIc[c].length) {
                problem = logMismatch(c, "interrupt " + intNumber[c][ip[c]] + " is logged at IC " + intIc[c][ip[c]]
                        + ", past processor " + c + "'s end IC " + end[c]);
                return;
            }
            int logged = log.inputsShared(c).length;
            if (io.consumed(c) != logged) {
                problem = logMismatch(c, "processor " + c + " consumed " + io.consumed(c) + " of the "
                        + logged + " values in its input log");
                return;
            }
        }
        for (int k = 0; k < engineCount; k++) {
            int a = cpuCount + k;
            if (log.dmaData(k).size() > end[a]) {
                problem = logMismatch(a, "DMA engine " + a + " has " + log.dmaData(k).size()
                        + " data log entries but commits only " + end[a] + " blocks");
                return;
            }
        }
    }

    /** At a checkpoint: the replayed registers must equal the saved ones; then ICs restart. */
    private void crossCheckpoint() {
        List<ProcessorSnapshot> saved = log.checkpointAtEnd();
        for (int c = 0; c < cpuCount; c++) {
            Processor p = cpus[c];
            if (saved != null) {
                Divergence d = Verifier.compareProcessor(Divergence.Kind.CHECKPOINT_REGISTERS, intervalIndex,
                        saved.get(c), ProcessorSnapshot.of(p), program, false, nearby(c, p.instructionCount()));
                if (d != null) {
                    problem = d;
                    return;
                }
            }
            p.setInstructionCount(0);
        }
        Arrays.fill(committed, 0);
    }

    /**
     * The wait stack closed a cycle, or an agent waits for an IC its source never reaches:
     * report every agent on the stack with the arc it waits for.
     */
    private Divergence deadlock(int[] stack, int depth, int current) {
        List<String> lines = new ArrayList<>();
        int[] chain = Arrays.copyOf(stack, depth + 1);
        chain[depth] = current;
        String unsatisfiable = null;
        for (int a : chain) {
            long next = committed[a] + 1;
            for (int w = wp[a]; w < waitOwn[a].length && waitOwn[a][w] <= next; w++) {
                int from = waitSrc[a][w];
                if (committed[from] < waitSrcIc[a][w]) {
                    lines.add(String.format("%s waits at IC %d for arc %d:%d -> %d:%d (agent %d is at IC %d of %d)",
                            agentName(a), committed[a], from, waitSrcIc[a][w], a, waitOwn[a][w], from,
                            committed[from], end[from]));
                    if (waitSrcIc[a][w] > end[from] && unsatisfiable == null) {
                        unsatisfiable = String.format("arc %d:%d -> %d:%d can never be satisfied: agent %d "
                                + "commits only %d instructions in this interval", from, waitSrcIc[a][w], a,
                                waitOwn[a][w], from, end[from]);
                    }
                }
            }
        }
        String cycle = null;
        int from = blockedOn;
        for (int i = 0; i < chain.length; i++) {
            if (chain[i] == from) {
                StringBuilder b = new StringBuilder();
                for (int j = i; j < chain.length; j++) {
                    b.append(chain[j]).append(" -> ");
                }
                cycle = b.append(from).toString();
                break;
            }
        }
        String what = "replay deadlock: no agent can make progress"
                + (cycle != null ? "; cycle " + cycle : "") + (unsatisfiable != null ? "; " + unsatisfiable : "");
        long ic = committed[current];
        int pc = current < cpuCount ? cpus[current].pc() : -1;
        return new Divergence(Divergence.Kind.DEADLOCK, intervalIndex, current, ic, pc, instructionAt(pc), what, "",
                "", lines);
    }

    private String agentName(int a) {
        return a < cpuCount ? "processor " + a : "DMA engine " + a;
    }

    private Divergence logMismatch(int agent, String what) {
        long ic = committed[agent];
        int pc = agent < cpuCount ? cpus[agent].pc() : -1;
        if (agent < cpuCount) {
            ic = cpus[agent].instructionCount();
        }
        return new Divergence(Divergence.Kind.LOG_MISMATCH, intervalIndex, agent, ic, pc, instructionAt(pc), what,
                "", "", nearby(agent, ic));
    }

    private String instructionAt(int pc) {
        return instructionAt(program, pc);
    }

    static String instructionAt(ProgramImage program, int pc) {
        if (pc < 0 || pc >= program.code().length()) {
            return "";
        }
        return Disassembler.format(program.code().get(pc), program.symbols());
    }

    /** Log entries of the current interval around agent {@code a}'s IC {@code ic}. */
    private List<String> nearby(int a, long ic) {
        return LogExcerpt.around(log, a, ic, a < cpuCount ? io.consumed(a) : 0);
    }
}
