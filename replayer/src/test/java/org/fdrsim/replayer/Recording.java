package org.fdrsim.replayer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.dump.CoreDump;

/**
 * Test helper: one recorded run on the timed machine (recorder on), turned into what replay
 * starts from (program start: IC 0, memory = the program's data) and, separately, the final
 * state that only the verifier sees.
 */
record Recording(ReplayInput input, FinalState expected, RunResult result, TimedMachine machine, CoreDump dump) {
    static final Path EXAMPLES = Path.of("..", "examples");
    static final List<String> TINY = List.of("caches.l1.sizeKB=1", "caches.l1.ways=1", "caches.l2.sizeKB=1",
            "caches.l2.ways=2");

    static int scale() {
        return Integer.getInteger("fdrsim.test.scale", 1);
    }

    static MachineConfig config(int cpus, long seed, List<String> sets) {
        try {
            ConfigLoader l = ConfigLoader.fdr1();
            l.set("cpus", String.valueOf(cpus));
            l.set("seed", String.valueOf(seed));
            l.set("memory.perCpuMB", "16");
            l.set("recorder.enabled", "true");
            l.set(sets);
            return l.build();
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * examples/random-tester.s with {@code iterations} operations per processor; fails loudly if
     * the example no longer has the line this edits (a silent no-op would run 2000 iterations).
     */
    private static String randomTesterSource(int iterations) throws IOException {
        String src = Files.readString(EXAMPLES.resolve("random-tester.s"));
        String line = ".equ ITERATIONS, 2000";
        if (!src.contains(line)) {
            throw new IllegalStateException("random-tester.s changed: '" + line + "' not found");
        }
        return src.replace(line, ".equ ITERATIONS, " + iterations);
    }

    /** The random tester with {@code iterations} operations per processor. */
    static ProgramImage randomTester(int iterations) {
        try {
            String src = randomTesterSource(iterations);
            return Assembler.assemble("random-tester.s", src, IncludeResolver.fileSystem());
        } catch (IOException | org.fdrsim.cpu.asm.AssemblyException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The random tester with one shared word per cache block (no false sharing in its loop), so
     * that nearly every arc orders a real word-level conflict.
     */
    static ProgramImage randomTesterOneWordPerBlock(int iterations) {
        try {
            String src = randomTesterSource(iterations)
                    .replace("andi r6, r4, 1                       # word 0 or 1",
                            "andi r6, r4, 0                       # always word 0");
            if (!src.contains("always word 0")) {
                throw new IllegalStateException("random-tester.s changed: update the one-word-per-block variant");
            }
            return Assembler.assemble("random-tester-1w.s", src, IncludeResolver.fileSystem());
        } catch (IOException | org.fdrsim.cpu.asm.AssemblyException e) {
            throw new IllegalStateException(e);
        }
    }

    static ProgramImage example(String name) {
        try {
            return Assembler.assemble(EXAMPLES.resolve(name));
        } catch (org.fdrsim.cpu.asm.AssemblyException e) {
            throw new IllegalStateException(e);
        }
    }

    static Recording record(ProgramImage program, MachineConfig config) {
        Simulation s = Simulation.prepare(program, config, Console.silent());
        TimedMachine m = s.timed();
        SparseMemory start = m.memorySystem().memory().copy();
        List<ArchState> starts = snapshots(m);
        RunResult result = s.run();
        return capture(s, program, start, starts, result);
    }

    static Recording capture(Simulation s, ProgramImage program, SparseMemory start,
            List<ArchState> starts, RunResult result) {
        CoreDump dump = s.dump();
        ReplayInput input = DumpReplay.input(dump, 0);
        return new Recording(input, DumpReplay.expected(dump), result, s.timed(), dump);
    }

    static List<ArchState> snapshots(TimedMachine m) {
        List<ArchState> out = new ArrayList<>();
        for (int c = 0; c < m.cpuCount(); c++) {
            out.add(ArchState.of(m.cpu(c)));
        }
        return out;
    }

    Verdict verify() {
        return Verifier.verify(input, expected);
    }

    Verdict verifyWith(List<IntervalLog> tampered) {
        return Verifier.verify(input.withIntervals(tampered), expected);
    }

    IntervalLog log() {
        return input.intervals().get(0);
    }
}
