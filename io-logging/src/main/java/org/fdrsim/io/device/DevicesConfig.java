package org.fdrsim.io.device;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.sim.LatencyLimit;

/**
 * The {@code devices} section of the machine configuration. With {@code enabled: false} the
 * machine has only the ISA's console and timers.
 *
 * @param enabled build the disk, the NIC, the interrupt controller and the DMA engines
 * @param consoleInput file whose bytes are the console input ("" = none, "-" = standard input)
 * @param dmaHostNode the node whose network interface the DMA engines (the I/O bridge) use
 */
public record DevicesConfig(boolean enabled, String consoleInput, int dmaHostNode, DiskConfig disk, NicConfig nic,
        InterruptsConfig interrupts) {
    /** The most packets the NIC's outside world may send: all are made, with their bytes, when the machine is built. */
    public static final int MAX_PACKETS = 1 << 20;

    /** Whether the run is given console input: a file, or "-" for standard input. */
    public boolean hasConsoleInput() {
        return consoleInput != null && !consoleInput.isEmpty();
    }

    /** Disk geometry and timing (cycles are processor cycles). */
    public record DiskConfig(int sectors, long seekCycles, long transferCyclesPerSector) {
        public static DiskConfig defaults() {
            return new DiskConfig(2048, 40_000, 2_000);
        }
    }

    /**
     * The outside world as the NIC sees it: {@code packets} packets arrive, the first
     * {@code meanArrivalCycles} on average after receive is enabled, with exponentially
     * distributed gaps; lengths uniform in [minPacketBytes, maxPacketBytes]; times and
     * contents from the run seed and the named stream.
     */
    public record NicConfig(int packets, long meanArrivalCycles, int minPacketBytes, int maxPacketBytes,
            String stream) {
        public static NicConfig defaults() {
            return new NicConfig(16, 20_000, 8, 64, "nic");
        }
    }

    /** Routing of device interrupts: "round-robin" or "fixed" (all to processor 0 until reprogrammed). */
    public record InterruptsConfig(String routing) {
        public static final String ROUND_ROBIN = "round-robin";
        public static final String FIXED = "fixed";

        public static InterruptsConfig defaults() {
            return new InterruptsConfig(ROUND_ROBIN);
        }
    }

    public static DevicesConfig defaults() {
        return new DevicesConfig(false, "", 0, DiskConfig.defaults(), NicConfig.defaults(),
                InterruptsConfig.defaults());
    }

    public DevicesConfig withEnabled(boolean on) {
        return new DevicesConfig(on, consoleInput, dmaHostNode, disk, nic, interrupts);
    }

    public DevicesConfig withNic(NicConfig n) {
        return new DevicesConfig(enabled, consoleInput, dmaHostNode, disk, n, interrupts);
    }

    public DevicesConfig withDisk(DiskConfig d) {
        return new DevicesConfig(enabled, consoleInput, dmaHostNode, d, nic, interrupts);
    }

    public DevicesConfig withRouting(String routing) {
        return new DevicesConfig(enabled, consoleInput, dmaHostNode, disk, nic, new InterruptsConfig(routing));
    }

    /** Problems with the values, each naming its path under {@code prefix} (e.g. "devices"). */
    public List<String> problems(String prefix, int cpus) {
        List<String> p = new ArrayList<>();
        if (disk == null || nic == null || interrupts == null) {
            p.add(prefix + ": disk, nic and interrupts must all be present");
            return p;
        }
        // with no valid processor count there is no node range to check against; cpus's own problem says so
        if (cpus >= 1 && (dmaHostNode < 0 || dmaHostNode >= cpus)) {
            p.add(prefix + ".dmaHostNode must be 0.." + (cpus - 1) + " (a node), got " + dmaHostNode);
        }
        if (enabled && cpus + DeviceSystem.DMA_ENGINES > 64) {
            p.add(prefix + ".enabled: cpus + " + DeviceSystem.DMA_ENGINES + " DMA engines must be at most 64, got "
                    + cpus + " cpus");
        }
        // the one character no file name may hold; the name is opened only after the machine is built
        if (consoleInput != null && consoleInput.indexOf('\0') >= 0) {
            p.add(prefix + ".consoleInput must name a file, '-' (standard input) or '' (none); a file name has no NUL"
                    + " character, got '" + consoleInput + "'");
        }
        if (disk.sectors() < 1 || disk.sectors() > (1 << 22)) {
            p.add(prefix + ".disk.sectors must be 1..4194304, got " + disk.sectors());
        }
        cycles(p, prefix + ".disk.seekCycles", disk.seekCycles(), 0);
        cycles(p, prefix + ".disk.transferCyclesPerSector", disk.transferCyclesPerSector(), 0);
        // every packet is made when the machine is built
        if (nic.packets() < 0 || nic.packets() > MAX_PACKETS) {
            p.add(prefix + ".nic.packets must be 0.." + MAX_PACKETS + ", got " + nic.packets());
        }
        cycles(p, prefix + ".nic.meanArrivalCycles", nic.meanArrivalCycles(), 1);
        if (nic.minPacketBytes() < 1 || nic.maxPacketBytes() > DeviceMap.NIC_MAX_PACKET
                || nic.minPacketBytes() > nic.maxPacketBytes()) {
            p.add(prefix + ".nic.minPacketBytes..maxPacketBytes must be within 1.." + DeviceMap.NIC_MAX_PACKET
                    + ", got " + nic.minPacketBytes() + ".." + nic.maxPacketBytes());
        }
        if (nic.stream() == null || nic.stream().isEmpty()) {
            p.add(prefix + ".nic.stream must name a random stream, e.g. 'nic'");
        }
        if (!InterruptsConfig.ROUND_ROBIN.equals(interrupts.routing())
                && !InterruptsConfig.FIXED.equals(interrupts.routing())) {
            p.add(prefix + ".interrupts.routing must be 'round-robin' or 'fixed', got '" + interrupts.routing() + "'");
        }
        return p;
    }

    private static void cycles(List<String> p, String path, long value, long min) {
        String problem = LatencyLimit.problem(path, value, min);
        if (problem != null) {
            p.add(problem);
        }
    }
}
