package org.fdrsim.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.Machine;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.cpu.sim.SimTime;
import org.fdrsim.cpu.text.Blanks;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr record FILE -o run.fdr}: run a program with the FDR recorder on until a trigger
 * (software trigger or assert, fatal fault, all processors halted, a cycle or instruction
 * limit), then write the log-enhanced core dump and print a short summary.
 */
@Command(name = "record", footerHeading = "%nExamples:%n", footer = {"  fdr record examples/racy-counter.s --cpus 4 --seed 3 -o run.fdr", "  fdr record oltp.s --set devices.enabled=true --validate -o oltp.fdr"},
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Record a program with FDR and write the log-enhanced core dump at the trigger.",
                "Console output goes to stdout, then a summary; see 'fdr inspect' for the dump."})
final class RecordCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(paramLabel = "FILE", description = "Assembly source (.s).")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "DUMP", required = true, description = "Where to write the core dump (e.g. run.fdr).")
    Path output;

    @Mixin
    MachineOptions machine;

    @Option(names = "--checkpoint-interval", paramLabel = "TIME", description = "Time between checkpoints with a unit, e.g. '1/3 s', '2 ms', '50000 cycles' (checkpoint.interval; FDR1: 1/3 s).")
    String checkpointInterval;

    @Option(names = "--validate", description = "Also keep the validation trace (recorder.validate): a state hash per processor every N instructions and at each checkpoint, and every device store, so that 'fdr replay' pinpoints the first divergent interval.")
    boolean validate;

    @Option(names = "--validate-every", paramLabel = "N", description = "Instructions between state hashes (recorder.validateEvery; default 10000). Implies --validate.")
    Long validateEvery;

    @Override
    public Integer call() throws IOException {
        MachineConfig config = RecordedRuns.withRecorder(machine.build(), true);
        if (checkpointInterval != null) {
            try {
                // a bare number is the old form (processor cycles), kept working with a note that
                // names the flag as typed (not the old configuration key it used to go through)
                String interval = Blanks.strip(checkpointInterval);
                if (interval.matches("[0-9]+")) {
                    main.err.println("note: --checkpoint-interval " + interval + ": a bare number counts processor"
                            + " cycles; read as '" + interval + " cycles' " + ConfigLoader.FDR1_TIMES);
                    interval += " cycles";
                }
                config = new ConfigLoader(config).set("checkpoint.interval", interval).build();
            } catch (ConfigException e) {
                throw new UserError("--checkpoint-interval: " + e.getMessage(), e);
            }
        }
        if (validate || validateEvery != null) {
            try {
                ConfigLoader l = new ConfigLoader(config).set("recorder.validate", "true");
                if (validateEvery != null) {
                    l.set("recorder.validateEvery", String.valueOf(validateEvery));
                }
                config = l.build();
            } catch (ConfigException e) {
                throw new UserError("--validate-every: " + e.getMessage(), e);
            }
        }
        ProgramImage program = ProgramLoader.load(file);
        OutputPaths.file("--output", output, machine.reads("the program", file, config.devices().consoleInput()));
        byte[] input = InputFiles.consoleInput(config.devices().consoleInput(), System.in);
        Simulation run;
        try {
            run = Simulation.prepare(program, config, new Console(input, new LabelledOutput(main.out,
                    "program output:" + System.lineSeparator())));
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
        // Ctrl-C is a trigger like any other: stop, flush, write the dump of what ran. A
        // second Ctrl-C abandons the dump (exit 130; the temporary file is deleted).
        CoreDump dump;
        RunResult result;
        long bytes;
        Machine m = run.machine();
        try (CtrlC ctrlC = CtrlC.onFirst(() -> {
            m.requestStop();
            main.err.println("fdr record: interrupted: stopping and writing the dump of what ran "
                    + "(Ctrl-C again to abandon it)");
        })) {
            try (SimulationProgress progress = SimulationProgress.start("record", m::instructionsSoFar,
                    m::cyclesSoFar, config.processor().clockGHz(), config.limits().maxInstructions())) {
                result = run.run();
            }
            dump = run.dump();
            main.out.flush();
            try {
                bytes = CoreDumpWriter.write(dump, output);
            } catch (IOException e) {
                throw new UserError("cannot write '" + output + "': " + OutputPaths.reason(e), e);
            }
        }
        String console = result.consoleOutput();
        if (!console.isEmpty() && !console.endsWith("\n")) {
            main.out.println();
        }
        main.out.println("---");
        main.out.println(dump.trigger().description());
        main.out.printf("instructions: %d in all, %d in the last interval; cycles: %d%n",
                dump.summary().instructions(), result.instructions(), result.cycles());
        main.out.printf("checkpoints: %d taken, %d retained (%s), %d dropped%s%n", dump.summary().checkpointsTaken(),
                dump.checkpoints().size(), InspectCommand.cycles(dump), dump.summary().checkpointsDropped(),
                dump.summary().checkpointsDroppedEarly() > 0
                        ? " (" + dump.summary().checkpointsDroppedEarly() + " early: reserved memory full)" : "");
        main.out.printf("replay interval: %s from the oldest retained checkpoint%n",
                SimTime.describe(InspectCommand.replayInterval(dump), config.processor().clockGHz()));
        if (dump.validation() != null) {
            long[] n = dump.validation().counts();
            main.out.printf("validation trace: %d state hashes (every %d instructions and at each checkpoint), "
                    + "%d device stores%n", n[0], dump.validation().every(), n[1]);
        }
        main.out.printf("dump: %s, %d bytes%n", OneLine.of(output), bytes);
        Hints.afterRun(main.err, result, config);
        if (result.cause() == StopCause.INTERRUPTED) {
            main.err.println("fdr record: interrupted: " + OneLine.of(output) + " holds the recording up to Ctrl-C; "
                    + "'fdr replay " + OneLine.of(output) + "' replays it");
            return ExitCodes.INTERRUPTED;
        }
        return ExitCodes.OK;
    }
}
