package org.fdrsim.coherence.cache;

/**
 * Size and timing of one cache level. Blocks are 64 bytes.
 *
 * @param sizeBytes capacity in bytes, a multiple of ways * 64 (any number of sets)
 * @param ways      associativity
 * @param hitCycles extra cycles an access that hits at this level costs
 */
public record CacheGeometry(int sizeBytes, int ways, int hitCycles) {
    public static final int BLOCK_BYTES = 64;

    public CacheGeometry {
        if (ways <= 0) {
            throw new IllegalArgumentException("cache ways must be positive, got " + ways);
        }
        if (sizeBytes <= 0 || sizeBytes % (ways * BLOCK_BYTES) != 0) {
            throw new IllegalArgumentException("cache size must be a positive multiple of ways * 64 = "
                    + ways * BLOCK_BYTES + " bytes, got " + sizeBytes);
        }
        if (hitCycles < 0) {
            throw new IllegalArgumentException("cache hit cycles must be >= 0, got " + hitCycles);
        }
    }

    public int sets() {
        return sizeBytes / (ways * BLOCK_BYTES);
    }

    public int frames() {
        return sizeBytes / BLOCK_BYTES;
    }
}
