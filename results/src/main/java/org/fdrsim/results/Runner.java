package org.fdrsim.results;

import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.coherence.cache.CacheStats;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogTotals;
import org.fdrsim.recorder.policy.PolicyName;
import org.fdrsim.recorder.race.ArcLog;
import org.fdrsim.recorder.session.RecordingSession;
import org.fdrsim.workloads.WorkloadRegistry;

/** Runs one {@link RunSpec} on the timed machine and measures it. Thread-safe: nothing is shared between runs. */
public final class Runner {
    private Runner() {}

    /** The configuration of {@code spec}: FDR1, the workload's settings, the overrides, seed and recorder. */
    public static MachineConfig config(RunSpec spec) throws ConfigException {
        ConfigLoader loader = ConfigLoader.fdr1();
        loader.set(WorkloadRegistry.settings(spec.workload(), spec.work()));
        loader.set(spec.settings());
        loader.set("seed", Long.toString(spec.seed()));
        loader.set("recorder.enabled", Boolean.toString(spec.fdr()));
        MachineConfig config = loader.build();
        if (config.memory().ideal()) {
            throw new ConfigException("experiments need the timed machine: memory.model must be timed");
        }
        return config;
    }

    /**
     * Runs {@code spec} and measures it. With a warm-up ({@code checkpoint.warmup}), what comes
     * before it is left out: cycles count from the warm-up's end (the same fixed time with and
     * without the recorder, so the difference is FDR's), and the recorder's logs, arcs and
     * instructions from the checkpoint taken there.
     */
    public static Measurement run(RunSpec spec) throws ConfigException {
        MachineConfig config = config(spec);
        ProgramImage program = WorkloadRegistry.scaled(spec.workload(), spec.work(), config.cpus());
        Simulation run = Simulation.prepare(program, config, new Console(new byte[0], OutputStream.nullOutputStream()),
                RunOptions.EXPERIMENT.withTrace(spec.trace()));
        TimedMachine m = run.timed();
        RecordingSession r = run.recorder();
        long warmup = config.checkpointSchedule().warmupCycles();
        Snapshot[] atWarmup = {Snapshot.ZERO};
        if (r != null && warmup > 0) {
            r.checkpoints().setObserver((number, cycle) -> {
                if (number == 1) {
                    atWarmup[0] = Snapshot.of(m, r);
                }
            });
        }
        RunResult result = run.run();
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
        Snapshot end = r == null ? Snapshot.ZERO : Snapshot.of(m, r);
        Snapshot from = atWarmup[0];
        long instructions = m.instructionsSoFar() - from.instructions();
        long cycles = result.cycles() > warmup ? result.cycles() - warmup : result.cycles();
        Map<String, LogSize> logs = new LinkedHashMap<>();
        Map<String, Long> arcs = new LinkedHashMap<>();
        if (r != null) {
            for (LogKind k : LogKind.values()) {
                logs.put(k.key(), end.logs().get(k.key()).minus(from.logs().get(k.key())));
            }
            end.arcs().forEach((policy, n) -> arcs.put(policy, n - from.arcs().getOrDefault(policy, 0L)));
        }
        long interrupts = logs.containsKey("interrupt") ? logs.get("interrupt").entries() : 0;
        long dma = logs.containsKey("dmaData") ? logs.get("dmaData").entries() : 0;
        return new Measurement(spec.workload(), spec.seed(), spec.fdr(), result.describeStop(),
                result.consoleOutput().trim(), config.cpus(), instructions, cycles,
                cycles / (config.processor().clockGHz() * 1e9), accesses, misses, sharing, deviceInterrupts,
                interrupts, dma, end.checkpoints() - from.checkpoints(), end.quiesce() - from.quiesce(),
                end.raceStalls() - from.raceStalls(), logs, arcs, warmup, result.cycles() / (config.processor().clockGHz() * 1e9));
    }

    /** The recorder's counters at one moment (the warm-up's end, the run's end). */
    private record Snapshot(long instructions, long checkpoints, long quiesce, long raceStalls, Map<String, LogSize> logs,
            Map<String, Long> arcs) {
        static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, zeroLogs(), Map.of());

        static Snapshot of(TimedMachine m, RecordingSession r) {
            Map<String, LogSize> logs = new LinkedHashMap<>();
            for (LogKind k : LogKind.values()) {
                logs.put(k.key(), LogSize.of(r.logs().totals(k), r.logs().alternatives(k)));
            }
            Map<String, Long> arcs = new LinkedHashMap<>();
            for (PolicyName p : List.of(PolicyName.ALL_ARCS, PolicyName.FDR)) {
                ArcLog a = r.arcs(p);
                if (a != null) {
                    arcs.put(p.text(), a.total());
                }
            }
            if (r.trace() != null) {
                arcs.put(PolicyName.NETZER.text(), r.trace().netzer().arcs().total());
            }
            return new Snapshot(m.instructionsSoFar(), r.checkpoints().taken(), r.checkpoints().quiesceCycles(),
                    r.stallCycles(), logs, arcs);
        }

        private static Map<String, LogSize> zeroLogs() {
            Map<String, LogSize> logs = new LinkedHashMap<>();
            for (LogKind k : LogKind.values()) {
                logs.put(k.key(), LogSize.NONE);
            }
            return logs;
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    private static long num(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }
}
