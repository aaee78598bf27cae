package org.fdrsim.coherence.protocol;

import java.util.LinkedHashMap;
import java.util.Map;

/** Message counts and bytes by type, counted at send. */
public final class MessageStats {
    private final long[] count = new long[MessageType.values().length];
    private final long[] bytes = new long[MessageType.values().length];

    public void record(MessageType type, int sizeBytes) {
        count[type.ordinal()]++;
        bytes[type.ordinal()] += sizeBytes;
    }

    public long count(MessageType type) {
        return count[type.ordinal()];
    }

    public long bytes(MessageType type) {
        return bytes[type.ordinal()];
    }

    public long totalCount() {
        long n = 0;
        for (long c : count) {
            n += c;
        }
        return n;
    }

    public long totalBytes() {
        long n = 0;
        for (long b : bytes) {
            n += b;
        }
        return n;
    }

    /** {@code {TYPE: {count, bytes}, ..., total: {count, bytes}}} in enum order. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (MessageType t : MessageType.values()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("count", count[t.ordinal()]);
            e.put("bytes", bytes[t.ordinal()]);
            m.put(t.name(), e);
        }
        Map<String, Object> total = new LinkedHashMap<>();
        total.put("count", totalCount());
        total.put("bytes", totalBytes());
        m.put("total", total);
        return m;
    }
}
