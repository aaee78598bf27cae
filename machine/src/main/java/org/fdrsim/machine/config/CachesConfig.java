package org.fdrsim.machine.config;

/** Per-processor caches: L1 (tags, a timing filter) and L2 (with data, the coherence point). */
public record CachesConfig(CacheConfig l1, CacheConfig l2) {
    /** FDR1, Table 3: L1 128 KB 4-way, L2 4 MB 4-way. */
    public static CachesConfig fdr1() {
        return new CachesConfig(new CacheConfig(128, 4, 0), new CacheConfig(4096, 4, 12));
    }
}
