package org.fdrsim.cpu.functional;

import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.io.DeviceBus;
import org.fdrsim.cpu.io.Timers;
import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.Machine;
import org.fdrsim.cpu.run.RunLimits;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.cpu.sim.SimRandom;

/**
 * The functional machine ({@code --memory ideal}): P processors over one flat memory with
 * no caches, interleaved by a seeded scheduler. Each instruction takes one cycle. The
 * scheduler always runs the processor whose clock is furthest behind, for a random slice of
 * 1..maxSlice cycles, so the interleaving depends on the seed but clocks stay close.
 *
 * <p>This machine is the reference for speed ratios and for tests of the timed machine.
 */
public final class FunctionalMachine implements Machine {
    private final FunctionalConfig config;
    private final SparseMemory memory;
    private final Processor[] cpus;
    private final DeviceBus devices;
    private final SimRandom scheduler;
    /** Set from another thread (a Ctrl-C handler); polled once per slice. */
    private volatile boolean stopRequested;

    public FunctionalMachine(ProgramImage program, FunctionalConfig config, Console console) {
        this.config = config;
        this.memory = SparseMemory.holding(program, config.memorySize());
        this.devices = new DeviceBus(console, new Timers(config.cpus()));
        FlatMemoryPort port = new FlatMemoryPort(memory);
        this.cpus = new Processor[config.cpus()];
        for (int i = 0; i < cpus.length; i++) {
            cpus[i] = new Processor(i, program, memory.size(), port, devices);
        }
        this.scheduler = SimRandom.forComponent(config.seed(), "functional-scheduler");
    }

    @Override
    public void requestStop() {
        stopRequested = true;
    }

    @Override
    public void setListener(ProcessorListener listener) {
        for (Processor p : cpus) {
            p.setListener(listener);
        }
    }

    @Override
    public RunResult run() {
        Timers timers = devices.timers();
        long instructions = 0;
        RunLimits bounds = RunLimits.of(config.maxInstructions(), config.maxCycles());
        long maxInstructions = bounds.maxInstructions();
        long maxCycles = bounds.maxCycles();
        StopCause cause;
        while (true) {
            int chosen = -1;
            long chosenTime = Long.MAX_VALUE;
            boolean anyLive = false;
            for (int c = 0; c < cpus.length; c++) {
                Processor p = cpus[c];
                ProcessorState s = p.state();
                if (s.isFinal()) {
                    continue;
                }
                anyLive = true;
                long t = s == ProcessorState.SLEEPING ? timers.nextDeadline(c) : p.cycle();
                if (t < chosenTime) {
                    chosenTime = t;
                    chosen = c;
                }
            }
            if (chosen < 0) {
                cause = anyLive ? StopCause.IDLE : StopCause.ALL_HALTED;
                break;
            }
            if (stopRequested) {
                cause = StopCause.INTERRUPTED;
                break;
            }
            StopCause limit = bounds.reached(chosenTime, instructions);
            if (limit != null) {
                cause = limit;
                break;
            }
            Processor p = cpus[chosen];
            p.advanceTo(chosenTime);
            timers.deliverDue(p);
            long before = p.instructionCount();
            long sliceEnd = Math.min(p.cycle() + 1 + scheduler.nextInt(config.maxSlice()),
                    Math.min(timers.nextDeadline(chosen), maxCycles));
            ProcessorState s = p.run(sliceEnd, Math.addExact(before, maxInstructions - instructions));
            instructions += p.instructionCount() - before;
            if (s == ProcessorState.FAULTED) {
                cause = StopCause.FAULT;
                break;
            }
            if (s == ProcessorState.TRIGGERED) {
                cause = StopCause.TRIGGER;
                break;
            }
        }
        return result(cause);
    }

    private RunResult result(StopCause cause) {
        return RunResult.of(cause, cpus, devices.console().outputText());
    }

    public SparseMemory memory() {
        return memory;
    }

    @Override
    public Processor cpu(int i) {
        return cpus[i];
    }

    @Override
    public int cpuCount() {
        return cpus.length;
    }
}
