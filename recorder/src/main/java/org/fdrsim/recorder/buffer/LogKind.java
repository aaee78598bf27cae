package org.fdrsim.recorder.buffer;

/**
 * The hardware logs of FDR1 and their Table 3 buffers: size, drain bandwidth into the LZ
 * compressor, entry size (0 = variable). The DMA race log has no row of its own in Table 3;
 * it uses the memory-race log's entry format and the DMA log's buffer.
 */
public enum LogKind {
    MEMORY_RACE("memoryRace", 32, 10, 9),
    INPUT("input", 8, 10, 8),
    INTERRUPT("interrupt", 64, 10, 6),
    DMA_RACE("dmaRace", 32, 10, 9),
    DMA_DATA("dmaData", 32, 10, 0),
    CACHE_CHECKPOINT("cacheCheckpoint", 1024, 50, 72),
    MEMORY_CHECKPOINT("memoryCheckpoint", 256, 70, 72);

    private final String key;
    private final int sizeKB;
    private final double drainMBps;
    private final int entryBytes;

    LogKind(String key, int sizeKB, double drainMBps, int entryBytes) {
        this.key = key;
        this.sizeKB = sizeKB;
        this.drainMBps = drainMBps;
        this.entryBytes = entryBytes;
    }

    /** The configuration key ({@code recorder.buffers.<key>}). */
    public String key() {
        return key;
    }

    /** Table 3's buffer for this log at a processor clock of {@code clockGHz}. */
    public BufferSpec fdr1(double clockGHz) {
        return BufferSpec.of(this, sizeKB, drainMBps, entryBytes, clockGHz);
    }
}
