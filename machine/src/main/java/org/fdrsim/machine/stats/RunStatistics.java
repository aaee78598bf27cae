package org.fdrsim.machine.stats;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.MachineConfig;

/** The statistics tree of a run: the run itself, then caches, directories, messages, links. */
public final class RunStatistics {
    private RunStatistics() {}

    /** The run's summary: instructions, cycles, simulated time, speed per processor. */
    public static Map<String, Object> summary(RunResult r, MachineConfig config) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("stop", r.describeStop());
        run.put("cpus", (long) r.instructionsPerCpu().length);
        run.put("instructions", r.instructions());
        Map<String, Object> per = new LinkedHashMap<>();
        for (int i = 0; i < r.instructionsPerCpu().length; i++) {
            per.put("cpu" + i, r.instructionsPerCpu()[i]);
        }
        run.put("instructionsPerCpu", per);
        run.put("cycles", r.cycles());
        run.put("simulatedSeconds", r.cycles() / (config.processor().clockGHz() * 1e9));
        run.put("ipcPerCpu", r.cycles() == 0 ? 0.0 : (double) r.instructions() / r.instructionsPerCpu().length / r.cycles());
        return run;
    }

    /**
     * Everything about a finished run: the summary, and on the timed machine the memory
     * system's and network's counters (the ideal memory has none).
     */
    public static Map<String, Object> of(Simulation run) {
        RunResult r = run.result();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("run", summary(r, run.config()));
        if (!run.config().memory().ideal()) {
            TimedMachine machine = run.timed();
            root.put("memory", machine.memorySystem().stats());
            root.put("network", machine.network().statistics().toMap(Math.max(1, r.cycles())));
        }
        return root;
    }
}
