package org.fdrsim.coherence;

import org.fdrsim.coherence.cache.CacheGeometry;

/**
 * Parameters of the memory system (caches, directories, memory controllers). Times are
 * processor cycles (4 GHz; the 1 GHz system clock is 4 cycles). The network is configured
 * separately ({@code TorusConfig}).
 *
 * @param l1                       L1 (tags only: a timing filter)
 * @param l2                       L2 (tags and data: the coherence point)
 * @param directoryCycles          directory lookup before any message leaves the home
 * @param memoryCycles             DRAM access for data served from memory
 * @param memoryPerturbationCycles a seeded random addition in [0, n] to every DRAM access
 *                                 (Alameldeen and Wood's perturbation; 0 = off)
 * @param memoryBytesPerNode       physical memory behind each home (512 MB in FDR1)
 * @param controlBytes             size of a control message
 * @param dataBytes                size of a data message (64 B block + 8 B header)
 * @param replyExtraBytes          added to every data reply and Inv-Ack (FDR's piggybacked fields)
 * @param seed                     run seed (perturbation streams derive from it)
 */
public record CoherenceConfig(
        CacheGeometry l1,
        CacheGeometry l2,
        int directoryCycles,
        int memoryCycles,
        int memoryPerturbationCycles,
        long memoryBytesPerNode,
        int controlBytes,
        int dataBytes,
        int replyExtraBytes,
        long seed) {

    /**
     * FDR1 (Table 3): L1 128 KB 4-way, L2 4 MB 4-way, 512 MB per processor. DRAM latency is
     * calibrated so that an uncontended 2-hop read miss (request to a remote home, data from
     * memory) measured end to end by a processor averages 180 ns = 720 cycles on a 2x2 torus
     * with the FDR1 {@code TorusConfig}: see docs/memory-system.md for the breakdown and the
     * test that measures it.
     */
    public static CoherenceConfig fdr1() {
        return new CoherenceConfig(
                new CacheGeometry(128 * 1024, 4, 0),
                new CacheGeometry(4 * 1024 * 1024, 4, 12),
                16, 440, 16, 512L * 1024 * 1024, 8, 72, 0, 1);
    }

    public CoherenceConfig {
        if (l1 == null || l2 == null) {
            throw new IllegalArgumentException("l1 and l2 geometries are required");
        }
        if (l1.sizeBytes() > l2.sizeBytes()) {
            throw new IllegalArgumentException("L1 (" + l1.sizeBytes() + " B) must not be larger than L2 ("
                    + l2.sizeBytes() + " B): L1 is included in L2");
        }
        if (directoryCycles < 0 || memoryCycles < 0 || memoryPerturbationCycles < 0) {
            throw new IllegalArgumentException("directory, memory and perturbation cycles must be >= 0");
        }
        if (memoryBytesPerNode <= 0 || memoryBytesPerNode % 4096 != 0) {
            throw new IllegalArgumentException("memoryBytesPerNode must be a positive multiple of 4096, got "
                    + memoryBytesPerNode);
        }
        if (controlBytes <= 0 || dataBytes <= 0 || replyExtraBytes < 0) {
            throw new IllegalArgumentException("message sizes must be positive (extra bytes >= 0)");
        }
    }

    public CoherenceConfig withCaches(CacheGeometry newL1, CacheGeometry newL2) {
        return new CoherenceConfig(newL1, newL2, directoryCycles, memoryCycles, memoryPerturbationCycles,
                memoryBytesPerNode, controlBytes, dataBytes, replyExtraBytes, seed);
    }

    public CoherenceConfig withMemoryCycles(int cycles, int perturbation) {
        return new CoherenceConfig(l1, l2, directoryCycles, cycles, perturbation, memoryBytesPerNode,
                controlBytes, dataBytes, replyExtraBytes, seed);
    }

    public CoherenceConfig withDirectoryCycles(int cycles) {
        return new CoherenceConfig(l1, l2, cycles, memoryCycles, memoryPerturbationCycles, memoryBytesPerNode,
                controlBytes, dataBytes, replyExtraBytes, seed);
    }

    public CoherenceConfig withReplyExtraBytes(int bytes) {
        return new CoherenceConfig(l1, l2, directoryCycles, memoryCycles, memoryPerturbationCycles,
                memoryBytesPerNode, controlBytes, dataBytes, bytes, seed);
    }

    public CoherenceConfig withMemoryBytesPerNode(long bytes) {
        return new CoherenceConfig(l1, l2, directoryCycles, memoryCycles, memoryPerturbationCycles, bytes,
                controlBytes, dataBytes, replyExtraBytes, seed);
    }

    public CoherenceConfig withSeed(long newSeed) {
        return new CoherenceConfig(l1, l2, directoryCycles, memoryCycles, memoryPerturbationCycles,
                memoryBytesPerNode, controlBytes, dataBytes, replyExtraBytes, newSeed);
    }
}
