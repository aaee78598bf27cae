package org.fdrsim.cli;

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
import org.fdrsim.recorder.session.RecordingSession;

/** Runs a program on the timed machine with or without the FDR recorder (the {@code --record} commands). */
final class RecordedRuns {
    private RecordedRuns() {}

    /** A finished run on the timed machine (with its recorder, if any). */
    record Run(Simulation simulation) {
        TimedMachine machine() {
            return simulation.timed();
        }

        RunResult result() {
            return simulation.result();
        }

        RecordingSession recorder() {
            return simulation.recorder();
        }

        CoreDump dump() {
            return simulation.dump();
        }
    }

    /** {@code config} with {@code recorder.enabled} set to {@code on}; refuses the ideal memory. */
    static MachineConfig withRecorder(MachineConfig config, boolean on) {
        if (config.memory().ideal()) {
            throw new UserError("recording needs the timed machine (caches and coherence); drop --memory ideal "
                    + "or set memory.model=timed");
        }
        try {
            return new ConfigLoader(config).set("recorder.enabled", String.valueOf(on)).build();
        } catch (ConfigException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /**
     * Runs {@code program}; with the recorder on, every online policy observes and, if
     * {@code trace}, every committed access is kept (for netzer and the checker).
     */
    static Run run(ProgramImage program, MachineConfig config, Console console, boolean trace) {
        return run(prepare(program, config, console, trace));
    }

    /** Runs a simulation {@link #prepare} made. */
    static Run run(Simulation simulation) {
        try {
            simulation.run();
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
        return new Run(simulation);
    }

    /** {@link #run}'s simulation before it runs (to watch or stop it while it does). */
    static Simulation prepare(ProgramImage program, MachineConfig config, Console console, boolean trace) {
        try {
            return Simulation.prepare(program, config, console, trace ? RunOptions.TRACED : RunOptions.ALL_POLICIES);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
    }
}
