package org.fdrsim.machine.config;

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

    public static NetworkConfig fdr1() {
        return new NetworkConfig(0, 0, 6.4, 40, 20, 8, 72);
    }
}
