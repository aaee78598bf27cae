package org.fdrsim.machine;

import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.coherence.network.TorusNetwork;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.io.DeviceBus;
import org.fdrsim.cpu.io.Timers;
import org.fdrsim.cpu.run.RunLimits;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.cpu.sim.EventQueue;
import org.fdrsim.machine.config.LimitsConfig;

/**
 * The timed machine's run loop. Processors run ahead of the event queue in the interpreter
 * while they hit in their caches, and synchronize conservatively: a processor may run only up
 * to the earliest time at which something else could affect it, i.e. the next pending event, or
 * another processor's clock plus the smallest network latency (nothing another processor does
 * can reach this one sooner). When a miss completes, the processor executes the stalled
 * instruction at once, inside the completing event, so no other request can take the block
 * away first. A processor makes a device access only when no other can still make one at an
 * earlier cycle ({@link ProcessorTimes#deviceHorizon(int)}, asked at the access), so devices see
 * accesses in cycle order. Checkpoints, validation slices and the stop's flush come in through
 * {@link RunHooks}.
 */
final class TimedRunLoop {
    /** The longest slice a processor runs without returning to the loop (about 1 ms simulated at 4 GHz). */
    private static final long MAX_SLICE_CYCLES = 1L << 22;

    private final LimitsConfig limits;
    private final EventQueue queue;
    private final MemorySystem memorySystem;
    private final Processor[] cpus;
    private final DeviceBus devices;
    private final long lookahead;
    /** What a recording session does at the run's checkpoints, slices and stop (nothing without one). */
    private RunHooks hooks = RunHooks.NONE;
    /** When the next logical checkpoint is due (recorder on); processors never run past it. */
    private long nextCheckpoint = Long.MAX_VALUE;
    /** After the trigger: misses still complete in the memory system, but no instruction commits. */
    private boolean frozen;
    private boolean started;
    /** Processors a miss completion or an interrupt woke since the loop last read them ({@link ProcessorTimes#update}). */
    private final int[] woken;
    private int wokenCount;
    /** More wakes than {@link #woken} holds came between two reads: read every processor. */
    private boolean overflowedWakes;
    /** Set when a miss completion retired a trigger or a faulting instruction (only there does an event stop a processor). */
    private boolean stoppedInEvent;
    /** Set from another thread (a Ctrl-C handler); the run loop polls it once per event or slice. */
    private volatile boolean stopRequested;

    TimedRunLoop(LimitsConfig limits, EventQueue queue, TorusNetwork network, MemorySystem memorySystem,
            Processor[] cpus, DeviceBus devices) {
        this.limits = limits;
        this.queue = queue;
        this.memorySystem = memorySystem;
        this.cpus = cpus;
        this.devices = devices;
        for (int i = 0; i < cpus.length; i++) {
            memorySystem.cache(i).setMissCompletion((cpu, now) -> completeMiss(cpus[cpu], now));
            cpus[i].setWakeListener(this::noteWoken);
        }
        this.lookahead = Math.max(1, minimumLatency(network, cpus.length));
        // a processor has at most one miss outstanding, but a checkpoint's drain may complete
        // several per processor before the loop reads them again: room for any number
        this.woken = new int[Math.max(16, cpus.length * 4)];
    }

    /** Lets {@code hooks} take part in the runs (once, before the first run). */
    void setHooks(RunHooks hooks) {
        this.hooks = hooks;
    }

    /** The smallest network latency, which bounds how far processors run ahead of each other. */
    long lookahead() {
        return lookahead;
    }

    /** Runs until every processor halted, a trigger, a fault, a limit, or a deadlock. */
    RunResult run() {
        Timers timers = devices.timers();
        RunLimits bounds = RunLimits.of(limits.maxInstructions(), limits.maxCycles());
        long maxInstructions = bounds.maxInstructions();
        long maxCycles = bounds.maxCycles();
        StopCause cause;
        if (!started) {
            nextCheckpoint = hooks.start();
        }
        started = true;
        ProcessorTimes times = new ProcessorTimes(cpus, timers);
        for (Processor p : cpus) {
            int id = p.id();
            p.setDeviceHorizon(() -> times.deviceHorizon(id)); // device accesses in cycle order (ties: lower number)
        }
        boolean rescan = true;
        while (true) {
            // The processor that is furthest behind, and the runner-up's time. All are read
            // afresh at the start and after a checkpoint; otherwise only those that ran, that a
            // miss completion woke or that an interrupt woke from wfi.
            if (rescan || overflowedWakes) {
                times.rebuild();
                rescan = false;
                overflowedWakes = false;
                wokenCount = 0;
            } else {
                for (int i = 0; i < wokenCount; i++) {
                    times.update(woken[i]);
                }
                wokenCount = 0;
            }
            int chosen = times.chosen();
            long first = times.first();
            boolean anyLive = times.anyLive();
            // counted here (misses also retire instructions inside events), over the whole run:
            // ICs restart at every checkpoint, the intervals before the current one are added
            long instructions = hooks.instructionsBefore() + times.instructions();
            long nextEvent = queue.peekTime();
            if (!anyLive) {
                cause = StopCause.ALL_HALTED;
                break;
            }
            if (chosen < 0 || first == Long.MAX_VALUE) {
                if (nextEvent == Long.MAX_VALUE) {
                    cause = stalledAny() ? StopCause.DEADLOCK : StopCause.IDLE;
                    break;
                }
            }
            if (stopRequested) {
                cause = StopCause.INTERRUPTED;
                break;
            }
            if (hooks.stopRequested()) {
                cause = StopCause.RESERVE_FULL;
                break;
            }
            if (nextCheckpoint < maxCycles && Math.min(first, nextEvent) >= nextCheckpoint) {
                if (checkpoint()) {
                    cause = stopCauseOfFinal();
                    break;
                }
                rescan = true;
                continue;
            }
            if (nextEvent <= first) {
                if (nextEvent >= maxCycles) {
                    cause = StopCause.CYCLE_LIMIT;
                    break;
                }
                queue.step(); // events at a time come before processors at the same time
                stepWhileNothingWakes(first, maxCycles);
                if (stoppedByCompletion()) {
                    cause = stopCauseOfFinal();
                    break;
                }
                continue;
            }
            StopCause limit = bounds.reached(first, instructions);
            if (limit != null) {
                cause = limit;
                break;
            }
            long second = times.second();
            Processor p = cpus[chosen];
            p.advanceTo(first);
            timers.deliverDue(p);
            long bound = Math.min(nextEvent, second == Long.MAX_VALUE ? Long.MAX_VALUE : second + lookahead);
            bound = Math.min(bound, Math.min(timers.nextDeadline(chosen), Math.min(maxCycles, nextCheckpoint)));
            if (bound <= p.cycle()) {
                bound = p.cycle() + 1;
            }
            // A lone processor with nothing pending would otherwise run in one endless slice,
            // and a stop request (Ctrl-C) is only seen between slices.
            bound = Math.min(bound, saturatingAdd(p.cycle(), MAX_SLICE_CYCLES));
            long icLimit = saturatingAdd(p.instructionCount(), maxInstructions - instructions);
            ProcessorState s = hooks.runSlice(p, bound, icLimit);
            times.update(chosen);
            rescan |= timers.takeRearmed(); // a device store ends the slice; a timer may be another's
            if (s == ProcessorState.FAULTED || s == ProcessorState.TRIGGERED) {
                cause = s == ProcessorState.FAULTED ? StopCause.FAULT : StopCause.TRIGGER;
                break;
            }
        }
        if (cause == StopCause.ALL_HALTED) {
            drain();
        }
        RunResult result = RunResult.of(cause, cpus, devices.console().outputText());
        if (hooks.freezesAtStop()) {
            freeze();
        }
        return result;
    }

    /**
     * Runs the events due before the earliest processor's time {@code first} back to back, as the
     * loop would one per pass, for as long as its scan of the processors still holds: no miss
     * completed and no interrupt woke a sleeping processor, no stop was asked for, no checkpoint
     * or cycle limit is reached. The loop empties {@link #woken} before it steps, and an
     * overflow leaves it full: a processor woke if and only if it is not empty.
     */
    private void stepWhileNothingWakes(long first, long maxCycles) {
        while (true) {
            long t = queue.peekTime();
            if (t > first || t >= maxCycles || t >= nextCheckpoint || wokenCount > 0 || stopRequested
                    || hooks.stopRequested()) {
                return;
            }
            queue.step();
        }
    }

    /**
     * A logical checkpoint at {@code nextCheckpoint}: every processor has stopped at or past it;
     * phase 1 drains outstanding transactions (a stalled processor's miss completes and its
     * instruction commits in the ending interval), phase 2 is the recorder's. Processors resume
     * after the measured drain plus the fixed quiesce cost. Returns true if an instruction that
     * committed during the drain stopped the machine.
     */
    private boolean checkpoint() {
        long t = nextCheckpoint;
        while (!memorySystem.quiescent() || stalledAny()) {
            if (!queue.step()) {
                break; // nothing in flight can finish: the main loop reports it
            }
            if (stoppedByCompletion()) {
                return true;
            }
        }
        long resume = hooks.checkpoint(t, Math.max(t, queue.now()));
        for (Processor p : cpus) {
            if (!p.state().isFinal()) {
                p.advanceTo(resume);
            }
        }
        nextCheckpoint = hooks.nextCheckpoint(t, resume);
        return false;
    }

    /**
     * The trigger's stop and flush: no processor commits another instruction; outstanding
     * transactions drain so the memory system is quiescent; then the recorder flushes the
     * caches into memory and every log buffer into the reservation (memory becomes the coherent
     * final image of the dump).
     */
    private void freeze() {
        frozen = true;
        long last = 0;
        while (!memorySystem.quiescent() && queue.step()) {
            // misses, writebacks and DMA transfers in flight finish
        }
        for (Processor p : cpus) {
            last = Math.max(last, p.cycle());
        }
        hooks.stop(Math.max(last, queue.now()));
    }

    /**
     * Asks the machine to stop as if triggered (any thread may call it): {@link #run} returns
     * with {@link StopCause#INTERRUPTED} after the current event or slice, and a recording
     * machine flushes its logs as for any trigger.
     */
    void requestStop() {
        stopRequested = true;
    }

    /**
     * Instructions committed by every processor since the run began (processors' ICs restart
     * at each checkpoint; this does not).
     */
    long instructionsCommitted() {
        long n = hooks.instructionsBefore();
        for (Processor p : cpus) {
            n += p.instructionCount();
        }
        return n;
    }

    /**
     * Cycles processors waited for a full input or interrupt log buffer (nothing is dropped): the
     * interpreter charges each wait before the instruction after the entry, a device load's or
     * {@code rdcycle}'s, or an interrupt handler's first.
     */
    long ioLogStallCycles() {
        long n = 0;
        for (Processor p : cpus) {
            n += p.ioWaitCycles();
        }
        return n;
    }

    private static long saturatingAdd(long a, long b) {
        long sum = a + b;
        return sum < a ? Long.MAX_VALUE : sum;
    }

    /**
     * A miss completion may retire a trigger or a faulting instruction inside an event; a slice
     * that stops its processor ends the run at once, so no other processor is stopped here.
     */
    private boolean stoppedByCompletion() {
        return stoppedInEvent;
    }

    private StopCause stopCauseOfFinal() {
        for (Processor p : cpus) {
            if (p.state() == ProcessorState.FAULTED) {
                return StopCause.FAULT;
            }
        }
        return StopCause.TRIGGER;
    }

    private boolean stalledAny() {
        for (Processor p : cpus) {
            if (p.state() == ProcessorState.STALLED) {
                return true;
            }
        }
        return false;
    }

    /** Lets in-flight writebacks and acknowledgements finish, so memory is quiescent. */
    private void drain() {
        while (queue.step()) {
            // nothing else runs: every processor has halted
        }
    }

    /** The smallest delay between a processor's action and its effect on any other agent. */
    private static long minimumLatency(TorusNetwork network, int n) {
        long min = Long.MAX_VALUE;
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                min = Math.min(min, network.uncontendedLatency(s, d, 1));
            }
        }
        return min;
    }

    /** Remembers that processor {@code cpu}'s time or state changed outside its slice. */
    private void noteWoken(int cpu) {
        if (wokenCount < woken.length) {
            woken[wokenCount++] = cpu;
        } else {
            overflowedWakes = true;
        }
    }

    /** Wakes the processor and retires the instruction that missed, inside the completing event. */
    private void completeMiss(Processor p, long now) {
        noteWoken(p.id());
        if (frozen) {
            return; // stopped by the trigger: the stalled instruction does not commit
        }
        p.resume(now);
        ProcessorState s = p.run(Long.MAX_VALUE, p.instructionCount() + 1);
        if (s == ProcessorState.FAULTED || s == ProcessorState.TRIGGERED) {
            stoppedInEvent = true;
        }
        hooks.afterMiss(p);
    }
}
