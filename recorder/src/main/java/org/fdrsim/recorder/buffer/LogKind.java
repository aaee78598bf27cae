package org.fdrsim.recorder.buffer;

import org.fdrsim.checkpoint.CheckpointEntry;
import org.fdrsim.io.log.LogFormat;
import org.fdrsim.recorder.race.RaceEntry;

/**
 * The hardware logs of FDR1 (Table 3; their buffers' sizes and bandwidths are configured in
 * {@code recorder.buffers}). The DMA race log has no row of its own in Table 3; it uses the
 * memory-race log's entry format and the DMA log's buffer.
 */
public enum LogKind {
    MEMORY_RACE("memoryRace", RaceEntry.BYTES),
    INPUT("input", LogFormat.INPUT_ENTRY_BYTES),
    INTERRUPT("interrupt", LogFormat.INTERRUPT_ENTRY_BYTES),
    DMA_RACE("dmaRace", RaceEntry.BYTES),
    DMA_DATA("dmaData", LogFormat.DMA_DATA_ENTRY_BYTES),
    CACHE_CHECKPOINT("cacheCheckpoint", CheckpointEntry.BYTES),
    MEMORY_CHECKPOINT("memoryCheckpoint", CheckpointEntry.BYTES);

    private final String key;
    private final int entryBytes;

    LogKind(String key, int entryBytes) {
        this.key = key;
        this.entryBytes = entryBytes;
    }

    /** Bytes per entry, as this log's format writes them. */
    public int entryBytes() {
        return entryBytes;
    }

    /** The configuration key ({@code recorder.buffers.<key>}). */
    public String key() {
        return key;
    }
}
