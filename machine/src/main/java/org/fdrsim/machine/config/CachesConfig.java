package org.fdrsim.machine.config;

import org.fdrsim.coherence.CoherenceConfig;
import org.fdrsim.coherence.cache.CacheGeometry;

/** Per-processor caches: L1 (tags, a timing filter) and L2 (with data, the coherence point). */
public record CachesConfig(CacheConfig l1, CacheConfig l2) {
    /** FDR1, Table 3 (L1 128 KB 4-way, L2 4 MB 4-way): the memory system's own defaults, in this file's units. */
    public static CachesConfig fdr1() {
        CoherenceConfig c = CoherenceConfig.fdr1();
        return new CachesConfig(inKB(c.l1()), inKB(c.l2()));
    }

    private static CacheConfig inKB(CacheGeometry g) {
        return new CacheConfig(g.sizeBytes() / 1024, g.ways(), g.hitCycles());
    }
}
