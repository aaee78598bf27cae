package org.fdrsim.replayer;

import java.util.function.LongPredicate;
import org.fdrsim.cpu.core.IoPort;

/**
 * The replaying processors' devices: every device register load and {@code rdcycle} returns the
 * next value of that processor's input log; device stores go to the probe (the validation trace
 * checks them) and nowhere else. Reading past the end of the log is remembered, not thrown: the
 * replayer reports it as a divergence at the processor's IC.
 */
final class LoggedInputPort implements IoPort {
    private final LongPredicate mapped;
    private final ReplayProbe probe;
    private long[][] values;
    private final int[] next;
    private final boolean[] exhausted;
    private int interval;

    LoggedInputPort(int cpus, LongPredicate mapped, ReplayProbe probe) {
        this.mapped = mapped;
        this.probe = probe;
        this.next = new int[cpus];
        this.exhausted = new boolean[cpus];
    }

    /** The input logs of the next interval; consumption restarts at their first entries. */
    void startInterval(int interval, long[][] values) {
        this.interval = interval;
        this.values = values;
        java.util.Arrays.fill(next, 0);
    }

    @Override
    public boolean isMapped(long address) {
        return mapped.test(address);
    }

    @Override
    public long load(int cpu, long address, long cycle) {
        return nextValue(cpu);
    }

    @Override
    public void store(int cpu, long address, long value, long cycle) {
        probe.ioStore(interval, cpu, address, value);
    }

    @Override
    public void storeAt(int cpu, long ic, long address, long value, long cycle) {
        probe.ioStore(interval, cpu, ic, address, value);
    }

    @Override
    public long readCycleCounter(int cpu, long cycle) {
        return nextValue(cpu);
    }

    private long nextValue(int cpu) {
        long[] v = values[cpu];
        int n = next[cpu];
        if (n >= v.length) {
            exhausted[cpu] = true;
            next[cpu] = n + 1;
            return 0;
        }
        next[cpu] = n + 1;
        return v[n];
    }

    boolean exhausted(int cpu) {
        return exhausted[cpu];
    }

    int consumed(int cpu) {
        return next[cpu];
    }

    /** Where each processor is in its input log, for a snapshot. */
    record Cursors(int interval, long[][] values, int[] next, boolean[] exhausted) {}

    Cursors save() {
        return new Cursors(interval, values, next.clone(), exhausted.clone());
    }

    /** Puts back cursors from {@link #save} (of a port over the same replay). */
    void restore(Cursors c) {
        interval = c.interval();
        values = c.values();
        System.arraycopy(c.next(), 0, next, 0, next.length);
        System.arraycopy(c.exhausted(), 0, exhausted, 0, exhausted.length);
    }
}
