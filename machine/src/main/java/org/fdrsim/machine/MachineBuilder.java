package org.fdrsim.machine;

import org.fdrsim.coherence.CoherenceConfig;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.coherence.cache.CacheGeometry;
import org.fdrsim.coherence.network.TorusConfig;
import org.fdrsim.coherence.network.TorusNetwork;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.functional.FunctionalConfig;
import org.fdrsim.cpu.functional.FunctionalMachine;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.io.DeviceBus;
import org.fdrsim.cpu.io.Timers;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.Machine;
import org.fdrsim.cpu.sim.EventQueue;
import org.fdrsim.io.device.DeviceSystem;
import org.fdrsim.io.device.DmaEngine;
import org.fdrsim.io.log.InputLog;
import org.fdrsim.io.log.InterruptLog;
import org.fdrsim.machine.config.CacheConfig;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.machine.config.NetworkConfig;
import org.fdrsim.recorder.buffer.LogBank;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.race.Piggyback;
import org.fdrsim.recorder.session.RecordingSession;

/**
 * Assembles a machine from its configuration: the functional machine for {@code memory.model:
 * ideal}, else the timed machine (caches, directories, torus, devices when enabled) with the FDR
 * recording session attached when {@code recorder.enabled}. The one place that decides which.
 */
public final class MachineBuilder {
    private MachineBuilder() {}

    /** The machine {@code config} describes, running {@code program}, with {@code console} as its console. */
    public static Machine build(ProgramImage program, MachineConfig config, Console console) {
        if (config.memory().ideal()) {
            return functional(program, config, console);
        }
        return timed(program, config, console);
    }

    /** The functional machine of {@code config} (whatever {@code memory.model} says): one flat memory, seeded interleaving. */
    public static FunctionalMachine functional(ProgramImage program, MachineConfig config, Console console) {
        return new FunctionalMachine(program, new FunctionalConfig(config.cpus(), config.seed(),
                config.memoryBytesPerCpu(), config.memory().idealMaxSlice(), config.limits().maxInstructions(),
                config.limits().maxCycles()), console);
    }

    /** The timed machine of {@code config} (whatever {@code memory.model} says). */
    public static TimedMachine timed(ProgramImage program, MachineConfig config, Console console) {
        int n = config.cpus();
        SparseMemory memory = SparseMemory.holding(program, config.memoryBytesPerCpu() * n);
        EventQueue queue = new EventQueue();
        TorusNetwork network = new TorusNetwork(queue, n, torus(config));
        MemorySystem memorySystem = new MemorySystem(coherence(config), queue, network, memory);
        DeviceSystem deviceSystem = config.devices().enabled()
                ? new DeviceSystem(config.devices(), config.seed(), n, queue, memorySystem, console)
                : null;
        DeviceBus devices = deviceSystem != null ? deviceSystem.bus() : new DeviceBus(console, new Timers(n));
        InputLog inputLog = new InputLog(deviceSystem != null ? deviceSystem : devices, n);
        InterruptLog interruptLog = new InterruptLog(n);
        Processor[] cpus = new Processor[n];
        for (int i = 0; i < n; i++) {
            Processor p = new Processor(i, program, memory.size(), memorySystem.cache(i), inputLog);
            p.setListener(interruptLog);
            p.setDeviceAccessCycles(config.processor().deviceAccessCycles());
            cpus[i] = p;
        }
        TimedMachine machine = new TimedMachine(config, queue, network, memorySystem, cpus, deviceSystem, devices,
                inputLog, interruptLog);
        if (deviceSystem != null) {
            deviceSystem.attach(cpus); // device events post interrupts, waking processors asleep in wfi
        }
        if (config.recorder().enabled()) {
            machine.record(recordingSession(machine, config));
        }
        return machine;
    }

    /** The memory system's parameters: caches, directories, memory, message sizes. */
    static CoherenceConfig coherence(MachineConfig config) {
        CacheConfig l1 = config.caches().l1();
        CacheConfig l2 = config.caches().l2();
        return new CoherenceConfig(
                new CacheGeometry(l1.sizeKB() * 1024, l1.ways(), l1.hitCycles()),
                new CacheGeometry(l2.sizeKB() * 1024, l2.ways(), l2.hitCycles()),
                config.memory().directoryCycles(),
                config.memory().dramCycles(),
                config.memory().perturbationCycles(),
                config.memoryBytesPerCpu(),
                config.network().controlBytes(),
                config.network().dataBytes(),
                config.recorder().enabled() ? Piggyback.WIRE_BYTES : 0, // FDR's fields on replies
                config.seed());
    }

    /** The interconnect's parameters. */
    static TorusConfig torus(MachineConfig config) {
        NetworkConfig n = config.network();
        return new TorusConfig(n.dimX(), n.dimY(), n.linkGBps(), config.processor().clockGHz(), n.hopCycles(),
                n.interfaceCycles());
    }

    /** The FDR recorder on {@code machine}, its I/O logs sent into the recorder's buffers, validation if asked. */
    private static RecordingSession recordingSession(TimedMachine machine, MachineConfig config) {
        RecordingSession session = RecordingSession.attach(machine,
                config.recorder().options(config.processor().clockGHz()), config.checkpointSchedule());
        wireIoLogs(machine, session);
        if (config.recorder().validate()) {
            session.validate(machine.inputLog(), config.recorder().validateEvery());
            machine.setListener(null); // every processor: the interrupt log, then the validation recorder
        }
        return session;
    }

    /** Sends the input, interrupt and DMA logs into the recorder's log buffers (Table 3). */
    private static void wireIoLogs(TimedMachine machine, RecordingSession session) {
        LogBank bank = session.logs();
        int cpus = machine.cpuCount();
        for (int i = 0; i < cpus; i++) {
            machine.inputLog().setSink(i, bank.buffer(LogKind.INPUT, i));
            machine.interruptLog().setSink(i, bank.buffer(LogKind.INTERRUPT, i));
        }
        if (machine.deviceSystem() != null) {
            for (DmaEngine e : machine.deviceSystem().dmaEngines()) {
                int agent = e.agent().id();
                e.dataLog().setSink(bank.buffer(LogKind.DMA_DATA, agent - cpus));
                session.wireDmaEngine(agent);
            }
        }
    }
}
