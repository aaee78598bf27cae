package org.fdrsim.replayer.debug;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Fault;
import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.asm.Disassembler;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.program.SourceLocation;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.replayer.Divergence;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.replayer.ReplayInput;
import org.fdrsim.replayer.ReplayPosition;
import org.fdrsim.replayer.ReplayProbe;
import org.fdrsim.replayer.ReplayProgress;
import org.fdrsim.replayer.ReplaySession;
import org.fdrsim.replayer.ReplaySnapshot;
import org.fdrsim.replayer.RootOrder;

/**
 * The replay debugger's engine: one {@link ReplaySession} driven to positions the user asks
 * for, forward by stepping it and back by re-executing from the nearest snapshot of its
 * {@link Timeline} at or behind the earlier position (replay is deterministic, so the same
 * position has the same state, whatever the way there). Front ends (the terminal's {@link DebugCommands}, the DAP
 * server) call it; it is single-threaded: callers serialize their calls.
 *
 * <p>Honesty: the engine sees only the {@link ReplayInput} and the dump's validation trace
 * (for divergence checks), never the recorded final state.
 */
public final class DebugSession {
    private final ReplayInput input;
    private final Supplier<ReplayProbe> probes;
    private final ProgramImage program;
    private final Stops stops = new Stops();
    /** Conditions on the live session, made once: a method reference per check would allocate per instruction. */
    private final Stops.Condition liveHolds = this::holds;
    /** Conditions parsed once: one is evaluated at every arrival at its breakpoint. */
    private final Conditions conditions;
    /** Who sees device stores of sessions made from now on (null: nobody). */
    private TracingProbe.DeviceStores deviceStores;
    private final Timeline timeline;
    private final ReverseSearch reverse;
    private ReplaySession live;
    private int focus;
    /** Set by {@link #interrupt} (from another thread); the running motion stops at its next stop check. */
    private final AtomicBoolean interruptRequest = new AtomicBoolean();
    /** A motion that {@link #interrupt} may stop is running (looking ahead for count or trace is not one). */
    private boolean interruptible;

    /** A session at the start of {@code input}; {@code probes} gives a fresh divergence probe per replay. */
    public DebugSession(ReplayInput input, Supplier<ReplayProbe> probes) {
        this(input, probes, Timeline.EVERY);
    }

    /** As {@link #DebugSession(ReplayInput, Supplier)}, with a snapshot every {@code snapshotEvery} instructions. */
    public DebugSession(ReplayInput input, Supplier<ReplayProbe> probes, long snapshotEvery) {
        this.input = input;
        this.probes = probes;
        this.program = input.program();
        this.conditions = new Conditions(program.symbols());
        this.timeline = new Timeline(snapshotEvery, this::sessionAt);
        this.reverse = new ReverseSearch(input, timeline, stops, this::fresh, s -> (e, cpu) -> holds(s, e, cpu));
        this.live = fresh();
    }

    /**
     * Opens retained checkpoint {@code fromCheckpoint} (0 = oldest) of a dump read with
     * {@code CoreDumpReader.read} (which refuses a damaged dump, as {@code fdr replay} does).
     *
     * @throws IllegalArgumentException if the checkpoint is not retained (one-line message)
     */
    public static DebugSession open(CoreDump dump, int fromCheckpoint) {
        return new DebugSession(DumpReplay.input(dump, fromCheckpoint), () -> DumpReplay.probe(dump));
    }

    /** A session at the replay's start, taking snapshots as it goes. */
    private ReplaySession fresh() {
        return timeline.start(null);
    }

    /** A session at {@code from} (null: the replay's start) with a fresh probe. */
    private ReplaySession sessionAt(ReplaySnapshot from) {
        TracingProbe.DeviceStores sink = deviceStores;
        ReplayProbe probe = sink == null ? probes.get() : new TracingProbe(probes.get(), sink);
        ReplaySession s = from == null ? new ReplaySession(input, probe, RootOrder.FORWARD, ReplayProgress.NONE)
                : ReplaySession.at(from, probe);
        s.setInterrupt(() -> interruptible && interruptRequest.get());
        return s;
    }

    /**
     * Asks the motion that is running ({@code continue}, {@code reverse-continue}, {@code goto
     * end}) to stop where it is, a consistent cut, with reason {@link StopReason#INTERRUPTED};
     * the one call that may come from another thread. The replay checks between slices (an
     * agent's run between its blocking points), not per instruction. Going back stops the
     * search and stays where it was. An interrupt while no such motion runs stops the next one
     * at its first check, unless {@link #dropInterrupt} comes first.
     */
    public void interrupt() {
        interruptRequest.set(true);
    }

    /**
     * Forgets an interrupt no motion has taken: a caller that sent one to a motion that could
     * not be stopped (a step) calls this when that motion ends, so the interrupt does not stop
     * the next one.
     */
    public void dropInterrupt() {
        interruptRequest.set(false);
    }

    /** Runs a motion that {@link #interrupt} may stop. */
    private StopEvent interruptibly(Supplier<StopEvent> motion) {
        interruptible = true;
        try {
            return motion.get();
        } finally {
            interruptible = false;
            interruptRequest.set(false);
        }
    }

    // ---- the replay's shape ----

    public ProgramImage program() {
        return program;
    }

    public int cpus() {
        return live.cpus();
    }

    /** Processors and DMA engines (DAP threads). */
    public int agentCount() {
        return live.agentCount();
    }

    public int focus() {
        return focus;
    }

    /** Makes processor {@code cpu} the one {@code stepi}, {@code print} and {@code backtrace} are about. */
    public void setFocus(int cpu) {
        checkCpu(cpu);
        focus = cpu;
    }

    /** Where every agent is (interval and IC per agent). */
    public ReplayPosition position() {
        return live.position();
    }

    public int firstInterval() {
        return live.firstInterval();
    }

    /** True once the replay reached the trigger (or diverged): forward commands stop at once. */
    public boolean ended() {
        return live.ended();
    }

    /** The replay's divergence, or null. */
    public Divergence problem() {
        return live.problem();
    }

    /** Processor {@code cpu}'s place in the code now. */
    public CodePoint where(int cpu) {
        checkCpu(cpu);
        return pointAt(cpu, live.ic(cpu), live.pc(cpu));
    }

    /** The {@link CodePoint} of code index {@code pc} for processor {@code cpu} at {@code ic}. */
    public CodePoint pointAt(int cpu, long ic, int pc) {
        String dis = pc >= 0 && pc < program.code().length()
                ? Disassembler.format(program.code().get(pc), program.symbols()) : "(no instruction)";
        return new CodePoint(cpu, live.interval(), ic, pc, Labels.symbolize(program.symbols(), pc), dis, program.locationOf(pc));
    }

    // ---- forward ----

    /** {@code stepi N}: N instructions of the focus processor; the others move only as far as its arcs require. */
    public StopEvent stepi(long n) {
        stops.arm(live);
        try {
            for (long i = 0; i < n; i++) {
                // What the focus waits on steps first, one instruction at a time, so a watched
                // write by another agent stops right after it.
                int x;
                do {
                    x = Lockstep.runnable(live, focus, null);
                    if (x < 0) {
                        x = focus; // at the end of its interval: the step crosses the checkpoint
                    }
                    if (!live.step(x)) {
                        return endOrDivergence();
                    }
                    int hit = stops.check(x, liveHolds, true);
                    if (hit != 0 && stops.isWatch(hit)) {
                        return stop(StopReason.WATCHPOINT, hit);
                    }
                } while (x != focus);
            }
            return stop(StopReason.STEP, 0);
        } finally {
            stops.disarm();
        }
    }

    /** {@code step N}: the focus processor runs until it reaches a different source line, N times. */
    public StopEvent step(long n) {
        for (long i = 0; i < n; i++) {
            SourceLocation start = program.locationOf(live.pc(focus));
            do {
                StopEvent e = stepi(1);
                if (e.reason() != StopReason.STEP) {
                    return e;
                }
            } while (Labels.sameLine(start, program.locationOf(live.pc(focus))));
        }
        return stop(StopReason.STEP, 0);
    }

    /** {@code continue}: every agent runs until a breakpoint, a watchpoint, the trigger or a divergence. */
    public StopEvent cont() {
        return interruptibly(() -> {
            if (stops.onlyPlainWatches()) {
                return contToWatch();
            }
            return stops.breaksWithPlainWatches() ? contToBreak() : contStepping();
        });
    }

    /**
     * {@code continue} with breakpoints (and watchpoints without conditions): the breakpoints are
     * patched into the replay's copy of the code and it runs at full speed; at each arrival at a
     * breakpoint pc the breakpoint's cpu and condition are checked, and the run goes on if they
     * do not hold. A watched write noted before the stop wins: the replay is re-executed to it.
     */
    private StopEvent contToBreak() {
        ReplaySession s = live;
        stops.arm(s);
        stops.patch(s);
        int[] number = new int[1];
        try {
            // A watched write noted before the arrival stops the run too: it came first.
            int cpu = s.runToBreakpoint(null, c -> stops.writeNoted()
                    || (number[0] = stops.breakAt(c, s.pc(c), liveHolds, true)) != 0);
            ReplayPosition write = stops.takeFirstHit();
            if (write != null) {
                Stops.unpatch(s);
                stops.disarm();
                return stopAtWatch(write);
            }
            if (cpu < 0) {
                return s.interrupted() ? interrupted() : endOrDivergence();
            }
            focus = cpu;
            return stop(StopReason.BREAKPOINT, number[0]);
        } finally {
            Stops.unpatch(s);
            stops.disarm();
        }
    }

    /** {@code continue} with a conditional watchpoint: one instruction per agent at a time, checking after each. */
    private StopEvent contStepping() {
        stops.arm(live);
        try {
            int[] hit = new int[2];
            boolean stopped = Lockstep.run(live, null, a -> {
                hit[0] = stops.check(a, liveHolds, true);
                hit[1] = a;
                return hit[0] != 0;
            });
            if (!stopped) {
                return live.interrupted() ? interrupted() : endOrDivergence();
            }
            // As gdb switches to the thread that hit: the processor that stopped (or wrote) gets the focus.
            boolean watch = stops.isWatch(hit[0]);
            int who = watch ? stops.lastWrite().agent() : hit[1];
            if (who < live.cpus()) {
                focus = who;
            }
            return stop(watch ? StopReason.WATCHPOINT : StopReason.BREAKPOINT, hit[0]);
        } finally {
            stops.disarm();
        }
    }

    /**
     * {@code continue} with watchpoints only: the replay runs at full speed (the listener notes
     * the first watched write and where it left every agent), then a fresh session is run to
     * exactly that position.
     */
    private StopEvent contToWatch() {
        stops.arm(live);
        ReplayPosition at;
        try {
            live.resume();
            at = stops.takeFirstHit();
        } finally {
            stops.disarm();
        }
        if (at == null) {
            return live.interrupted() ? interrupted() : endOrDivergence();
        }
        return stopAtWatch(at);
    }

    /**
     * {@code goto C:IC}: processor {@code cpu} to IC {@code ic} of the current interval, the
     * others only as far as its arcs require (forward by running it, back by re-execution).
     * Breakpoints and watchpoints do not stop it.
     */
    public StopEvent goTo(int cpu, long ic) {
        return goTo(cpu, ic, live.interval());
    }

    /**
     * {@code goto C:IC@K}: processor {@code cpu} to IC {@code ic} of interval {@code interval}
     * (ICs restart at each checkpoint), the others only as far as its arcs require; another
     * interval is reached from its start (back by re-execution). An IC past the processor's
     * end of the interval stops at its end.
     *
     * @throws DebugException for a negative IC, an interval the replay does not have, a bad cpu
     */
    public StopEvent goTo(int cpu, long ic, int interval) {
        checkCpu(cpu);
        if (ic < 0) {
            throw new DebugException("IC " + ic + " is before the start of the interval");
        }
        int last = firstInterval() + input.intervals().size() - 1;
        if (interval < firstInterval() || interval > last) {
            throw new DebugException("no interval " + interval + ": the replay has intervals " + firstInterval() + ".." + last);
        }
        ReplayPosition start = new ReplayPosition(interval, new long[live.agentCount()]);
        if (interval == live.interval() && ic < live.ic(cpu)) {
            // where running the processor from the interval's start would stop: the others only as far as its arcs require
            reexecuteTo(live.leastWith(cpu, ic));
        } else if (interval < live.interval()) {
            reexecuteTo(start);
        } else if (interval > live.interval()) {
            live.runTo(start);
        }
        if (!live.ended()) {
            live.runAgentTo(cpu, ic);
        }
        focus = cpu;
        return live.problem() != null ? endOrDivergence() : stop(StopReason.GOTO, 0);
    }

    /** {@code goto start}: back to the start of the replay (its first interval, every IC 0). */
    public StopEvent goToStart() {
        live = fresh();
        return stop(StopReason.GOTO, 0);
    }

    /** {@code goto end}: runs to the trigger; breakpoints and watchpoints do not stop it. */
    public StopEvent goToEnd() {
        return interruptibly(() -> {
            live.resume();
            return live.interrupted() ? interrupted() : endOrDivergence();
        });
    }

    /**
     * To position {@code p} exactly (forward if every agent is at or behind it, else by
     * re-execution); the nearest cut the arcs allow if {@code p} is not one.
     */
    public StopEvent goTo(ReplayPosition p) {
        if (p.agents() != live.agentCount()) {
            throw new DebugException("a position of " + p.agents() + " agents, the replay has " + live.agentCount());
        }
        if (behind(p)) {
            live.runTo(p);
        } else {
            reexecuteTo(p);
        }
        return live.problem() != null ? endOrDivergence() : stop(StopReason.GOTO, 0);
    }

    // ---- backward ----

    /** {@code reverse-stepi N}: the focus processor N instructions back (others as the arcs allow). */
    public StopEvent reverseStepi(long n) {
        ReplayPosition p = live.position();
        long ic = p.ic(focus) - n;
        if (ic < 0) {
            return toStart();
        }
        long[] ics = p.ics();
        ics[focus] = ic;
        reexecuteTo(new ReplayPosition(p.interval(), ics));
        return stop(StopReason.STEP, 0);
    }

    /**
     * {@code reverse-step N}: the focus processor back to the start of the N-th earlier source
     * line, the others staying where they are as far as the arcs allow (as {@code reverse-stepi}
     * by that many instructions).
     */
    public StopEvent reverseStep(long n) {
        ReplayPosition target = reverse.lineStart(live.position(), focus, n);
        if (target == null) {
            return toStart();
        }
        reexecuteTo(target);
        return stop(StopReason.STEP, 0);
    }

    /**
     * {@code reverse-continue}: back to the last breakpoint or watchpoint hit before the current
     * position, looking at the newest window of the timeline first, then the one before.
     */
    public StopEvent reverseContinue() {
        return interruptibly(() -> {
            ReplayPosition now = live.position();
            if (stops.onlyPlainWatches()) {
                return land(reverse.lastWatchedWrite(now));
            }
            return land(stops.breaksWithPlainWatches() ? reverse.lastBreak(now) : reverse.lastHitStepping(now));
        });
    }

    /** Re-executes to {@code at}, where the last watchpoint hit was found, and stops there, focused on its writer. */
    private StopEvent stopAtWatch(ReplayPosition at) {
        return land(reverse.watchAt(at));
    }

    /**
     * Stops where a search found a hit (re-executing to it), focused on the processor that
     * wrote or arrived there; to the start if it found none.
     */
    private StopEvent land(ReverseSearch.Found f) {
        if (f == ReverseSearch.INTERRUPTED) {
            return interrupted();
        }
        if (f == ReverseSearch.START) {
            return toStart();
        }
        reexecuteTo(f.at());
        if (f.write() != null) {
            if (!f.write().dma()) {
                focus = f.write().agent();
            }
            return new StopEvent(StopReason.WATCHPOINT, f.number(), where(focus), f.write(), "");
        }
        if (f.agent() >= 0 && f.agent() < live.cpus()) {
            focus = f.agent();
        }
        return stop(StopReason.BREAKPOINT, f.number());
    }

    /** A session re-executed to {@code p} from the nearest snapshot behind it becomes the live one (every move backwards). */
    private void reexecuteTo(ReplayPosition p) {
        live = timeline.at(p);
    }

    private StopEvent toStart() {
        live = fresh();
        return new StopEvent(StopReason.REACHED_START, 0, where(focus), null, "reached the start of the replay");
    }

    // ---- breakpoints and watchpoints ----

    /**
     * {@code break LOCATION [cpu C] [if COND]}: LOCATION is a code label, {@code FILE:LINE} or
     * {@code @PC}; returns the breakpoint's number.
     *
     * @throws DebugException for an unknown label (naming the nearest ones), a line without
     *     code, a pc outside the program, a bad cpu
     */
    public int addBreakpoint(String location, int cpu, String condition) {
        if (cpu >= 0) {
            checkCpu(cpu);
        }
        int pc = codeIndex(location);
        if (condition != null) {
            Expression.value(condition, program.symbols(), stateOf(live, focus)); // check its syntax now
        }
        return stops.addBreak(location, pc, cpu, condition);
    }

    /** {@code watch ADDR|DATALABEL[+OFF] [if COND]}: returns the watchpoint's number. */
    public int addWatchpoint(String place, String condition) {
        long address = wordInMemory(address(place));
        if (condition != null) {
            Expression.value(condition, program.symbols(), stateOf(live, focus));
        }
        return stops.addWatch(place, address, condition);
    }

    /** {@code delete N} / {@code unwatch N}: false if there is no such breakpoint or watchpoint. */
    public boolean delete(int number) {
        return stops.delete(number);
    }

    /** {@code delete}: every breakpoint and watchpoint. */
    public void deleteAll() {
        stops.deleteAll();
    }

    public List<BreakpointInfo> breakpoints() {
        return stops.breakpoints();
    }

    public List<WatchpointInfo> watchpoints() {
        return stops.watchpoints();
    }

    // ---- state ----

    /** {@code print EXPR} on the focus processor. */
    public long evaluate(String expression) {
        return Expression.value(expression, program.symbols(), stateOf(live, focus));
    }

    /** The address {@code place} names ({@code counter+8}, {@code 0x1000}, {@code sp-16}). */
    public long address(String place) {
        return Expression.address(place, program.symbols(), stateOf(live, focus));
    }

    /** Processor {@code cpu}'s architectural state (registers, CSRs, pc, IC). */
    public ArchState snapshot(int cpu) {
        checkCpu(cpu);
        return live.snapshot(cpu);
    }

    /** The 32 registers of processor {@code cpu}, by their disassembler names. */
    public List<NamedValue> registers(int cpu) {
        checkCpu(cpu);
        return StateListing.registers(live, cpu);
    }

    /** The CSRs of processor {@code cpu}, by their assembler names. */
    public List<NamedValue> csrs(int cpu) {
        checkCpu(cpu);
        return StateListing.csrs(live, cpu);
    }

    /** The word at each data label of the program, in address order. */
    public List<NamedValue> dataLabels() {
        return StateListing.dataLabels(live, program.symbols());
    }

    /** {@code x/N ADDR}: {@code n} words from {@code address} (rounded down to a word). */
    public long[] memoryWords(long address, int n) {
        long a = address & ~7L;
        if (a < 0 || a + 8L * n > input.startMemory().size()) {
            throw new DebugException(String.format("0x%x..+%d words is outside memory", a, n));
        }
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = live.loadWord(a + 8L * i);
        }
        return out;
    }

    /** The call frames of processor {@code cpu}, innermost first. */
    public List<Frame> backtrace(int cpu) {
        checkCpu(cpu);
        return Frames.of(this, live.snapshot(cpu));
    }

    /** Every agent: IC, end IC, pc, run state and what it waits on (DAP threads, {@code info cpus}). */
    public List<AgentInfo> agents() {
        return StateListing.agents(live);
    }

    /** {@code info arcs}: the logged arcs into and out of agent {@code agent} within {@code span} ICs of where it is. */
    public List<String> arcs(int agent, long span) {
        return LogView.arcs(this, live, agent, span);
    }

    /** {@code info logs}: the next input, interrupt and DMA entries of the current interval. */
    public List<String> nextLogEntries(int count) {
        return LogView.next(live, count);
    }

    /**
     * A hash of the whole replay state (position, every processor's registers, CSRs, pc and
     * pending interrupts, memory): equal states, equal hashes.
     */
    public long stateHash() {
        return StateDigest.of(live);
    }

    /** {@code info snapshots}: what the timeline of snapshots holds. */
    public TimelineInfo snapshots() {
        return timeline.info();
    }

    // ---- over the rest of the replay, without moving ----

    /** {@code trace ADDR}: every access to the word from here to the end (at most {@code limit}), device stores included. */
    public List<Access> trace(long address, int limit) {
        return Scout.trace(this, live.position(), wordAccessed(address) & ~7L, limit);
    }

    /** {@code address}, refused unless its word lies in memory (no access can reach it otherwise). */
    private long wordInMemory(long address) {
        if (address < 0 || address + 8 > input.startMemory().size()) {
            throw new DebugException(String.format("address 0x%x is outside memory", address));
        }
        return address;
    }

    /** {@code address}, refused unless an access can reach its word: in memory, or a device register (its stores are traced). */
    private long wordAccessed(long address) {
        return address >= AddressMap.IO_BASE && address < AddressMap.IO_END ? address : wordInMemory(address);
    }

    /** {@code count reads|writes ADDR}: accesses to the word from here to the end. */
    public long countAccesses(long address, boolean writes) {
        long n = 0;
        for (Access a : Scout.trace(this, live.position(), wordAccessed(address) & ~7L, Integer.MAX_VALUE)) {
            if (a.write() == writes) {
                n++;
            }
        }
        return n;
    }

    /** {@code count calls LABEL}: how often a processor arrives at code label {@code label} from here to the end. */
    public long countCalls(String label) {
        return Scout.arrivals(this, live.position(), codeIndex(label));
    }

    // ---- for the package ----

    /**
     * A session at position {@code p} (re-executed from the nearest snapshot), for looking
     * ahead without moving; {@code stores}
     * (null: nobody) sees its device stores, which replay does not perform.
     */
    ReplaySession freshAt(ReplayPosition p, TracingProbe.DeviceStores stores) {
        deviceStores = stores;
        try {
            return timeline.at(p);
        } finally {
            deviceStores = null;
        }
    }

    int codeIndex(String location) {
        return Labels.codeIndex(program, location, stateOf(live, focus));
    }

    static Expression.State stateOf(ReplaySession s, int cpu) {
        return new CpuView().at(s, cpu);
    }

    private boolean holds(String expression, int cpu) {
        return holds(live, expression, cpu);
    }

    private boolean holds(ReplaySession s, String expression, int cpu) {
        return conditions.holds(s, expression, cpu < 0 ? focus : cpu);
    }

    private boolean behind(ReplayPosition p) {
        if (p.interval() != live.interval()) {
            return p.interval() > live.interval();
        }
        for (int a = 0; a < p.agents(); a++) {
            if (live.ic(a) > p.ic(a)) {
                return false;
            }
        }
        return true;
    }

    private StopEvent stop(StopReason reason, int number) {
        return new StopEvent(reason, number, where(focus), reason == StopReason.WATCHPOINT ? stops.lastWrite() : null, "");
    }

    /** Where an interrupted motion left the live session (a motion going back leaves it where it was). */
    private StopEvent interrupted() {
        return new StopEvent(StopReason.INTERRUPTED, 0, where(focus), null, "interrupted");
    }

    private StopEvent endOrDivergence() {
        Divergence d = live.problem();
        if (d != null) {
            return new StopEvent(StopReason.DIVERGED, 0, where(focus), null, OneLine.firstLine(d.describe()));
        }
        Fault fault = live.fault(); // a crash: the replay has just met the fault that ended the run
        return new StopEvent(StopReason.END, 0, where(focus), null, fault == null ? "" : fault.describe());
    }

    private void checkCpu(int cpu) {
        if (cpu < 0 || cpu >= live.cpus()) {
            throw new DebugException("no cpu " + cpu + ": the replay has cpus 0.." + (live.cpus() - 1));
        }
    }

    static Instruction instructionAt(ProgramImage program, int pc) {
        return pc >= 0 && pc < program.code().length() ? program.code().get(pc) : null;
    }
}
