package org.fdrsim.coherence.network;

/**
 * Configuration of the 2D-torus interconnect. Times are in processor cycles.
 *
 * <p>The FDR1 defaults ({@link #fdr1()}): dimensions chosen automatically, 6.4 GB/s links and a
 * 4 GHz processor clock (1.6 bytes per cycle: an 8-byte control message serializes in 5
 * cycles, a 72-byte data message in 45), 40 cycles per hop (router plus wire) and 20 cycles in
 * each network interface (injection and ejection). An uncontended message of {@code s} bytes over
 * {@code h >= 1} hops therefore takes {@code 20 + 40h + ser(s) + 20} cycles, leaving the
 * coherence layer room to calibrate a 2-hop miss to 180 ns (720 cycles).
 *
 * @param dimX                   ring size along X; 0 together with {@code dimY == 0} means automatic
 *                               (the most square factorization of the node count, X >= Y)
 * @param dimY                   ring size along Y; 0 means automatic (see {@code dimX})
 * @param linkGigabytesPerSecond bandwidth of each directed link
 * @param processorGigahertz     the clock that defines a cycle
 * @param hopLatencyCycles       router plus wire delay of one hop, paid by a message's head
 * @param interfaceLatencyCycles network-interface delay, paid once at injection and once at ejection
 */
public record TorusConfig(
        int dimX,
        int dimY,
        double linkGigabytesPerSecond,
        double processorGigahertz,
        int hopLatencyCycles,
        int interfaceLatencyCycles) {

    public static final double DEFAULT_LINK_GIGABYTES_PER_SECOND = 6.4;
    public static final double DEFAULT_PROCESSOR_GIGAHERTZ = 4.0;
    public static final int DEFAULT_HOP_LATENCY_CYCLES = 40;
    public static final int DEFAULT_INTERFACE_LATENCY_CYCLES = 20;

    /** Bandwidth and clock are kept as exact integers (kB/s, kHz) so serialization times round exactly. */
    private static final double KILO_PER_GIGA = 1_000_000.0;

    public TorusConfig {
        if (dimX < 0) {
            throw new IllegalArgumentException("dimX must be 0 (automatic) or positive, got " + dimX);
        }
        if (dimY < 0) {
            throw new IllegalArgumentException("dimY must be 0 (automatic) or positive, got " + dimY);
        }
        if ((dimX == 0) != (dimY == 0)) {
            throw new IllegalArgumentException(
                    "dimX and dimY must both be 0 (automatic) or both positive, got " + dimX + " x " + dimY);
        }
        if (!(linkGigabytesPerSecond > 0) || Double.isInfinite(linkGigabytesPerSecond)
                || Math.round(linkGigabytesPerSecond * KILO_PER_GIGA) < 1) {
            throw new IllegalArgumentException(
                    "linkGigabytesPerSecond must be a finite number >= 0.000001, got " + linkGigabytesPerSecond);
        }
        if (!(processorGigahertz > 0) || Double.isInfinite(processorGigahertz)
                || Math.round(processorGigahertz * KILO_PER_GIGA) < 1) {
            throw new IllegalArgumentException(
                    "processorGigahertz must be a finite number >= 0.000001, got " + processorGigahertz);
        }
        if (hopLatencyCycles < 0) {
            throw new IllegalArgumentException("hopLatencyCycles must be >= 0, got " + hopLatencyCycles);
        }
        if (interfaceLatencyCycles < 0) {
            throw new IllegalArgumentException(
                    "interfaceLatencyCycles must be >= 0, got " + interfaceLatencyCycles);
        }
    }

    /** The FDR1 parameters (see the class comment). */
    public static TorusConfig fdr1() {
        return new TorusConfig(0, 0, DEFAULT_LINK_GIGABYTES_PER_SECOND, DEFAULT_PROCESSOR_GIGAHERTZ,
                DEFAULT_HOP_LATENCY_CYCLES, DEFAULT_INTERFACE_LATENCY_CYCLES);
    }

    /** This configuration with explicit ring sizes (both 0 for automatic). */
    public TorusConfig withDimensions(int x, int y) {
        return new TorusConfig(x, y, linkGigabytesPerSecond, processorGigahertz, hopLatencyCycles,
                interfaceLatencyCycles);
    }

    /** This configuration with link bandwidth given in bytes per processor cycle. */
    public TorusConfig withLinkBytesPerCycle(double bytesPerCycle) {
        if (!(bytesPerCycle > 0) || Double.isInfinite(bytesPerCycle)) {
            throw new IllegalArgumentException("linkBytesPerCycle must be a positive finite number, got "
                    + bytesPerCycle);
        }
        return new TorusConfig(dimX, dimY, bytesPerCycle * processorGigahertz, processorGigahertz,
                hopLatencyCycles, interfaceLatencyCycles);
    }

    public TorusConfig withHopLatencyCycles(int cycles) {
        return new TorusConfig(dimX, dimY, linkGigabytesPerSecond, processorGigahertz, cycles,
                interfaceLatencyCycles);
    }

    public TorusConfig withInterfaceLatencyCycles(int cycles) {
        return new TorusConfig(dimX, dimY, linkGigabytesPerSecond, processorGigahertz, hopLatencyCycles,
                cycles);
    }

    /** True if the ring sizes are to be derived from the node count. */
    public boolean automaticDimensions() {
        return dimX == 0;
    }

    /** Link bandwidth in bytes per processor cycle (for reports; timing uses exact integers). */
    public double linkBytesPerCycle() {
        return (double) linkKilobytesPerSecond() / processorKilohertz();
    }

    /** Cycles a message of {@code sizeBytes} occupies one link: ceil(bytes / bytes-per-cycle). */
    public long serializationCycles(int sizeBytes) {
        long num = (long) sizeBytes * processorKilohertz();
        long den = linkKilobytesPerSecond();
        return (num + den - 1) / den;
    }

    long linkKilobytesPerSecond() {
        return Math.round(linkGigabytesPerSecond * KILO_PER_GIGA);
    }

    long processorKilohertz() {
        return Math.round(processorGigahertz * KILO_PER_GIGA);
    }
}
