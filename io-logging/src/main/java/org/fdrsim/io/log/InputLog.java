package org.fdrsim.io.log;

import java.util.Arrays;
import org.fdrsim.cpu.core.IoPort;
import org.fdrsim.cpu.log.LogSink;

/**
 * The input log as an {@link IoPort} decorator: every value a device register load or
 * {@code rdcycle} returns is appended (8 B) to the loading processor's sink, in program
 * order; stores pass through unlogged (replay regenerates them). A full sink's stall is
 * remembered per processor ({@link #waitUntil}): the timed loop makes the processor wait for
 * it before its next instruction.
 */
public final class InputLog implements IoPort {
    private final IoPort devices;
    private final LogSink[] sinks;
    private final long[] stallUntil;
    private final long[] entries;
    private final byte[] entry = new byte[LogFormat.INPUT_ENTRY_BYTES];

    /** Logs what {@code devices} returns to processors 0..cpus-1; every sink starts as DISCARD. */
    public InputLog(IoPort devices, int cpus) {
        this.devices = devices;
        this.sinks = new LogSink[cpus];
        Arrays.fill(sinks, LogSink.DISCARD);
        this.stallUntil = new long[cpus];
        this.entries = new long[cpus];
    }

    public void setSink(int cpu, LogSink sink) {
        sinks[cpu] = sink;
    }

    @Override
    public boolean isMapped(long address) {
        return devices.isMapped(address);
    }

    @Override
    public long load(int cpu, long address, long cycle) {
        return log(cpu, devices.load(cpu, address, cycle), cycle);
    }

    @Override
    public void store(int cpu, long address, long value, long cycle) {
        devices.store(cpu, address, value, cycle);
    }

    @Override
    public long readCycleCounter(int cpu, long cycle) {
        return log(cpu, devices.readCycleCounter(cpu, cycle), cycle);
    }

    private long log(int cpu, long value, long cycle) {
        LogFormat.putLong(entry, 0, value);
        long until = sinks[cpu].append(cycle, entry, 0, entry.length);
        if (until > stallUntil[cpu]) {
            stallUntil[cpu] = until;
        }
        entries[cpu]++;
        return value;
    }

    /** The latest time processor {@code cpu}'s input-log sink asked it to wait until. */
    @Override
    public long waitUntil(int cpu) {
        return stallUntil[cpu];
    }

    /** Entries logged for {@code cpu}. */
    public long entries(int cpu) {
        return entries[cpu];
    }

    /** The values of an input log, in program order. */
    public static long[] decode(byte[] bytes) {
        LogFormat.checkWhole(bytes, LogFormat.INPUT_ENTRY_BYTES, "input log");
        long[] values = new long[bytes.length / LogFormat.INPUT_ENTRY_BYTES];
        for (int i = 0; i < values.length; i++) {
            values[i] = LogFormat.getLong(bytes, i * LogFormat.INPUT_ENTRY_BYTES);
        }
        return values;
    }
}
