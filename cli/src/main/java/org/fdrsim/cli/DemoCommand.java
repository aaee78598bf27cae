package org.fdrsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.text.OneLine;
import org.fdrsim.machine.RunOptions;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.replayer.DumpReplay;
import org.fdrsim.replayer.ReplayParallelism;
import org.fdrsim.replayer.Verdict;
import org.fdrsim.workloads.WorkloadRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code fdr demo}: the main job in one command. Records a 4-processor run of the paper's
 * random tester on the FDR1 defaults, writes the core dump, reads it back, replays it from the
 * oldest retained checkpoint, and prints the verdict with the log-size table.
 */
@Command(name = "demo", footerHeading = "%nExamples:%n", footer = {"  fdr demo -o /tmp/demo.fdr"},
        mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Record the random tester on FDR1 (4 cpus), write the dump, replay it and verify it."})
final class DemoCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(names = {"-o", "--output"}, paramLabel = "DUMP", description = "Where to write the dump (default ${DEFAULT-VALUE}).")
    Path output = Path.of("demo.fdr");

    @Option(names = {"-s", "--seed"}, paramLabel = "S", description = "Seed (default ${DEFAULT-VALUE}).")
    long seed = 1;

    @Override
    public Integer call() throws IOException {
        var out = main.out;
        OutputPaths.file("--output", output);
        ProgramImage program = Workloads.load(WorkloadRegistry.DEFAULT);
        MachineConfig config;
        try {
            config = ConfigLoader.fdr1().set("cpus", "4").set("seed", Long.toString(seed))
                    .set("recorder.enabled", "true").build();
        } catch (ConfigException e) {
            throw new UserError(e.getMessage(), e);
        }
        out.printf("1. record: the random tester on 4 processors, FDR1 defaults, seed %d%n", seed);
        long t0 = System.nanoTime();
        Simulation run = Simulation.run(program, config, Console.silent(), RunOptions.LOGS);
        RunResult result = run.result();
        CoreDump dump = run.dump();
        double recordSeconds = (System.nanoTime() - t0) / 1e9;
        out.printf("   %s; signature %s; %,d instructions, %,d cycles; %.2f s on this host%n", result.describeStop(),
                result.consoleOutput().strip(), result.instructions(), result.cycles(), recordSeconds);
        try {
            CoreDumpWriter.write(dump, output);
        } catch (IOException e) {
            throw new UserError("cannot write '" + output + "': " + OutputPaths.reason(e), e);
        }
        out.printf("2. dump: %s, %,d bytes%n", OneLine.of(output), Files.size(output));
        CoreDump read = DumpLoader.load(output);
        out.println("3. replay from the dump alone, oldest retained checkpoint:");
        Verdict v = DumpReplay.verify(read, 0);
        out.println("   " + v.describe().stripTrailing().replace("\n", "\n   "));
        ReplayParallelism par = ReplayParallelism.of(DumpReplay.input(read, 0));
        out.printf("   replay parallelism %.2f; replay %.1fx faster than the recording simulation%n", par.figure(),
                recordSeconds * 1e9 / Math.max(1, v.outcome().hostNanos()));
        out.println("4. the dump (fdr inspect):");
        InspectCommand inspect = new InspectCommand();
        inspect.main = main;
        inspect.file = output;
        inspect.call();
        out.println("try next: fdr replay " + OneLine.of(output) + "; fdr arcs examples/racy-counter.s --compare; "
                + "fdr record examples/racy-counter.s -o run.fdr; fdr --help (docs/cli.md)");
        return v.bitExact() ? ExitCodes.OK : ExitCodes.DIVERGED;
    }
}
