package org.fdrsim.cpu.mem;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The host memory held by a set of {@link MemoryImage}s: each distinct page once, however many
 * images share it (a page is the same when it is the same array, so this counts by identity).
 * A page held packed counts its packed bytes; all packed pages of zeros are one array of none.
 */
public final class PageCount {
    private final Map<Object, int[]> references = new IdentityHashMap<>();
    private long bytes;

    /** Counts the pages of {@code image} (kept from now on). */
    public void add(MemoryImage image) {
        for (int i = 0; i < image.pages(); i++) {
            int[] n = references.get(image.array(i));
            if (n == null) {
                references.put(image.array(i), new int[] {1});
                bytes += image.hostBytes(i);
            } else {
                n[0]++;
            }
        }
    }

    /** Uncounts the pages of {@code image}, added before and no longer kept. */
    public void remove(MemoryImage image) {
        for (int i = 0; i < image.pages(); i++) {
            Object page = image.array(i);
            int[] n = references.get(page);
            if (n != null && --n[0] == 0) {
                references.remove(page);
                bytes -= image.hostBytes(i);
            }
        }
    }

    /** Distinct page arrays held. */
    public int pages() {
        return references.size();
    }

    /** Host bytes of the distinct pages held (payload only: words, or packed bytes). */
    public long bytes() {
        return bytes;
    }
}
