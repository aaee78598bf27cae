package org.fdrsim.cpu.mem;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.fdrsim.cpu.program.DataSegment;

/**
 * Programs' initial data as immutable {@link MemoryImage}s, loaded once per program and memory
 * size and shared copy-on-write by every memory that starts from one ({@link
 * SparseMemory#holding}): a run of a kernel workload no longer loads and zeroes its 320-360 KB
 * of data pages anew, and parallel runs of one program share the pages none of them writes.
 * Keyed weakly by the program's list of segments (records compared by address and by identity
 * of their bytes), so a program nobody holds is forgotten; any thread may ask.
 */
final class InitialImages {
    private static final Map<List<DataSegment>, MemoryImage> IMAGES = Collections.synchronizedMap(new WeakHashMap<>());

    private InitialImages() {}

    /** {@code data} in a memory of {@code size} bytes (the data fits), packed past {@code hotPages} pages. */
    static MemoryImage of(List<DataSegment> data, long size, int hotPages) {
        MemoryImage image = IMAGES.get(data);
        if (image == null || image.size() != size) {
            SparseMemory loaded = new SparseMemory(size, hotPages);
            for (DataSegment segment : data) {
                loaded.load(segment);
            }
            image = loaded.image();
            IMAGES.put(data, image);
        }
        return image;
    }
}
