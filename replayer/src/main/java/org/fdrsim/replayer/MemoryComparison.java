package org.fdrsim.replayer;

import java.util.BitSet;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.recorder.dump.DumpMemory;

/**
 * Compares replayed memory with the recorded final image page by page as the image is read
 * (from the dump file), so the image is never held: the verifier's memory check.
 *
 * @param address the lowest word address that differs
 * @param want    the recorded word there
 * @param got     the replayed word there
 */
record MemoryComparison(long address, long want, long got) {
    /** The first (lowest) differing word, or null if every word is the same; sizes must be equal. */
    static MemoryComparison firstDifference(DumpMemory expected, SparseMemory replayed) {
        long[] first = {-1, 0, 0};
        // Pages the image lists; replayed pages outside it must be all zero.
        BitSet listed = new BitSet((int) Math.min(Integer.MAX_VALUE, expected.size() / SparseMemory.PAGE_BYTES));
        expected.forEachPage((base, words) -> {
            listed.set((int) (base / SparseMemory.PAGE_BYTES));
            if (first[0] >= 0) {
                return; // pages come in increasing order: the first difference found is the lowest
            }
            long d = replayed.firstDifference(base, words);
            if (d >= 0) {
                first[0] = d;
                first[1] = words[(int) (d - base) >>> 3];
                first[2] = replayed.loadWord(d);
            }
        });
        // Listed pages are compared already; asking first spares unpacking them (SparseMemory packs pages).
        replayed.forEachPage(base -> !listed.get((int) (base / SparseMemory.PAGE_BYTES))
                && (first[0] < 0 || first[0] >= base), (base, words) -> {
            for (int w = 0; w < words.length; w++) {
                if (words[w] != 0) {
                    if (first[0] < 0 || base + 8L * w < first[0]) {
                        first[0] = base + 8L * w;
                        first[1] = 0;
                        first[2] = words[w];
                    }
                    return;
                }
            }
        });
        return first[0] < 0 ? null : new MemoryComparison(first[0], first[1], first[2]);
    }
}
