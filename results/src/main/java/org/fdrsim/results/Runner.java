package org.fdrsim.results;

import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.coherence.cache.CacheStats;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.machine.recording.MachineRecorder;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogTotals;
import org.fdrsim.recorder.policy.NetzerReduction;
import org.fdrsim.recorder.policy.PolicyName;
import org.fdrsim.recorder.race.ArcLog;

/** Runs one {@link RunSpec} on the timed machine and measures it. Thread-safe: nothing is shared between runs. */
public final class Runner {
    private Runner() {}

    /** The configuration of {@code spec}: FDR1, the workload's settings, the overrides, seed and recorder. */
    public static MachineConfig config(RunSpec spec) throws ConfigException {
        ConfigLoader loader = ConfigLoader.fdr1();
        loader.set(WorkloadCatalog.settings(spec.workload(), spec.work()));
        loader.set(spec.settings());
        loader.set("seed", Long.toString(spec.seed()));
        loader.set("recorder.enabled", Boolean.toString(spec.fdr()));
        if (spec.trace()) {
            loader.set("checkpoint.intervalCycles", "0");
        }
        MachineConfig config = loader.build();
        if (config.memory().ideal()) {
            throw new ConfigException("experiments need the timed machine: memory.model must be timed");
        }
        return config;
    }

    public static Measurement run(RunSpec spec) throws ConfigException {
        MachineConfig config = config(spec);
        ProgramImage program = WorkloadCatalog.program(spec.workload(), spec.work(), config.cpus());
        TimedMachine m = new TimedMachine(program, config, new Console(new byte[0], OutputStream.nullOutputStream()));
        MachineRecorder r = m.recorder();
        if (r != null) {
            r.observeAllPolicies();
            if (spec.trace()) {
                r.enableTrace();
            }
        }
        RunResult result = m.run();
        if (r != null) {
            r.flush();
        }
        long accesses = 0;
        long misses = 0;
        long sharing = 0;
        for (int i = 0; i < config.cpus(); i++) {
            CacheStats s = m.memorySystem().cache(i).stats();
            accesses += s.hits() + s.misses();
            misses += s.misses();
            Map<String, Object> incoming = asMap(s.toMap().get("incoming"));
            sharing += num(incoming.get("invalidations")) + num(incoming.get("fwdGetS")) + num(incoming.get("fwdGetM"));
        }
        long deviceInterrupts = m.deviceSystem() == null ? 0 : m.deviceSystem().interrupts().routed();
        long instructions = result.instructions();
        Map<String, LogSize> logs = new LinkedHashMap<>();
        Map<String, Long> arcs = new LinkedHashMap<>();
        long checkpoints = 0;
        long quiesce = 0;
        long raceStalls = 0;
        if (r != null) {
            instructions += r.checkpoints().instructionsBeforeLastInterval();
            checkpoints = r.checkpoints().taken();
            quiesce = r.checkpoints().quiesceCycles();
            raceStalls = r.stallCycles();
            for (LogKind k : LogKind.values()) {
                LogTotals t = r.logs().totals(k);
                logs.put(k.key(), new LogSize(t.entries(), t.rawBytes(), t.compressedBytes(), t.stallCycles()));
            }
            for (PolicyName p : List.of(PolicyName.ALL_ARCS, PolicyName.FDR)) {
                ArcLog a = r.arcs(p);
                if (a != null) {
                    arcs.put(p.text(), (long) a.size());
                }
            }
            if (spec.trace()) {
                int agents = config.cpus() + (m.deviceSystem() == null ? 0 : m.deviceSystem().dmaEngines().size());
                arcs.put(PolicyName.NETZER.text(), (long) NetzerReduction.reduce(r.trace(), agents).size());
            }
        }
        long interrupts = logs.containsKey("interrupt") ? logs.get("interrupt").entries() : 0;
        long dma = logs.containsKey("dmaData") ? logs.get("dmaData").entries() : 0;
        return new Measurement(spec.workload(), spec.seed(), spec.fdr(), result.describeStop(),
                result.consoleOutput().trim(), config.cpus(), instructions, result.cycles(),
                result.cycles() / (config.processor().clockGHz() * 1e9), accesses, misses, sharing, deviceInterrupts,
                interrupts, dma, checkpoints, quiesce, raceStalls, logs, arcs);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    private static long num(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }
}
