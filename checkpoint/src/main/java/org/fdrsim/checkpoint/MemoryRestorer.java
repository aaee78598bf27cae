package org.fdrsim.checkpoint;

import java.util.List;
import org.fdrsim.cpu.mem.SparseMemory;

/**
 * Restores a checkpoint's memory by unrolling checkpoint logs (FDR section 3: "a logical
 * checkpoint is recovered by taking the final system state and restoring the old values in
 * reverse log order").
 *
 * <p>Cache checkpoint logs hold coherent old values: unrolled from the coherent final image
 * they give the coherent memory at a checkpoint. Memory checkpoint logs hold raw old memory
 * contents: unrolled from the raw final memory they give the raw memory (stale where a cache
 * owned a block dirty). Either way, intervals are unrolled newest first, each interval's
 * entries last to first.
 */
public final class MemoryRestorer {
    private MemoryRestorer() {}

    /** Applies one interval's entries ({@link CheckpointEntry} layout), last entry first. */
    public static void unroll(SparseMemory image, byte[] entries) {
        if (entries.length % CheckpointEntry.BYTES != 0) {
            throw new IllegalArgumentException("a checkpoint log is a whole number of 72-byte entries, got "
                    + entries.length + " bytes");
        }
        for (int off = entries.length - CheckpointEntry.BYTES; off >= 0; off -= CheckpointEntry.BYTES) {
            long block = CheckpointEntry.address(entries, off);
            for (int w = 0; w < 8; w++) {
                image.storeWord(block + 8L * w, CheckpointEntry.word(entries, off, w));
            }
        }
    }

    /**
     * What is wrong with a checkpoint log read from outside (a core dump) before it is unrolled
     * into memory of {@code memoryBytes}: a partial entry, or a block that is not aligned or
     * lies outside memory. Null if nothing is.
     */
    public static String problem(byte[] entries, long memoryBytes) {
        if (entries.length % CheckpointEntry.BYTES != 0) {
            return "not a whole number of " + CheckpointEntry.BYTES + "-byte entries (" + entries.length + " bytes)";
        }
        for (int off = 0; off < entries.length; off += CheckpointEntry.BYTES) {
            long block = CheckpointEntry.address(entries, off);
            if (block < 0 || block % 64 != 0 || block > memoryBytes - 64) {
                return String.format("entry %d restores the block at 0x%x, expected a 64-byte block inside %d bytes"
                        + " of memory", off / CheckpointEntry.BYTES, block, memoryBytes);
            }
        }
        return null;
    }

    /**
     * A copy of {@code finalImage} with the intervals' logs unrolled; {@code newestFirst.get(i)}
     * is every log of one interval (all owners), the newest interval first.
     */
    public static SparseMemory restore(SparseMemory finalImage, List<List<byte[]>> newestFirst) {
        SparseMemory image = finalImage.copy();
        for (List<byte[]> interval : newestFirst) {
            for (byte[] log : interval) {
                unroll(image, log);
            }
        }
        return image;
    }
}
