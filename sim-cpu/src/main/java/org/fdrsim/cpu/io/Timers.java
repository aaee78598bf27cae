package org.fdrsim.cpu.io;

import java.util.Arrays;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.isa.AddressMap;

/**
 * One interval timer per processor at {@code TIMER_BASE + 0x100 * cpu}. Storing an interval
 * (in that processor's cycles) arms it: interrupt {@link AddressMap#TIMER_INTERRUPT} becomes
 * due every interval cycles from the store; 0 turns it off. The machine asks for the next
 * deadline and delivers the interrupt.
 */
public final class Timers {
    private final long[] interval;
    private final long[] deadline;
    private boolean rearmed;

    public Timers(int cpus) {
        interval = new long[cpus];
        deadline = new long[cpus];
        Arrays.fill(deadline, Long.MAX_VALUE);
    }

    public boolean handles(long address) {
        long offset = address - AddressMap.TIMER_BASE;
        return offset >= 0
                && offset % AddressMap.TIMER_STRIDE == 0
                && offset / AddressMap.TIMER_STRIDE < interval.length;
    }

    private int cpuOf(long address) {
        return (int) ((address - AddressMap.TIMER_BASE) / AddressMap.TIMER_STRIDE);
    }

    public long load(long address) {
        return interval[cpuOf(address)];
    }

    /** A store at the storing processor's cycle {@code now}. */
    public void store(long address, long value, long now) {
        int cpu = cpuOf(address);
        interval[cpu] = Math.max(0, value);
        deadline[cpu] = value > 0 ? now + value : Long.MAX_VALUE;
        rearmed = true;
    }

    /**
     * True if a processor stored to a timer since the last call: a run loop that keeps the
     * processors' next times reads them again (a timer may be another processor's).
     */
    public boolean takeRearmed() {
        boolean r = rearmed;
        rearmed = false;
        return r;
    }

    /** When processor {@code cpu}'s timer next fires, or {@link Long#MAX_VALUE} if off. */
    public long nextDeadline(int cpu) {
        return deadline[cpu];
    }

    /** Marks the current deadline delivered and schedules the next one. */
    public void fired(int cpu) {
        deadline[cpu] = interval[cpu] > 0 ? deadline[cpu] + interval[cpu] : Long.MAX_VALUE;
    }

    /**
     * Posts the timer interrupt to {@code p} if its deadline has come by {@code p}'s clock.
     * Deadlines missed while the processor was busy collapse into one interrupt.
     */
    public void deliverDue(Processor p) {
        int cpu = p.id();
        if (deadline[cpu] <= p.cycle()) {
            p.postInterrupt(AddressMap.TIMER_INTERRUPT);
            while (deadline[cpu] <= p.cycle()) {
                fired(cpu);
            }
        }
    }
}
