package org.fdrsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fdrsim.cpu.functional.FunctionalConfig;
import org.fdrsim.cpu.functional.FunctionalMachine;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.cpu.program.ProgramImage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr run FILE}: run a program and print its console output, then what it cost.
 * Standard output is deterministic for a seed; host timing goes to standard error.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a program on P processors and print its console output,",
                "then instructions and cycles (stdout) and host speed (stderr)."})
final class RunCommand implements Callable<Integer> {
    /** Memory models {@code --memory} accepts. */
    enum MemoryModel { ideal }

    @ParentCommand
    Main main;

    @Parameters(paramLabel = "FILE", description = "Assembly source (.s).")
    Path file;

    @Option(names = {"-p", "--cpus"}, defaultValue = "1", description = "Processors (1..256). Default: ${DEFAULT-VALUE}.")
    int cpus;

    @Option(names = "--memory", defaultValue = "ideal",
            description = "Memory model: ${COMPLETION-CANDIDATES}. 'ideal' is one flat memory, no caches. Default: ${DEFAULT-VALUE}.")
    MemoryModel memory;

    @Option(names = {"-s", "--seed"}, defaultValue = "1", description = "Seed of the scheduler (and, later, latency perturbation). Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--max-instructions", defaultValue = "0", description = "Stop after this many instructions in all (0 = no limit).")
    long maxInstructions;

    @Option(names = "--max-cycles", defaultValue = "0", description = "Stop when every processor reached this cycle (0 = no limit).")
    long maxCycles;

    @Option(names = "--slice", defaultValue = "" + FunctionalConfig.DEFAULT_MAX_SLICE,
            description = "Ideal memory: the scheduler runs a processor for 1..N cycles at a time. Default: ${DEFAULT-VALUE}.")
    int slice;

    @Option(names = "--input", paramLabel = "FILE", description = "Bytes for console input (default: none).")
    Path input;

    @Option(names = {"-q", "--quiet"}, description = "Do not print the summary after the console output.")
    boolean quiet;

    @Override
    public Integer call() {
        if (cpus < 1 || cpus > 256) {
            throw new UserError("--cpus must be between 1 and 256, got " + cpus);
        }
        if (slice < 1) {
            throw new UserError("--slice must be at least 1, got " + slice);
        }
        if (maxInstructions < 0 || maxCycles < 0) {
            throw new UserError("--max-instructions and --max-cycles must not be negative");
        }
        ProgramImage program = ProgramLoader.load(file);
        Console console = new Console(readInput(), main.out);
        FunctionalConfig config = new FunctionalConfig(cpus, seed, AddressMap.DEFAULT_MEMORY_PER_CPU, slice,
                maxInstructions, maxCycles);
        FunctionalMachine machine;
        try {
            machine = new FunctionalMachine(program, config, console);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage(), e);
        }
        long start = System.nanoTime(); // host time only; never enters the simulation
        RunResult result = machine.run();
        long nanos = System.nanoTime() - start;
        main.out.flush();
        if (!quiet) {
            String output = result.consoleOutput();
            if (!output.isEmpty() && !output.endsWith("\n")) {
                main.out.println();
            }
            main.out.println("---");
            main.out.println(result.describeStop());
            main.out.printf("instructions: %d (%s)%n", result.instructions(), perCpu(result.instructionsPerCpu()));
            main.out.printf("cycles: %d%n", result.cycles());
        }
        main.err.printf("host: %.3f s, %.1f MIPS%n", nanos / 1e9, result.instructions() / (nanos / 1e3));
        return switch (result.cause()) {
            case ALL_HALTED, INSTRUCTION_LIMIT, CYCLE_LIMIT -> ExitCodes.OK;
            default -> ExitCodes.PROGRAM_FAILED;
        };
    }

    private byte[] readInput() {
        if (input == null) {
            return new byte[0];
        }
        try {
            return Files.readAllBytes(input);
        } catch (IOException e) {
            throw new UserError("cannot read console input '" + input + "': " + e.getMessage(), e);
        }
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
