package org.fdrsim.debugadapter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.replayer.debug.DebugSession;

/**
 * Test fixture: examples/racy-counter.s on 4 processors, recorded as {@code fdr record
 * examples/racy-counter.s} would from the repository's root (the program names its source
 * "examples/racy-counter.s"), written to a dump file and read back, as {@code fdr debug} reads it.
 */
record RacyCounter(CoreDump dumpRead, Path dump, Path sourceRoot, Path source, int storeLine) {
    static final String NAME = "examples/racy-counter.s";
    /** The racy store whose lost updates the example shows. */
    static final String STORE = "st   r6, 0(r2)";

    static RacyCounter record(Path dir) throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        Path source = root.resolve(NAME);
        String text = Files.readString(source, StandardCharsets.UTF_8);
        ProgramImage program = Assembler.assemble(NAME, text, IncludeResolver.fileSystem());
        ConfigLoader l = ConfigLoader.fdr1();
        l.set("cpus", "4");
        l.set("seed", "3");
        l.set("memory.perCpuMB", "16");
        l.set("recorder.enabled", "true");
        MachineConfig config = l.build();
        Simulation sim = Simulation.prepare(program, config, Console.silent());
        sim.run();
        CoreDump recorded = sim.dump();
        Path dump = dir.resolve("racy.fdr");
        CoreDumpWriter.write(recorded, dump);
        return new RacyCounter(CoreDumpReader.read(dump), dump, root, source, storeLine(text));
    }

    private static int storeLine(String text) throws IOException {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(STORE)) {
                return i + 1;
            }
        }
        throw new IOException(NAME + " changed: no line with '" + STORE + "'");
    }

    /** A debug engine over the dump, from its oldest retained checkpoint, as {@code fdr debug} opens it. */
    DebugSession session() {
        return DebugSession.open(dumpRead, 0);
    }
}
