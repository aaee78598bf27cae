package org.fdrsim.machine.recording;

import java.util.List;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.race.ArcPolicy;
import org.fdrsim.recorder.session.RecordingSession;

/** Test helper: one recorded run of a program with the trace and every online policy observing. */
record RecordedRun(Simulation simulation) {
    TimedMachine machine() {
        return simulation.timed();
    }

    RecordingSession recorder() {
        return simulation.recorder();
    }

    RunResult result() {
        return simulation.result();
    }

    /** The core dump of the run (the race logs as the hardware stored them). */
    CoreDump dump() {
        return simulation.dump();
    }

    /** Tiny caches: 1 KB L1 direct-mapped, 1 KB 2-way L2 (16 frames): replacements everywhere. */
    static final List<String> TINY = List.of("caches.l1.sizeKB=1", "caches.l1.ways=1", "caches.l2.sizeKB=1",
            "caches.l2.ways=2");

    static MachineConfig config(int cpus, long seed, boolean cic16, List<String> sets) {
        try {
            ConfigLoader l = ConfigLoader.fdr1().set(sets);
            l.set("cpus", String.valueOf(cpus));
            l.set("seed", String.valueOf(seed));
            l.set("memory.perCpuMB", "16");
            l.set("recorder.enabled", "true");
            l.set("recorder.cic16", String.valueOf(cic16));
            return l.build();
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    static RecordedRun run(String source, MachineConfig config, ArcPolicy... extraObservers) {
        ProgramImage program;
        try {
            program = Assembler.assemble("racy.s", source, IncludeResolver.fileSystem());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        Simulation s = Simulation.prepare(program, config, Console.silent(), RunOptions.TRACED);
        RecordingSession r = s.recorder();
        for (ArcPolicy p : extraObservers) {
            r.race().addObserver(p);
        }
        s.run();
        return new RecordedRun(s);
    }
}
