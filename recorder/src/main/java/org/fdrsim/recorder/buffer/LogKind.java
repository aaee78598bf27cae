package org.fdrsim.recorder.buffer;

/**
 * The hardware logs of FDR1 (Table 3; their buffers' sizes and bandwidths are configured in
 * {@code recorder.buffers}). The DMA race log has no row of its own in Table 3; it uses the
 * memory-race log's entry format and the DMA log's buffer.
 */
public enum LogKind {
    MEMORY_RACE("memoryRace"),
    INPUT("input"),
    INTERRUPT("interrupt"),
    DMA_RACE("dmaRace"),
    DMA_DATA("dmaData"),
    CACHE_CHECKPOINT("cacheCheckpoint"),
    MEMORY_CHECKPOINT("memoryCheckpoint");

    private final String key;

    LogKind(String key) {
        this.key = key;
    }

    /** The configuration key ({@code recorder.buffers.<key>}). */
    public String key() {
        return key;
    }
}
