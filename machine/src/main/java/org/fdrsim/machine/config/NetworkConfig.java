package org.fdrsim.machine.config;

import org.fdrsim.coherence.CoherenceConfig;
import org.fdrsim.coherence.network.TorusConfig;

/**
 * The 2D-torus interconnect.
 *
 * @param dimX torus width (0 with dimY 0: the most square shape for the processor count)
 * @param dimY torus height
 * @param linkGBps bandwidth of each directed link, GB/s (FDR1: 6.4)
 * @param hopCycles router and wire latency per hop, processor cycles
 * @param interfaceCycles network interface latency at each end, processor cycles
 * @param controlBytes size of a control message
 * @param dataBytes size of a data message (64-byte block and header)
 */
public record NetworkConfig(
        int dimX, int dimY, double linkGBps, int hopCycles, int interfaceCycles, int controlBytes, int dataBytes) {

    /** FDR1: the torus's and the memory system's own defaults (links, latencies, message sizes). */
    public static NetworkConfig fdr1() {
        TorusConfig t = TorusConfig.fdr1();
        CoherenceConfig c = CoherenceConfig.fdr1();
        return new NetworkConfig(t.dimX(), t.dimY(), t.linkGigabytesPerSecond(), t.hopLatencyCycles(),
                t.interfaceLatencyCycles(), c.controlBytes(), c.dataBytes());
    }
}
