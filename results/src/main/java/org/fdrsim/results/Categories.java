package org.fdrsim.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.recorder.buffer.LogKind;

/**
 * Figure 5's six log categories, built from the recorder's logs by kind: DMA is the DMA race
 * log plus the DMA data log; any log kind the figure does not name gets its own category.
 */
public final class Categories {
    public static final String MEMORY_CHECKPOINT = "memory checkpoint";
    public static final String CACHE_CHECKPOINT = "cache checkpoint";
    public static final String MEMORY_RACE = "memory race";
    public static final String DMA = "DMA";
    public static final String INPUT = "input";
    public static final String INTERRUPT = "interrupt";

    private Categories() {}

    /** The category of log {@code key} ({@link LogKind#key()}). */
    public static String of(String key) {
        return switch (key) {
            case "memoryCheckpoint" -> MEMORY_CHECKPOINT;
            case "cacheCheckpoint" -> CACHE_CHECKPOINT;
            case "memoryRace" -> MEMORY_RACE;
            case "dmaRace", "dmaData" -> DMA;
            case "input" -> INPUT;
            case "interrupt" -> INTERRUPT;
            default -> key;
        };
    }

    /** The categories in the figure's order, then any others. */
    public static List<String> ordered() {
        List<String> out = new ArrayList<>(List.of(MEMORY_CHECKPOINT, CACHE_CHECKPOINT, MEMORY_RACE, DMA, INPUT, INTERRUPT));
        for (LogKind k : LogKind.values()) {
            if (!out.contains(of(k.key()))) {
                out.add(of(k.key()));
            }
        }
        return out;
    }

    /** Bytes per category of one run ({@code compressed} or raw). */
    public static Map<String, Long> bytes(Measurement m, boolean compressed) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String c : ordered()) {
            out.put(c, 0L);
        }
        m.logs().forEach((k, v) -> out.merge(of(k), compressed ? v.compressedBytes() : v.rawBytes(), Long::sum));
        return out;
    }
}
