package org.fdrsim.machine;

import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.Machine;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.session.CoreDumps;
import org.fdrsim.recorder.session.RecordingSession;

/**
 * "Run this program with these options": builds the machine its configuration describes
 * ({@link MachineBuilder}), sets up its recording session for the {@link RunOptions}, runs
 * it and flushes the logs; then gives the result and, for a recorded run, the core dump.
 * Every command, experiment, test and benchmark that runs a program goes through here.
 */
public final class Simulation {
    private final MachineConfig config;
    private final Machine machine;
    private final Console console;
    private RunResult result;

    private Simulation(MachineConfig config, Machine machine, Console console) {
        this.config = config;
        this.machine = machine;
        this.console = console;
    }

    /** The machine of {@code config}, ready to run {@code program}, its recorder (if on) set up per {@code options}. */
    public static Simulation prepare(ProgramImage program, MachineConfig config, Console console, RunOptions options) {
        Simulation s = new Simulation(config, MachineBuilder.build(program, config, console), console);
        if (s.recorder() != null) {
            options.applyTo(s.recorder());
        }
        return s;
    }

    /** {@link #prepare(ProgramImage, MachineConfig, Console, RunOptions)} keeping the hardware logs only. */
    public static Simulation prepare(ProgramImage program, MachineConfig config, Console console) {
        return prepare(program, config, console, RunOptions.LOGS);
    }

    /** Prepares and runs {@code program}: the finished simulation. */
    public static Simulation run(ProgramImage program, MachineConfig config, Console console, RunOptions options) {
        Simulation s = prepare(program, config, console, options);
        s.run();
        return s;
    }

    /** Runs the machine to its stop; a recorder's logs are flushed (the trigger flushes every log buffer). */
    public RunResult run() {
        result = machine.run();
        if (recorder() != null) {
            recorder().flush();
        }
        return result;
    }

    /** The machine (to stop it from another thread, or to watch its progress). */
    public Machine machine() {
        return machine;
    }

    /** The timed machine; fails for the ideal memory model. */
    public TimedMachine timed() {
        if (machine instanceof TimedMachine t) {
            return t;
        }
        throw new IllegalStateException("memory.model is ideal: there is no timed machine");
    }

    /** The recording session, or null when the recorder is off (or the memory ideal). */
    public RecordingSession recorder() {
        return machine instanceof TimedMachine t ? t.recorder() : null;
    }

    public MachineConfig config() {
        return config;
    }

    /** The result of {@link #run}. */
    public RunResult result() {
        if (result == null) {
            throw new IllegalStateException("not run yet");
        }
        return result;
    }

    /**
     * The log-enhanced core dump of the finished recorded run. A run given console input
     * (devices.consoleInput) keeps it in the dump, so that the run can be re-executed from the
     * dump alone, wherever and whenever that happens ({@code fdr view DUMP}).
     */
    public CoreDump dump() {
        if (recorder() == null) {
            throw new IllegalStateException("no recorder: a core dump needs recorder.enabled");
        }
        byte[] input = config.devices().hasConsoleInput() ? console.input() : null;
        return CoreDumps.of(recorder(), result(), config.seed(), ConfigLoader.toDumpYaml(config), input);
    }
}
