package org.fdrsim.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.Machine;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.recorder.dump.DumpFormatException;
import org.fdrsim.recorder.dump.DumpSummary;

/**
 * Where a view's execution comes from: a program recorded now under the machine options, or a
 * dump re-executed from the program, configuration and console input it holds (runs are
 * deterministic, and the re-execution's dump must be byte-identical to the file, or the command
 * refuses). Either way the run has every online policy observing and the access trace on, so all
 * arcs are known. {@code keptInput} is the dump's console input, or null: a program, a run given
 * none, or a dump of an fdr that did not keep it (whose input file is read again).
 */
record RunSource(ProgramImage program, MachineConfig config, byte[] expectedDump, DumpSummary dumpEnd,
        byte[] keptInput) {
    static RunSource of(Path file, MachineOptions options) {
        if (file.getFileName() != null && file.getFileName().toString().endsWith(".s")) {
            return new RunSource(ProgramLoader.load(file), RecordedRuns.withRecorder(options.build(), true), null, null,
                    null);
        }
        if (options.cpus != null || options.seed != null || options.config != null || !options.set.isEmpty()) {
            throw new UserError("a dump fixes the machine and seed: drop --cpus, --seed, --config and --set (or view "
                    + "the program, PROGRAM.s, instead)");
        }
        byte[] bytes = InputFiles.bytes(file, "cannot read ", "a core dump, or an assembly program named *.s");
        CoreDump dump;
        try {
            dump = CoreDumpReader.read(file);
        } catch (DumpFormatException e) {
            throw new UserError(e.getMessage() + " (expected a core dump, or an assembly program named *.s)", e);
        }
        return new RunSource(dump.program(), config(dump), bytes, dump.summary(), dump.consoleInput());
    }

    /** Records the run; for a dump, checks the re-execution reproduced it. */
    RecordedRuns.Run run() {
        byte[] input = keptInput != null ? keptInput : InputFiles.consoleInput(config.devices().consoleInput(), System.in);
        Console console = new Console(input, java.io.OutputStream.nullOutputStream());
        Simulation simulation = RecordedRuns.prepare(program, config, console, true);
        Machine m = simulation.machine();
        // a dump says how long its run was, so its re-execution gets a bar that ends
        long total = expectedDump == null ? config.limits().maxInstructions() : dumpEnd.instructions();
        RecordedRuns.Run run;
        boolean pastEnd;
        try (DumpEndBound bound = expectedDump == null ? null : DumpEndBound.watch(m, dumpEnd);
                SimulationProgress p = SimulationProgress.start("view", m::instructionsSoFar, m::cyclesSoFar,
                        config.processor().clockGHz(), total)) {
            run = RecordedRuns.run(simulation);
            pastEnd = bound != null && bound.passed();
        }
        if (expectedDump == null) {
            return run;
        }
        if (pastEnd) {
            throw new UserError(String.format(Locale.ROOT, "re-executing the dump's program and configuration ran"
                    + " past the end of its run (%,d instructions, cycle %,d) without stopping: the dump is damaged"
                    + " or not fdrsim's; view the program instead", dumpEnd.instructions(), dumpEnd.cycles()));
        }
        // a dump of an fdr that did not keep the console input is compared in its own form
        CoreDump again = keptInput == null ? run.dump().withConsoleInput(null) : run.dump();
        if (!Arrays.equals(expectedDump, CoreDumpWriter.toBytes(again))) {
            // only a dump that did not keep its console input depends on a file that may have changed
            String hint = keptInput == null && config.devices().hasConsoleInput()
                    ? " (was the console input file changed?)" : " (a damaged dump, or one of another fdr?)";
            throw new UserError("re-executing the dump's program and configuration gave a different execution" + hint
                    + "; view the program instead");
        }
        return run;
    }

    private static MachineConfig config(CoreDump dump) {
        Path tmp = null;
        try {
            tmp = Files.createTempFile("fdr-view-config", ".yaml");
            Files.writeString(tmp, dump.configText());
            return ConfigLoader.fdr1().file(tmp).build();
        } catch (IOException | ConfigException e) {
            throw new UserError("the dump's configuration cannot be read back: " + e.getMessage(), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // a temporary file left in the temp directory is harmless
                }
            }
        }
    }
}
