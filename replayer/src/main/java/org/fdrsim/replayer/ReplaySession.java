package org.fdrsim.replayer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Fault;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * A replay that can be stopped and looked into (FDR paper section 9: "start, stop and step the
 * execution and query its state"): run to a {@link ReplayPosition} and stop there, step one
 * agent by one instruction (its arc sources advance only as far as the arcs require), resume to
 * the end; between calls, read every agent's IC, every processor's registers, CSRs, pc and run
 * state, the memory and the current interval. Agents run functionally from the start state of
 * {@link ReplayInput}, constrained by each interval's logs; which agent runs next is the
 * {@link DepthFirstSchedule}'s choice; at each checkpoint the replayed registers are checked
 * against the saved ones and ICs restart.
 *
 * <p>Honesty: the session sees only {@link ReplayInput} (start state and logs). The recorded
 * final state is for {@link Verifier}, after the replay.
 *
 * <p>Replay only goes forward: a position behind the current one needs a new session, from the
 * start or from a {@link ReplaySnapshot} taken on the way ({@link #save}, {@link #at}).
 */
public final class ReplaySession {
    private final ReplayInput input;
    private final RootOrder order;
    private final List<IntervalLog> intervals;
    private final int firstInterval;
    private final ReplayAgents agents;
    private final DepthFirstSchedule schedule;
    /** Index into {@link #intervals} of the current interval. */
    private int k;
    private boolean prepared;
    private boolean ended;
    private int intervalsReplayed;

    /** A session at the start of {@code input}, roots taken in {@code order}. */
    public ReplaySession(ReplayInput input, ReplayProbe probe, RootOrder order, ReplayProgress progress) {
        this(input, order, new ReplayAgents(input, probe, progress));
    }

    private ReplaySession(ReplayInput input, RootOrder order, ReplayAgents agents) {
        this.input = input;
        this.order = order;
        this.intervals = input.intervals();
        this.firstInterval = input.firstInterval();
        this.agents = agents;
        this.schedule = new DepthFirstSchedule(order, agents.agents);
    }

    /**
     * A session where {@code snapshot} was taken, with {@code probe} (a fresh probe of the
     * kind the saved session had, given the saved probe's state); it replays on exactly as the
     * saved session would have. No listener, no milestone.
     */
    public static ReplaySession at(ReplaySnapshot snapshot, ReplayProbe probe) {
        probe.restore(snapshot.probe);
        ReplaySession s = new ReplaySession(snapshot.input, snapshot.order,
                new ReplayAgents(snapshot.input, snapshot.agents, probe, ReplayProgress.NONE));
        s.k = snapshot.k;
        s.prepared = snapshot.prepared;
        s.ended = snapshot.ended;
        s.intervalsReplayed = snapshot.intervalsReplayed;
        return s;
    }

    /**
     * The whole state of the replay now, to come back to with {@link #at}: every agent's
     * architectural state and counters, the log cursors, the interval, the probe's state and
     * the memory (a copy-on-write image: no memory is copied now, a page only when it is next
     * stored to). Call it between calls, or from a {@link ReplayMilestone}.
     */
    public ReplaySnapshot save() {
        return new ReplaySnapshot(input, order, k, prepared, ended, intervalsReplayed, agents.save(),
                agents.probe.save(), position());
    }

    /**
     * Tells {@code milestone} when the replay has replayed {@code at} instructions in total,
     * and then at the totals it returns (null: nobody is told). Stepping, running to a
     * position and resuming all pass through it.
     */
    public void setMilestone(long at, ReplayMilestone milestone) {
        if (milestone == null) {
            agents.milestone = null;
            agents.milestoneAt = Long.MAX_VALUE;
        } else {
            agents.milestone = () -> Math.max(milestone.passed(this), agents.instructions + 1);
            agents.milestoneAt = at;
        }
    }

    /** A session at the start of {@code input} with no probe, roots in ascending order. */
    public ReplaySession(ReplayInput input) {
        this(input, ReplayProbe.NONE, RootOrder.FORWARD, ReplayProgress.NONE);
    }

    /** Runs to the end of the last interval (the trigger), or to the first problem. */
    public void resume() {
        drive(null);
    }

    /**
     * Runs until every agent is at {@code target}'s IC in {@code target}'s interval, and stops
     * there; true if it got there. An agent whose next arc needs an agent held at the target
     * stops short of it (the target is not a cut the logs allow); an agent already past its
     * IC stays where it is; a target past the end runs to the end.
     *
     * @throws IllegalArgumentException if the target's interval is already behind, or its agent
     *     count is not the replay's
     */
    public boolean runTo(ReplayPosition target) {
        if (target.agents() != agents.agents) {
            throw new IllegalArgumentException("a position of " + target.agents() + " agents, the replay has "
                    + agents.agents);
        }
        if (target.interval() < interval()) {
            throw new IllegalArgumentException("interval " + target.interval() + " is behind the replay (at interval "
                    + interval() + "): replay only goes forward");
        }
        drive(target);
        return problem() == null && position().equals(target);
    }

    /**
     * Agent {@code a} commits one more instruction (a DMA engine: one more block); the others
     * advance only as far as its arcs require. At the end of an interval the others first run
     * to its end and the checkpoint is crossed. False if the replay has ended (or ends now
     * with a problem) before the agent moved.
     */
    public boolean step(int a) {
        if (a < 0 || a >= agents.agents) {
            throw new IllegalArgumentException("agent " + a + " does not exist: the replay has agents 0.."
                    + (agents.agents - 1));
        }
        while (!ended) {
            if (!prepare()) {
                return false;
            }
            agents.setCaps(null);
            if (!agents.finished(a)) {
                schedule.runAgent(agents, a, agents.committed[a] + 1);
                ended = agents.failed();
                return !ended;
            }
            schedule.runInterval(agents);
            if (agents.failed()) {
                ended = true;
                return false;
            }
            crossInterval();
        }
        return false;
    }

    /**
     * Like {@link #runTo} (a null {@code bound}: like {@link #resume}), but when a processor
     * arrives at one of its breakpoints ({@link #setBreakpoints}), before it executes the
     * instruction there, asks {@code stop}: true stops the run and returns that processor; -1
     * if the run got to the bound or the end, stopped at a problem, or was interrupted
     * ({@link #interrupted}). Processors that are on a breakpoint when it starts pass it first
     * (as gdb's continue steps over the breakpoint it stopped at). Where it stops is a
     * consistent cut: the agents as the schedule left them.
     */
    public int runToBreakpoint(ReplayPosition bound, BreakpointStop stop) {
        if (bound != null && bound.interval() < interval()) {
            throw new IllegalArgumentException("interval " + bound.interval() + " is behind the replay (at interval "
                    + interval() + "): replay only goes forward");
        }
        for (Processor p : agents.cpus) {
            p.passBreakpoint();
        }
        agents.trapping = true;
        agents.breakpointStop = stop;
        try {
            drive(bound);
        } finally {
            agents.trapping = false;
            agents.breakpointStop = null;
        }
        int at = agents.atBreakpoint;
        agents.atBreakpoint = -1;
        return at;
    }

    /**
     * Patches breakpoints at code indices {@code pcs} into processor {@code cpu}'s own copy of
     * the code (none: the program's code again). Only {@link #runToBreakpoint} stops at them;
     * other runs pass them (a little slower while they are set, never different).
     */
    public void setBreakpoints(int cpu, int[] pcs) {
        agents.cpus[cpu].setBreakpoints(pcs);
    }

    /**
     * Who may stop {@link #resume}, {@link #runTo} and {@link #runToBreakpoint} early: asked
     * before each slice of the schedule (an agent's run between its blocking points, never per
     * instruction); true stops the run where the agents are, a consistent cut, and sets
     * {@link #interrupted}. Null: nobody.
     */
    public void setInterrupt(java.util.function.BooleanSupplier interrupt) {
        agents.interrupt = interrupt;
    }

    /** The last run (or {@link #pollInterrupt}) was stopped by the interrupt of {@link #setInterrupt}. */
    public boolean interrupted() {
        return agents.interrupted;
    }

    /** For callers that step: asks the interrupt now; true (and {@link #interrupted}) if it wants the replay stopped. */
    public boolean pollInterrupt() {
        agents.interrupted = false;
        return agents.interruptRequested();
    }

    /**
     * Agent {@code a} commits instructions (a DMA engine: blocks) until its IC in the current
     * interval is {@code ic}, or it ends the interval; the others advance only as far as its
     * arcs require (as that many {@link #step}s would, in one run). False if the replay has
     * ended (or ends now with a problem).
     */
    public boolean runAgentTo(int a, long ic) {
        if (a < 0 || a >= agents.agents) {
            throw new IllegalArgumentException("agent " + a + " does not exist: the replay has agents 0.."
                    + (agents.agents - 1));
        }
        if (!prepare()) {
            return false;
        }
        agents.setCaps(null);
        long target = Math.min(ic, agents.end[a]);
        if (agents.committed[a] < target) {
            schedule.runAgent(agents, a, target);
            ended = agents.failed();
        }
        return !ended;
    }

    private void drive(ReplayPosition target) {
        agents.interrupted = false;
        while (!ended) {
            if (!prepare()) {
                return;
            }
            boolean inTarget = target != null && target.interval() == interval();
            agents.setCaps(inTarget ? target.ics() : null);
            if (inTarget && atTarget(target)) {
                return;
            }
            schedule.runIntervalInterruptibly(agents);
            if (agents.failed()) {
                ended = true;
                return;
            }
            if (agents.stopRequested()) {
                return; // at a breakpoint, or interrupted
            }
            if (!agents.allFinished() || inTarget && atTarget(target)) {
                return; // stopped at the target
            }
            crossInterval();
        }
    }

    private boolean atTarget(ReplayPosition target) {
        for (int a = 0; a < agents.agents; a++) {
            if (agents.committed[a] < target.ic(a)) {
                return false;
            }
        }
        return true;
    }

    /** Lays out the current interval if that is not done yet; false if the replay has ended. */
    private boolean prepare() {
        if (!prepared && !ended) {
            agents.prepare(intervals.get(k), firstInterval + k, k == 0);
            prepared = true;
            if (agents.failed()) {
                ended = true;
            } else {
                intervalsReplayed++;
            }
        }
        return !ended;
    }

    /** Every agent has finished the current interval: check what is left, then cross the checkpoint. */
    private void crossInterval() {
        boolean last = k == intervals.size() - 1;
        agents.checkLeftovers(last);
        if (!agents.failed()) {
            Divergence d = agents.probe.endInterval(interval());
            if (d != null) {
                agents.problem = agents.reports.fromProbe(d);
            }
        }
        if (!agents.failed() && !last) {
            agents.crossCheckpoint();
        }
        if (!agents.failed() && last) {
            agents.faultAtEnd(intervals.get(k).faultAtEnd());
        }
        if (agents.failed() || last) {
            ended = true;
            return;
        }
        k++;
        prepared = false;
    }

    /**
     * Shows every replayed processor's committed memory accesses and interrupts to
     * {@code listener} (null: none), for watchpoints and traces; replay without one calls nothing.
     */
    public void setListener(ProcessorListener listener) {
        for (Processor p : agents.cpus) {
            p.setListener(listener);
        }
        // DMA engines show each written block as eight word stores (pc -1, IC = the block's).
        agents.dmaListener = listener;
    }

    /**
     * The agent whose progress agent {@code a}'s next instruction (block) waits for by an arc
     * of the current interval, or -1 if it can run (or has ended the interval). A debugger that
     * steps the returned agent first moves one agent by one instruction at a time.
     */
    public int waitsOn(int a) {
        int w = waitingArc(a);
        return w < 0 ? -1 : agents.arcs.src[a][w];
    }

    /** The arc agent {@code a}'s next instruction waits for, as {@code from:ic -> a:ic}, or "". */
    public String waitingFor(int a) {
        int w = waitingArc(a);
        return w < 0 ? "" : agents.arcs.src[a][w] + ":" + agents.arcs.srcIc[a][w] + " -> " + a + ":" + agents.arcs.own[a][w];
    }

    private int waitingArc(int a) {
        if (!prepare() || agents.committed[a] >= agents.end[a]) {
            return -1;
        }
        return agents.unsatisfiedArc(a);
    }

    /**
     * The least position of the current interval at which agent {@code a} has committed
     * {@code ic} instructions (at most its end IC): every other agent only as far as the arcs
     * into {@code a}, and into them, require. Stepping {@code a} from the interval's start
     * stops there.
     */
    public ReplayPosition leastWith(int a, long ic) {
        if (!prepare()) {
            return position();
        }
        return new ReplayPosition(interval(), agents.arcs.closure(a, Math.min(ic, agents.end[a])));
    }

    /** The IC at which agent {@code a} ends the current interval (its log's end IC). */
    public long endIc(int a) {
        return intervals.get(k).endIc(a);
    }

    /** How many values of its input log processor {@code cpu} has read in the current interval. */
    public int inputsConsumed(int cpu) {
        return agents.io.consumed(cpu);
    }

    /** The current interval's logs. */
    public IntervalLog intervalLog() {
        return intervals.get(k);
    }

    /**
     * Runs every agent to the end of the current interval (delivering the interrupts logged at
     * its end), checks that every log entry was used and crosses the checkpoint; at the last
     * interval the replay ends. False if the replay has ended (or ends now).
     */
    public boolean finishInterval() {
        if (!prepare()) {
            return false;
        }
        agents.setCaps(null);
        schedule.runInterval(agents);
        if (agents.failed()) {
            ended = true;
            return false;
        }
        crossInterval();
        return !ended;
    }

    /** The number of the replay's first interval (its retained checkpoint). */
    public int firstInterval() {
        return firstInterval;
    }

    /** The number of the replay's last interval (the one the trigger ends). */
    public int lastInterval() {
        return firstInterval + intervals.size() - 1;
    }

    /** The replay has reached the trigger or stopped at a problem: nothing more will run. */
    public boolean ended() {
        return ended;
    }

    /** The first problem (a deadlock, a log that does not fit, a probe's divergence), or null. */
    public Divergence problem() {
        return agents.problem;
    }

    /** The current interval's number (as in {@link ReplayInput#firstInterval}). */
    public int interval() {
        return firstInterval + k;
    }

    /** Where every agent is. */
    public ReplayPosition position() {
        long[] ics = new long[agents.agents];
        for (int a = 0; a < ics.length; a++) {
            ics[a] = ic(a);
        }
        return new ReplayPosition(interval(), ics);
    }

    public int cpus() {
        return agents.cpuCount;
    }

    /** Processors and DMA engines. */
    public int agentCount() {
        return agents.agents;
    }

    /** Agent {@code a}'s IC in the current interval. */
    public long ic(int a) {
        return a < agents.cpuCount ? agents.cpus[a].instructionCount() : agents.committed[a];
    }

    /** The code index processor {@code cpu} runs next. */
    public int pc(int cpu) {
        return agents.cpus[cpu].pc();
    }

    public long register(int cpu, int r) {
        return agents.cpus[cpu].register(r);
    }

    public long csr(int cpu, Csr c) {
        return agents.cpus[cpu].csr(c);
    }

    /** The fault a processor stopped on (the lowest-numbered one's), or null if none has faulted. */
    public Fault fault() {
        for (Processor p : agents.cpus) {
            if (p.state() == ProcessorState.FAULTED) {
                return p.fault();
            }
        }
        return null;
    }

    public ProcessorState state(int cpu) {
        return agents.cpus[cpu].state();
    }

    /** Processor {@code cpu}'s architectural state now. */
    public ArchState snapshot(int cpu) {
        return ArchState.of(agents.cpus[cpu]);
    }

    /** The 8-byte word at {@code address} of the replayed memory. */
    public long loadWord(long address) {
        return agents.memory.loadWord(address);
    }

    /** The replayed memory's size in bytes. */
    public long memorySize() {
        return agents.memory.size();
    }

    /** Visits every page of the replayed memory in address order (the live arrays: do not keep them). */
    public void forEachPage(SparseMemory.PageVisitor visitor) {
        agents.memory.forEachPage(visitor);
    }

    /** A copy of the replayed memory. */
    public SparseMemory memory() {
        return agents.memory.copy();
    }

    /** Processor instructions replayed so far. */
    public long instructions() {
        return agents.instructions;
    }

    /** DMA blocks written so far. */
    public long dmaBlocks() {
        return agents.dmaBlocks;
    }

    /** Intervals begun so far. */
    public int intervalsReplayed() {
        return intervalsReplayed;
    }

    /** What the replay produced so far, taking {@code hostNanos} of host time. */
    public ReplayOutcome outcome(long hostNanos) {
        List<ArchState> finals = new ArrayList<>();
        for (int c = 0; c < agents.cpuCount; c++) {
            finals.add(snapshot(c));
        }
        long[] engineIcs = Arrays.copyOfRange(agents.committed, agents.cpuCount, agents.agents);
        return new ReplayOutcome(agents.memory, finals, engineIcs, agents.instructions, agents.dmaBlocks, hostNanos,
                intervalsReplayed, agents.problem, fault());
    }
}
