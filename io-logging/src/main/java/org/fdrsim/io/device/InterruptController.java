package org.fdrsim.io.device;

import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.sim.EventHandler;
import org.fdrsim.cpu.sim.EventQueue;

/**
 * Routes device interrupts (numbers 2 and up) to processors, fixed (a target register per
 * interrupt number) or round-robin over the processors still running, and sends
 * inter-processor interrupts. A processor asleep in {@code wfi} wakes at the interrupt's time.
 * An inter-processor interrupt reaches its target in an event at the sender's cycle: a target
 * that runs behind the sender stops there (the run loop bounds its slice by the next event) and
 * takes it then, not before it was sent.
 */
public final class InterruptController {
    private final int cpus;
    private final EventQueue queue;
    private final EventHandler deliverIpi = (now, payload, cpu) -> post((int) cpu, DeviceMap.IRQ_IPI, now);
    private final long[] target = new long[DeviceMap.PIC_TARGETS];
    private Processor[] processors = new Processor[0];
    private long mode;
    private int nextRoundRobin;
    private long routed;

    public InterruptController(int cpus, boolean roundRobin, EventQueue queue) {
        this.cpus = cpus;
        this.queue = queue;
        this.mode = roundRobin ? DeviceMap.PIC_MODE_ROUND_ROBIN : DeviceMap.PIC_MODE_FIXED;
    }

    public void attach(Processor[] processors) {
        this.processors = processors.clone();
    }

    public boolean handles(long address) {
        return DeviceMap.isInterruptControllerRegister(address);
    }

    public long load(long address) {
        if (address == DeviceMap.PIC_MODE) {
            return mode;
        }
        if (address == DeviceMap.PIC_ROUTED) {
            return routed;
        }
        if (address == DeviceMap.PIC_IPI) {
            return 0;
        }
        return target[(int) ((address - DeviceMap.PIC_TARGET) / 8)];
    }

    /** A register store; out-of-range values are ignored (the register keeps its value). */
    public void store(long address, long value, long now) {
        if (address == DeviceMap.PIC_MODE) {
            if (value == DeviceMap.PIC_MODE_FIXED || value == DeviceMap.PIC_MODE_ROUND_ROBIN) {
                mode = value;
            }
        } else if (address == DeviceMap.PIC_IPI) {
            if (value >= 0 && value < cpus) {
                queue.schedule(now, deliverIpi, null, value);
            }
        } else if (address != DeviceMap.PIC_ROUTED) {
            if (value >= 0 && value < cpus) {
                target[(int) ((address - DeviceMap.PIC_TARGET) / 8)] = value;
            }
        }
    }

    /** Device interrupt {@code number} at {@code now}: picks a processor and posts it. */
    public void raise(int number, long now) {
        routed++;
        int cpu;
        if (mode == DeviceMap.PIC_MODE_FIXED) {
            cpu = (int) target[number];
        } else {
            cpu = nextRoundRobin;
            for (int i = 0; i < cpus; i++) {
                int c = (nextRoundRobin + i) % cpus;
                if (processors.length == 0 || !processors[c].state().isFinal()) {
                    cpu = c;
                    break;
                }
            }
            nextRoundRobin = (cpu + 1) % cpus;
        }
        post(cpu, number, now);
    }

    private void post(int cpu, int number, long now) {
        if (processors.length == 0) {
            return;
        }
        Processor p = processors[cpu];
        if (p.state() == ProcessorState.SLEEPING) {
            p.advanceTo(now); // it slept until now: the wake-up happens at the interrupt's time
        }
        p.postInterrupt(number);
    }

    public long routed() {
        return routed;
    }
}
