package org.fdrsim.recorder.session;

import org.fdrsim.checkpoint.CheckpointSchedule;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.cpu.core.IoPort;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.recorder.HardwareState;
import org.fdrsim.recorder.RecorderOptions;
import org.fdrsim.recorder.buffer.LogBank;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.ReservedMemory;
import org.fdrsim.recorder.policy.PolicyName;
import org.fdrsim.recorder.race.AgentView;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.race.ArcPolicy;
import org.fdrsim.recorder.race.CicArray;
import org.fdrsim.recorder.race.RaceRecorder;
import org.fdrsim.recorder.trace.AccessTrace;

/**
 * FDR recording as a session on a {@link RecordedMachine}: the race recorder listens to the memory
 * system, every cache keeps its per-frame access IC (CIC), each processor's race log buffer
 * takes the entries, and a full buffer stalls its processor by moving the processor's clock
 * forward (the instruction waiting for the reply then commits no earlier than the buffer lets
 * it). All logs of the machine share one {@link LogBank} and one reserved-memory account;
 * other producers (input, interrupt, DMA, checkpoint logs) take their sinks from {@link #logs()}.
 *
 * <p>Why the processor's current IC is right even though processors run ahead of the event
 * queue: accesses take effect in the simulator's host order (a processor's hits happen when it
 * executes them; a reply's effect on a cache happens when its event runs), and that host order
 * is the SC order of the execution. When a cache sends a reply, every instruction its processor
 * has committed so far precedes the reply in that order, whatever its local clock says; this is
 * exactly the send observation. A requester is blocked on its miss while replies arrive, so
 * its IC is stable and IC+1 is the instruction that commits after the reply (receive observation).
 */
public final class RecordingSession {
    private final RecordedMachine machine;
    private final RecorderOptions options;
    private final RaceRecorder race;
    private final LogBank logs;
    private final int cpus;
    private final ArcPolicy[] observers;
    /** Per processor, the CIC array kept beside its cache. */
    private final CicArray[] cics;
    private AccessTrace trace;
    private long stallCycles;
    private CheckpointController checkpoints;
    private ValidationRecorder validation;

    private RecordingSession(RecordedMachine machine, RecorderOptions options) {
        this.machine = machine;
        this.options = options;
        this.cpus = machine.cpuCount();
        MemorySystem mem = machine.memorySystem();
        this.cics = new CicArray[cpus];
        Processor[] procs = new Processor[cpus];
        for (int i = 0; i < cpus; i++) {
            cics[i] = CicArray.attach(mem.cache(i));
            procs[i] = machine.cpu(i);
        }
        AgentView view = new AgentView() {
            @Override
            public long ic(int cpu) {
                return procs[cpu].instructionCount();
            }

            @Override
            public long lastAccessIc(int cpu, long block) {
                return cics[cpu].lastAccessIc(block);
            }
        };
        this.race = new RaceRecorder(view, options.cic16(), options.policy().create(cpus));
        this.observers = new ArcPolicy[PolicyName.values().length];
        observers[options.policy().ordinal()] = race.primary();
        // The race logs hold the primary's arcs, compressed; an uncompressed copy is kept only
        // when asked for (observeAllPolicies, enableTrace: analyses that read the arcs back).
        race.primary().arcs().setKeep(false);
        long memoryBytes = mem.memory().size();
        this.logs = new LogBank(options.buffers(), options.chunkBytes(),
                ReservedMemory.percentOf(memoryBytes, options.reservedMemoryPercent()), options.compressor(),
                options.deltaRace());
        for (int i = 0; i < cpus; i++) {
            race.setSink(i, logs.buffer(LogKind.MEMORY_RACE, i));
        }
        race.setStallSink((agent, now, until) -> {
            if (agent < cpus) {
                Processor p = procs[agent];
                long from = Math.max(now, p.cycle());
                if (until > from) {
                    stallCycles += until - from;
                    p.advanceTo(until);
                }
            }
        });
        mem.addListener(race);
    }

    /**
     * Attaches a recorder with {@code options} and logical checkpoints per {@code checkpoints};
     * only the primary policy runs until {@link #observeAllPolicies}.
     */
    public static RecordingSession attach(RecordedMachine machine, RecorderOptions options,
            CheckpointSchedule checkpoints) {
        RecordingSession r = new RecordingSession(machine, options);
        r.checkpoints = new CheckpointController(machine, r, checkpoints);
        return r;
    }

    /**
     * Also keeps the validation trace, a state hash every {@code every} instructions and every
     * device store, seen through {@code io} (the machine's device port); returns its recorder.
     */
    public ValidationRecorder validate(IoPort io, long every) {
        validation = ValidationRecorder.attach(this, io, every);
        return validation;
    }

    /** The validation trace's recorder, or null when validation is off. */
    public ValidationRecorder validation() {
        return validation;
    }

    /** The machine this session records. */
    RecordedMachine machine() {
        return machine;
    }

    /** Logical checkpoints, checkpoint logs and retention. */
    public CheckpointController checkpoints() {
        return checkpoints;
    }

    /**
     * Lets the other online policies (fdr, all-arcs, none) observe the same execution beside
     * the primary one; call before the run. They only count and keep their arcs; from now on
     * the primary policy keeps its arcs too (uncompressed, beside the race logs).
     */
    public void observeAllPolicies() {
        race.primary().arcs().setKeep(true);
        for (PolicyName p : PolicyName.values()) {
            if (p.online() && observers[p.ordinal()] == null) {
                observers[p.ordinal()] = p.create(cpus);
                race.addObserver(observers[p.ordinal()]);
            }
        }
    }

    /**
     * Records every committed access (processors through their listener, DMA engines through
     * the recorder), for the soundness checker and the Netzer reduction. Replaces the
     * processors' listener.
     */
    public AccessTrace enableTrace() {
        race.primary().arcs().setKeep(true);
        if (trace == null) {
            trace = new AccessTrace();
            // netzer's maximal arc sources: a processor's IC field is up to date whenever another
            // agent commits (only one processor is inside run at a time); DMA engines: their last
            // committed block (the trace's fallback), which is their current IC.
            trace.setCurrentIc(agent -> agent < cpus ? machine.cpu(agent).instructionCount() : -1);
            machine.setListener(trace);
            race.setTrace(trace);
        }
        return trace;
    }

    /**
     * For long experiments: every policy's arcs (the netzer reduction's too, if the trace is
     * on) are counted ({@link ArcLog#total}) instead of kept, and the trace keeps no accesses,
     * so memory does not grow with the run. Call after {@link #observeAllPolicies} and
     * {@link #enableTrace}; the hardware logs are not affected.
     */
    public void countArcsOnly() {
        for (ArcPolicy p : observers) {
            if (p != null) {
                p.arcs().setKeep(false);
            }
        }
        if (trace != null) {
            trace.setKeep(false);
            trace.netzer().arcs().setKeep(false);
        }
    }

    /** DMA engine {@code agent} (id cpus + k) logs its race arcs into DMA race buffer k. */
    public void wireDmaEngine(int agent) {
        race.setSink(agent, logs.buffer(LogKind.DMA_RACE, agent - cpus));
    }

    /**
     * A checkpoint: IC, CIC and VIC restart (section 6: "IC, CIC, VIC are reset at checkpoint
     * boundary"). Call with the machine quiescent. The logged arcs of the previous epoch are
     * forgotten here; the checkpoint module keeps what it needs from {@link #arcs} first.
     */
    public void resetAtCheckpoint() {
        for (int i = 0; i < cpus; i++) {
            machine.cpu(i).resetInstructionCount();
            cics[i].reset(0);
        }
        race.reset();
        if (trace != null) {
            trace.clear();
        }
    }

    /** Compresses every buffer's partial chunk (the trigger flushes the buffers). */
    public void flush() {
        logs.flush();
    }

    public RaceRecorder race() {
        return race;
    }

    public LogBank logs() {
        return logs;
    }

    public RecorderOptions options() {
        return options;
    }

    /** The trace, or null if not enabled. */
    public AccessTrace trace() {
        return trace;
    }

    /** The arcs policy {@code p} logged (null if it did not observe this run; netzer: {@code trace().netzer()}). */
    public ArcLog arcs(PolicyName p) {
        ArcPolicy policy = observers[p.ordinal()];
        return policy == null ? null : policy.arcs();
    }

    /**
     * The primary policy's arcs: what the memory-race logs hold. Kept only after
     * {@link #observeAllPolicies} or {@link #enableTrace} (else counted: {@link ArcLog#total});
     * {@code SoundnessChecker.storedArcs} decodes them from the logs instead.
     */
    public ArcLog arcs() {
        return race.primary().arcs();
    }

    /** Cycles processors waited for full race log buffers. */
    public long stallCycles() {
        return stallCycles;
    }

    /** The recorder's per-core hardware state. */
    public HardwareState hardwareState() {
        return HardwareState.of(cpus, machine.memorySystem().cache(0).l2Frames(), options.cic16());
    }
}
