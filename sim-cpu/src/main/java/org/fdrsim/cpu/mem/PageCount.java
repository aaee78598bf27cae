package org.fdrsim.cpu.mem;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The host memory held by a set of {@link MemoryImage}s: each distinct page once, however many
 * images share it (a page is the same when it is the same array, so this counts by identity).
 */
public final class PageCount {
    private final Map<long[], int[]> references = new IdentityHashMap<>();

    /** Counts the pages of {@code image} (kept from now on). */
    public void add(MemoryImage image) {
        for (int i = 0; i < image.pages(); i++) {
            references.computeIfAbsent(image.page(i), p -> new int[1])[0]++;
        }
    }

    /** Uncounts the pages of {@code image}, added before and no longer kept. */
    public void remove(MemoryImage image) {
        for (int i = 0; i < image.pages(); i++) {
            long[] page = image.page(i);
            int[] n = references.get(page);
            if (n != null && --n[0] == 0) {
                references.remove(page);
            }
        }
    }

    /** Distinct pages held. */
    public int pages() {
        return references.size();
    }

    /** Host bytes of the distinct pages held. */
    public long bytes() {
        return (long) references.size() * SparseMemory.PAGE_BYTES;
    }
}
