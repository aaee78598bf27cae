package org.fdrsim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.fdrsim.cpu.files.AtomicFile;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.Machine;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.machine.stats.RunStatistics;
import org.fdrsim.machine.stats.StatsTree;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr run FILE}: run a program and print its console output, then what it cost.
 * Standard output is deterministic for a configuration and seed; host timing goes to
 * standard error.
 */
@Command(name = "run", footerHeading = "%nExamples:%n", footer = {"  fdr run examples/racy-counter.s --cpus 4 --seed 2", "  fdr run examples/spin-lock.s --record", "  fdr run examples/hello.s --memory ideal --stats-json stats.json"},
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a program and print its console output and what it cost.",
                "Instructions and cycles go to stdout after the output, host speed to stderr."})
final class RunCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(paramLabel = "FILE", description = "Assembly source (.s).")
    Path file;

    @Mixin
    MachineOptions machine;

    @Option(names = "--input", paramLabel = "FILE",
            description = "Console input bytes (default: devices.consoleInput, else none); '-' reads standard input.")
    Path input;

    @Option(names = "--stats", description = "Print the statistics tree (caches, directories, messages, links) after the run.")
    boolean stats;

    @Option(names = "--stats-json", paramLabel = "FILE", description = "Write the statistics tree as JSON.")
    Path statsJson;

    @Option(names = {"-q", "--quiet"}, description = "Do not print the summary after the console output.")
    boolean quiet;

    @Option(names = "--console-output", paramLabel = "FILE",
            description = "Write the program's console output to FILE (written whole at the end) instead of the terminal.")
    Path consoleOutput;

    @Option(names = "--record", description = "Record with FDR (timed memory only): per-log sizes, policies, and the slowdown against the same run without the recorder.")
    boolean record;

    @Override
    public Integer call() throws IOException {
        MachineConfig config = machine.build();
        ProgramImage program = ProgramLoader.load(file);
        List<OutputPaths.Other> others = new ArrayList<>(machine.reads("the program", file,
                input != null ? input.toString() : config.devices().consoleInput()));
        OutputPaths.file("--console-output", consoleOutput, others);
        others.add(OutputPaths.written("--console-output", consoleOutput));
        OutputPaths.file("--stats-json", statsJson, others);
        if (record) {
            config = RecordedRuns.withRecorder(config, true); // refuses the ideal memory before anything runs
        }
        byte[] inputBytes = readInput(config.devices().consoleInput());
        Console console = new Console(inputBytes, consoleOutput == null ? main.out : null);
        RecordedRuns.Run recorded = null;
        Machine m;
        long start = System.nanoTime(); // host time only; never enters the simulation
        RunResult result;
        Map<String, Object> tree;
        double clock = config.processor().clockGHz();
        long limit = config.limits().maxInstructions();
        try {
            Simulation run = Simulation.prepare(program, config, console,
                    record ? RunOptions.COUNTED : RunOptions.LOGS);
            m = run.machine();
            try (CtrlC ctrlC = CtrlC.onFirst(m::requestStop);
                    SimulationProgress p = SimulationProgress.start("run", m::instructionsSoFar, m::cyclesSoFar,
                            clock, limit)) {
                result = run.run();
            }
            tree = RunStatistics.of(run);
            if (record) {
                recorded = new RecordedRuns.Run(run);
            }
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
        // Ctrl-C stops the machine like a limit: what was printed is kept, the summary says so.
        boolean interrupted = result.cause() == StopCause.INTERRUPTED;
        long nanos = System.nanoTime() - start;
        main.out.flush();
        if (consoleOutput != null) {
            AtomicFile.write(consoleOutput, result.consoleOutput().getBytes(StandardCharsets.UTF_8));
        }
        if (!quiet) {
            String output = consoleOutput == null ? result.consoleOutput() : "";
            if (!output.isEmpty() && !output.endsWith("\n")) {
                main.out.println();
            }
            main.out.println("---");
            main.out.println(result.describeStop());
            if (m.instructionsSoFar() != result.instructions()) {
                // processors' ICs restart at each checkpoint (--record, or recorder.enabled=true):
                // the run's count comes from the machine
                main.out.printf("instructions: %d in all; in the last checkpoint interval %d (%s)%n",
                        m.instructionsSoFar(), result.instructions(), perCpu(result.instructionsPerCpu()));
            } else {
                main.out.printf("instructions: %d (%s)%n", result.instructions(), perCpu(result.instructionsPerCpu()));
            }
            main.out.printf("cycles: %d (%s memory)%n", result.cycles(), config.memory().model());
        }
        if (recorded != null && !interrupted) { // the baseline would run to the end: skip it
            long baseStart = System.nanoTime();
            RecordedRuns.Run baseline = RecordedRuns.run(program, RecordedRuns.withRecorder(config, false),
                    new Console(inputBytes, java.io.OutputStream.nullOutputStream()), false);
            long baseNanos = System.nanoTime() - baseStart;
            RecordReport.print(main.out, config, recorded, baseline);
            main.err.printf("host: %.3f s recorded, %.3f s without the recorder%n", nanos / 1e9, baseNanos / 1e9);
        }
        if (stats) {
            main.out.print(StatsTree.toText(tree));
        }
        if (statsJson != null) {
            AtomicFile.write(statsJson, StatsTree.toJson(tree).getBytes(StandardCharsets.UTF_8));
        }
        long committed = m.instructionsSoFar();
        main.err.printf("host: %.3f s, %.1f MIPS%n", nanos / 1e9, committed / (nanos / 1e3));
        Hints.afterRun(main.err, result, config);
        return switch (result.cause()) {
            case ALL_HALTED, INSTRUCTION_LIMIT, CYCLE_LIMIT -> ExitCodes.OK;
            case INTERRUPTED -> ExitCodes.INTERRUPTED;
            default -> ExitCodes.PROGRAM_FAILED;
        };
    }

    private byte[] readInput(String configured) {
        return InputFiles.consoleInput(input != null ? input.toString() : configured, System.in);
    }

    private static String perCpu(long[] counts) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < counts.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append("cpu").append(i).append(' ').append(counts[i]);
        }
        return sb.toString();
    }
}
