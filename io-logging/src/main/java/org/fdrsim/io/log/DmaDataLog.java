package org.fdrsim.io.log;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.log.LogSink;

/**
 * The DMA data log of one DMA engine: each block the engine writes into memory comes from
 * outside the system, so it is logged (8 B address + 64 B data) in the engine's IC order.
 * DMA reads are not logged: replay regenerates them.
 */
public final class DmaDataLog {
    private final byte[] entry = new byte[LogFormat.DMA_DATA_ENTRY_BYTES];
    private LogSink sink = LogSink.DISCARD;
    private long entries;

    public void setSink(LogSink sink) {
        this.sink = sink;
    }

    /** Logs a block write at {@code now}; returns when the engine may go on (a full buffer stalls it). */
    public long blockWritten(long now, long address, long[] data) {
        LogFormat.putLong(entry, 0, address);
        for (int w = 0; w < 8; w++) {
            LogFormat.putLong(entry, 8 + 8 * w, data[w]);
        }
        entries++;
        return sink.append(now, entry, 0, entry.length);
    }

    public long entries() {
        return entries;
    }

    /** The entries of a DMA data log, in the engine's order. */
    public static List<DmaDataEntry> decode(byte[] bytes) {
        LogFormat.checkWhole(bytes, LogFormat.DMA_DATA_ENTRY_BYTES, "DMA data log");
        List<DmaDataEntry> list = new ArrayList<>();
        long[] data = new long[8];
        for (int off = 0; off < bytes.length; off += LogFormat.DMA_DATA_ENTRY_BYTES) {
            for (int w = 0; w < 8; w++) {
                data[w] = LogFormat.getLong(bytes, off + 8 + 8 * w);
            }
            list.add(new DmaDataEntry(LogFormat.getLong(bytes, off), data));
        }
        return list;
    }
}
