package org.fdrsim.recorder;

import org.fdrsim.recorder.buffer.LogKind;

/** One buffer per hardware log (Table 3); the keys are {@link LogKind#key()}. */
public record LogBuffersConfig(
        LogBufferConfig memoryRace,
        LogBufferConfig input,
        LogBufferConfig interrupt,
        LogBufferConfig dmaRace,
        LogBufferConfig dmaData,
        LogBufferConfig cacheCheckpoint,
        LogBufferConfig memoryCheckpoint) {

    public static LogBuffersConfig fdr1() {
        return new LogBuffersConfig(
                new LogBufferConfig(32, 10),
                new LogBufferConfig(8, 10),
                new LogBufferConfig(64, 10),
                new LogBufferConfig(32, 10),
                new LogBufferConfig(32, 10),
                new LogBufferConfig(1024, 50),
                new LogBufferConfig(256, 70));
    }

    /** The buffer of log {@code kind}. */
    public LogBufferConfig get(LogKind kind) {
        return switch (kind) {
            case MEMORY_RACE -> memoryRace;
            case INPUT -> input;
            case INTERRUPT -> interrupt;
            case DMA_RACE -> dmaRace;
            case DMA_DATA -> dmaData;
            case CACHE_CHECKPOINT -> cacheCheckpoint;
            case MEMORY_CHECKPOINT -> memoryCheckpoint;
        };
    }
}
