package org.fdrsim.io.log;

import java.io.ByteArrayOutputStream;
import org.fdrsim.cpu.log.LogSink;

/**
 * A {@link LogSink} that keeps every byte in host memory and never stalls: for tests, for
 * runs without the recorder's buffers, and for reading a log back with the decoders.
 */
public final class ByteLogSink implements LogSink {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private long entries;

    @Override
    public long append(long now, byte[] entry, int offset, int length) {
        bytes.write(entry, offset, length);
        entries++;
        return now;
    }

    public byte[] bytes() {
        return bytes.toByteArray();
    }

    public long entries() {
        return entries;
    }

    public int size() {
        return bytes.size();
    }
}
