package org.fdrsim.io.log;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.cpu.log.LogSink;

/**
 * The interrupt log: a {@link ProcessorListener} that appends (4 B IC, 2 B number) to the
 * interrupted processor's sink each time an interrupt is taken. Traps are not logged (replay
 * re-executes them). Other listener calls go on to {@code next}, so it can sit in front of the
 * recorder's own listener.
 */
public final class InterruptLog implements ProcessorListener {
    private final LogSink[] sinks;
    private final long[] stallUntil;
    private final long[] entries;
    private final byte[] entry = new byte[LogFormat.INTERRUPT_ENTRY_BYTES];
    private ProcessorListener next;

    public InterruptLog(int cpus) {
        this.sinks = new LogSink[cpus];
        Arrays.fill(sinks, LogSink.DISCARD);
        this.stallUntil = new long[cpus];
        this.entries = new long[cpus];
    }

    public void setSink(int cpu, LogSink sink) {
        sinks[cpu] = sink;
    }

    /**
     * The listener that also sees every call (null: none). Set it before giving this log to a
     * processor, which asks {@link #observesMemoryAccesses} only then.
     */
    public InterruptLog withNext(ProcessorListener next) {
        this.next = next;
        return this;
    }

    @Override
    public void memoryAccess(int cpu, long ic, int pc, long address, boolean write, long value) {
        if (next != null) {
            next.memoryAccess(cpu, ic, pc, address, write, value);
        }
    }

    /** Only if the next listener does: this one has nothing to do per access. */
    @Override
    public boolean observesMemoryAccesses() {
        return next != null && next.observesMemoryAccesses();
    }

    @Override
    public void interruptTaken(int cpu, long ic, int number, long cycle) {
        LogFormat.putInt(entry, 0, (int) ic);
        entry[4] = (byte) number;
        entry[5] = (byte) (number >>> 8);
        long until = sinks[cpu].append(cycle, entry, 0, entry.length);
        if (until > stallUntil[cpu]) {
            stallUntil[cpu] = until;
        }
        entries[cpu]++;
        if (next != null) {
            next.interruptTaken(cpu, ic, number, cycle);
        }
    }

    public long entries(int cpu) {
        return entries[cpu];
    }

    /**
     * When the last entry of {@code cpu} got into its buffer, or the next listener's wait if
     * later: the processor takes its handler's first instruction then.
     */
    @Override
    public long waitUntil(int cpu) {
        return next == null ? stallUntil[cpu] : Math.max(stallUntil[cpu], next.waitUntil(cpu));
    }

    /** The entries of an interrupt log, in the order taken. */
    public static List<InterruptEntry> decode(byte[] bytes) {
        LogFormat.checkWhole(bytes, LogFormat.INTERRUPT_ENTRY_BYTES, "interrupt log");
        List<InterruptEntry> list = new ArrayList<>();
        for (int off = 0; off < bytes.length; off += LogFormat.INTERRUPT_ENTRY_BYTES) {
            long ic = LogFormat.getInt(bytes, off) & 0xffff_ffffL;
            int number = (bytes[off + 4] & 0xff) | (bytes[off + 5] & 0xff) << 8;
            list.add(new InterruptEntry(ic, number));
        }
        return list;
    }
}
