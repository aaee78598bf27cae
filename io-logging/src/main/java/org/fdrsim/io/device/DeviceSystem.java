package org.fdrsim.io.device;

import java.util.List;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.cpu.core.IoPort;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.io.DeviceBus;
import org.fdrsim.cpu.io.Timers;
import org.fdrsim.cpu.sim.EventQueue;

/**
 * The full device system of a machine, as one {@link IoPort}: the ISA's console and timers,
 * the disk, the NIC and the interrupt controller, with three DMA engines (pseudo-processors
 * {@code P}, {@code P+1}, {@code P+2}: disk, NIC receive, NIC transmit) attached to the memory
 * system. Devices act in events on the machine's queue and post interrupts to processors.
 *
 * <pre>{@code
 * DeviceSystem devices = new DeviceSystem(config.devices(), seed, cpus, queue, memorySystem, console);
 * Processor p = new Processor(i, program, memSize, cache, devices);   // or through an InputLog
 * devices.attach(processors);                                          // interrupts can now be delivered
 * }</pre>
 */
public final class DeviceSystem implements IoPort {
    /** DMA engines: disk, NIC receive, NIC transmit. */
    public static final int DMA_ENGINES = 3;

    private final DeviceBus bus;
    private final InterruptController pic;
    private final DmaEngine[] engines;
    private final Disk disk;
    private final Nic nic;

    public DeviceSystem(DevicesConfig config, long seed, int cpus, EventQueue queue, MemorySystem memory,
            Console console) {
        this.bus = new DeviceBus(console, new Timers(cpus));
        this.pic = new InterruptController(cpus,
                DevicesConfig.InterruptsConfig.ROUND_ROBIN.equals(config.interrupts().routing()), queue);
        String[] names = {"disk", "nic-rx", "nic-tx"};
        this.engines = new DmaEngine[DMA_ENGINES];
        for (int i = 0; i < DMA_ENGINES; i++) {
            engines[i] = new DmaEngine(names[i], memory.addDmaEngine(config.dmaHostNode()), queue);
        }
        long memoryBytes = memory.memory().size();
        this.disk = new Disk(DiskImage.seeded(seed, config.disk().sectors()), config.disk(), engines[0], pic, queue,
                memoryBytes);
        this.nic = new Nic(NicTraffic.generate(seed, config.nic()), engines[1], engines[2], pic, queue, memoryBytes);
    }

    /** Lets devices interrupt {@code processors} (call once they exist). */
    public void attach(Processor[] processors) {
        pic.attach(processors);
    }

    @Override
    public boolean isMapped(long address) {
        return bus.isMapped(address) || disk.handles(address) || nic.handles(address) || pic.handles(address);
    }

    @Override
    public long load(int cpu, long address, long cycle) {
        if (disk.handles(address)) {
            return disk.load(address);
        }
        if (nic.handles(address)) {
            return nic.load(address);
        }
        if (pic.handles(address)) {
            return pic.load(address);
        }
        return bus.load(cpu, address, cycle);
    }

    @Override
    public void store(int cpu, long address, long value, long cycle) {
        if (disk.handles(address)) {
            disk.store(address, value, cycle);
        } else if (nic.handles(address)) {
            nic.store(address, value, cycle);
        } else if (pic.handles(address)) {
            pic.store(address, value, cycle);
        } else {
            bus.store(cpu, address, value, cycle);
        }
    }

    /** The ISA's console and timers. */
    public DeviceBus bus() {
        return bus;
    }

    public Console console() {
        return bus.console();
    }

    public Timers timers() {
        return bus.timers();
    }

    public Disk disk() {
        return disk;
    }

    public Nic nic() {
        return nic;
    }

    public InterruptController interrupts() {
        return pic;
    }

    /** The DMA engines in id order (disk, NIC receive, NIC transmit); each has a DMA data log. */
    public List<DmaEngine> dmaEngines() {
        return List.of(engines);
    }
}
