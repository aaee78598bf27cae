package org.fdrsim.coherence.cache;

import java.util.LinkedHashMap;
import java.util.Map;

/** Counters of one cache controller. */
public final class CacheStats {
    long loadL1Hits;
    long loadL2Hits;
    long storeL1Hits;
    long storeL2Hits;
    long missGetS;
    long missGetM;
    long upgradeFromS;
    long upgradeFromO;
    long waitedForWriteback;
    long silentEvictions;
    long writebacks;
    long invalidations;
    long staleInvalidations;
    long forwardedGetS;
    long forwardedGetM;
    long missCycles;
    long missesCompleted;

    public long hits() {
        return loadL1Hits + loadL2Hits + storeL1Hits + storeL2Hits;
    }

    public long misses() {
        return missGetS + missGetM + upgradeFromS + upgradeFromO;
    }

    public long missesCompleted() {
        return missesCompleted;
    }

    /** Sum of miss latencies (MISS returned to completion callback). */
    public long missCycles() {
        return missCycles;
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> hits = new LinkedHashMap<>();
        hits.put("loadL1", loadL1Hits);
        hits.put("loadL2", loadL2Hits);
        hits.put("storeL1", storeL1Hits);
        hits.put("storeL2", storeL2Hits);
        m.put("hits", hits);
        Map<String, Object> misses = new LinkedHashMap<>();
        misses.put("getS", missGetS);
        misses.put("getM", missGetM);
        misses.put("upgradeFromS", upgradeFromS);
        misses.put("upgradeFromO", upgradeFromO);
        misses.put("waitedForWriteback", waitedForWriteback);
        misses.put("completed", missesCompleted);
        misses.put("meanLatencyCycles", missesCompleted == 0 ? 0.0 : (double) missCycles / missesCompleted);
        m.put("misses", misses);
        Map<String, Object> evictions = new LinkedHashMap<>();
        evictions.put("silent", silentEvictions);
        evictions.put("writebacks", writebacks);
        m.put("evictions", evictions);
        Map<String, Object> incoming = new LinkedHashMap<>();
        incoming.put("invalidations", invalidations);
        incoming.put("staleInvalidations", staleInvalidations);
        incoming.put("fwdGetS", forwardedGetS);
        incoming.put("fwdGetM", forwardedGetM);
        m.put("incoming", incoming);
        return m;
    }
}
