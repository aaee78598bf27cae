package org.fdrsim.machine;

import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.coherence.network.TorusNetwork;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.cpu.io.DeviceBus;
import org.fdrsim.cpu.run.Machine;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.cpu.sim.EventQueue;
import org.fdrsim.io.device.DeviceSystem;
import org.fdrsim.io.log.InputLog;
import org.fdrsim.io.log.InterruptLog;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.session.RecordedMachine;
import org.fdrsim.recorder.session.RecordingSession;
import org.fdrsim.recorder.session.ValidationRecorder;

/**
 * The timed machine: in-order processors over the FDR1 memory system (L1/L2 caches, MOSI
 * directories, 2D torus), driven by one event queue.
 *
 * <p>Sequential consistency holds by construction: accesses take effect one at a time in the
 * simulator, each with the coherence permission its cache holds at that moment, and a
 * processor blocks on every miss. How processors and events interleave is {@link TimedRunLoop}'s.
 *
 * <p>{@link MachineBuilder} assembles it; a recording session, when there is one, takes part
 * in the run through {@link RunHooks} (checkpoints, validation slices, the trigger's flush).
 */
public final class TimedMachine implements Machine, RecordedMachine {
    private final MachineConfig config;
    private final EventQueue queue;
    private final TorusNetwork network;
    private final MemorySystem memorySystem;
    private final Processor[] cpus;
    private final DeviceBus devices;
    /** Disk, NIC, interrupt controller and DMA engines, when {@code devices.enabled}; null otherwise. */
    private final DeviceSystem deviceSystem;
    /** Every device load and rdcycle value, per processor (sinks: DISCARD until a recorder sets them). */
    private final InputLog inputLog;
    /** Every interrupt taken (IC, number), per processor. */
    private final InterruptLog interruptLog;
    private final TimedRunLoop loop;
    /** The FDR recording session, when {@code recorder.enabled}; null otherwise. */
    private RecordingSession recorder;

    /** The parts, built and connected by {@link MachineBuilder}; the machine adds its run loop. */
    TimedMachine(MachineConfig config, EventQueue queue, TorusNetwork network, MemorySystem memorySystem,
            Processor[] cpus, DeviceSystem deviceSystem, DeviceBus devices, InputLog inputLog,
            InterruptLog interruptLog) {
        this.config = config;
        this.queue = queue;
        this.network = network;
        this.memorySystem = memorySystem;
        this.cpus = cpus;
        this.deviceSystem = deviceSystem;
        this.devices = devices;
        this.inputLog = inputLog;
        this.interruptLog = interruptLog;
        this.loop = new TimedRunLoop(config.limits(), queue, network, memorySystem, cpus, devices);
    }

    /** Lets {@code session} record this machine's runs (once, before the first run). */
    void record(RecordingSession session) {
        this.recorder = session;
        loop.setHooks(new RecordingHooks(session));
    }

    /** Runs until every processor halted, a trigger, a fault, a limit, or a deadlock. */
    @Override
    public RunResult run() {
        return loop.run();
    }

    @Override
    public void setListener(ProcessorListener listener) {
        ValidationRecorder validation = validation();
        for (Processor p : cpus) {
            // the interrupt log stays in front, then the validation trace's recorder, if any
            p.setListener(interruptLog.withNext(validation != null ? validation.withNext(listener) : listener));
        }
    }

    /**
     * Asks the machine to stop as if triggered (any thread may call it): {@link #run} returns
     * with {@link StopCause#INTERRUPTED} after the current event or slice, and a recording
     * machine flushes its logs as for any trigger.
     */
    @Override
    public void requestStop() {
        loop.requestStop();
    }

    /**
     * Instructions committed by every processor since the run began (processors' ICs restart
     * at each checkpoint; this does not).
     */
    @Override
    public long instructionsSoFar() {
        return loop.instructionsCommitted();
    }

    /** The configuration this machine was built from. */
    public MachineConfig config() {
        return config;
    }

    /** Cycles processors waited for a full input or interrupt log buffer. */
    public long ioLogStallCycles() {
        return loop.ioLogStallCycles();
    }

    @Override
    public MemorySystem memorySystem() {
        return memorySystem;
    }

    public TorusNetwork network() {
        return network;
    }

    @Override
    public Processor cpu(int i) {
        return cpus[i];
    }

    @Override
    public int cpuCount() {
        return cpus.length;
    }

    /** The simulated time of the last event handled. */
    public long now() {
        return queue.now();
    }

    /** The full device system, or null when {@code devices.enabled} is false. */
    public DeviceSystem deviceSystem() {
        return deviceSystem;
    }

    /** The input log (an IoPort decorator in front of the devices); give it sinks to keep entries. */
    public InputLog inputLog() {
        return inputLog;
    }

    /** The interrupt log (in front of any processor listener); give it sinks to keep entries. */
    public InterruptLog interruptLog() {
        return interruptLog;
    }

    /** The FDR recording session attached because {@code recorder.enabled} is set, or null. */
    public RecordingSession recorder() {
        return recorder;
    }

    /** The validation trace's recorder ({@code recorder.validate}), or null. */
    public ValidationRecorder validation() {
        return recorder == null ? null : recorder.validation();
    }

    /** The smallest network latency, which bounds how far processors run ahead of each other. */
    public long lookahead() {
        return loop.lookahead();
    }
}
