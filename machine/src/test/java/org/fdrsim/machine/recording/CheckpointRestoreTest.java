package org.fdrsim.machine.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.fdrsim.checkpoint.MemoryRestorer;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.machine.Simulation;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.dump.CoreDump;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The core acceptance point of checkpointing: from the dump's final image and the logs,
 * unrolled in reverse order, the memory at every retained checkpoint equals, word for word, a
 * true snapshot taken at that checkpoint (the snapshot exists only here): the coherent image
 * (memory overlaid with dirty owned cache blocks) from the cache checkpoint logs, and the raw
 * memory image from the memory checkpoint logs.
 */
class CheckpointRestoreTest {
    static final int SCALE = Integer.getInteger("fdrsim.test.scale", 1);
    static final List<String> TINY = RecordedRun.TINY;

    /** What one checked run saw. */
    record Outcome(CoreDump dump, RunResult result, int checkedCheckpoints, int checkpointsWithStaleMemory,
            long cacheEntries, long memoryEntries) {}

    static MachineConfig config(int cpus, long seed, long interval, List<String> sets) {
        try {
            ConfigLoader l = ConfigLoader.fdr1().set(sets);
            l.set("cpus", String.valueOf(cpus));
            l.set("seed", String.valueOf(seed));
            l.set("memory.perCpuMB", "16");
            l.set("recorder.enabled", "true");
            l.set("checkpoint.intervalCycles", String.valueOf(interval));
            l.set("checkpoint.retained", "64");
            return l.build();
        } catch (ConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    static ProgramImage assemble(String name, String source) {
        try {
            return Assembler.assemble(name, source, IncludeResolver.fileSystem());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static ProgramImage file(String... path) {
        try {
            return Assembler.assemble(Path.of("..", path));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Records {@code program}, snapshots memory at every checkpoint, and checks every retained one. */
    static Outcome check(ProgramImage program, MachineConfig config) {
        Simulation sim = Simulation.prepare(program, config, Console.silent());
        TimedMachine m = sim.timed();
        MemorySystem mem = m.memorySystem();
        Map<Integer, SparseMemory> coherent = new TreeMap<>();
        Map<Integer, SparseMemory> raw = new TreeMap<>();
        m.recorder().checkpoints().setObserver((number, cycle) -> {
            SparseMemory r = mem.memory().copy();
            SparseMemory c = r.copy();
            mem.copyOwnedBlocksInto(c);
            raw.put(number, r);
            coherent.put(number, c);
        });
        RunResult result = sim.run();
        CoreDump dump = sim.dump();
        List<CheckpointState> cps = dump.checkpoints();
        assertThat(cps).isNotEmpty();
        int stale = 0;
        for (int k = cps.size() - 1; k >= 0; k--) {
            int number = cps.get(k).number();
            SparseMemory expected = coherent.get(number);
            SparseMemory restored = dump.memoryAt(k);
            long diff = restored.firstDifference(expected);
            assertThat(diff).as("coherent memory at checkpoint %d (retained #%d of %d, %s): first difference at 0x%x",
                    number, k, cps.size(), program.name(), diff).isEqualTo(-1L);
            SparseMemory rawRestored = restoreRaw(dump, k);
            long rawDiff = rawRestored.firstDifference(raw.get(number));
            assertThat(rawDiff).as("raw memory at checkpoint %d: first difference at 0x%x", number, rawDiff)
                    .isEqualTo(-1L);
            if (!raw.get(number).sameContents(expected)) {
                stale++;
            }
        }
        long cacheEntries = 0;
        long memoryEntries = 0;
        for (CheckpointState c : cps) {
            for (LogSegment s : c.segments(LogKind.CACHE_CHECKPOINT)) {
                cacheEntries += s.entries();
            }
            for (LogSegment s : c.segments(LogKind.MEMORY_CHECKPOINT)) {
                memoryEntries += s.entries();
            }
        }
        return new Outcome(dump, result, cps.size(), stale, cacheEntries, memoryEntries);
    }

    /** Raw memory at retained checkpoint k: the flushed final image with the memory checkpoint logs unrolled. */
    static SparseMemory restoreRaw(CoreDump dump, int k) {
        List<List<byte[]>> newestFirst = new ArrayList<>();
        for (int i = dump.checkpoints().size() - 1; i >= k; i--) {
            List<byte[]> logs = new ArrayList<>();
            for (LogSegment s : dump.checkpoints().get(i).segments(LogKind.MEMORY_CHECKPOINT)) {
                logs.add(s.decompress());
            }
            newestFirst.add(logs);
        }
        return MemoryRestorer.restore(dump.memory(), newestFirst);
    }

    static Stream<Arguments> racyRuns() {
        List<Arguments> runs = new ArrayList<>();
        for (int i = 0; i < 6 * SCALE; i++) {
            long seed = 1000 + i;
            int cpus = i % 3 == 0 ? 2 : 4;
            boolean tiny = i % 2 == 0;
            runs.add(Arguments.of(seed, cpus, tiny));
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "racy seed {0}, {1} cpus, tiny caches {2}")
    @MethodSource("racyRuns")
    void randomRacyProgramsRestoreExactly(long seed, int cpus, boolean tiny) {
        String source = RacyProgram.generate(seed, cpus, tiny ? 40 : 12, 400);
        Outcome o = check(assemble("racy-" + seed + ".s", source), config(cpus, seed, 1500, tiny ? TINY : List.of()));
        assertThat(o.checkedCheckpoints()).as("checkpoints crossed").isGreaterThanOrEqualTo(3);
        assertThat(o.cacheEntries()).isPositive();
        if (tiny) {
            assertThat(o.memoryEntries()).as("writebacks logged").isPositive();
        }
    }

    @Test
    void blocksDirtyInCachesAtCheckpointsComeBackWithTheirCoherentValue() {
        int stale = 0;
        for (long seed = 1; seed <= 3; seed++) {
            String source = RacyProgram.generate(seed, 4, 8, 600);
            Outcome o = check(assemble("dirty.s", source), config(4, seed, 1200, List.of()));
            stale += o.checkpointsWithStaleMemory();
        }
        // memory was stale (a cache owned a block dirty) at some checkpoints, and still restored exactly
        assertThat(stale).isPositive();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void examplesRestoreExactly(String example, int cpus, boolean tiny) {
        Outcome o = check(file("examples", example),
                config(cpus, 7, 1000, tiny ? concat(TINY, List.of("limits.maxCycles=400000"))
                        : List.of("limits.maxCycles=400000")));
        assertThat(o.checkedCheckpoints()).isGreaterThanOrEqualTo(2);
    }

    static Stream<Arguments> examples() {
        return Stream.of(
                Arguments.of("random-tester.s", 4, false),
                Arguments.of("random-tester.s", 4, true),
                Arguments.of("racy-counter.s", 4, true),
                Arguments.of("spin-lock.s", 4, false),
                Arguments.of("message-passing.s", 2, true),
                Arguments.of("private-mix.s", 4, true));
    }

    @ParameterizedTest(name = "{0}, tiny caches {1}")
    @MethodSource("fullSystem")
    void fullSystemProgramsWithDmaRestoreExactly(String program, boolean tiny) {
        List<String> sets = new ArrayList<>(List.of("devices.enabled=true", "limits.maxCycles=3000000"));
        if (tiny) {
            sets.addAll(TINY);
        }
        Outcome o = check(file("workloads", "src", "main", "resources", "programs", "fullsys", program),
                config(2, 3, 50_000, sets));
        assertThat(o.checkedCheckpoints()).isGreaterThanOrEqualTo(3);
        long dmaBlocks = 0;
        for (CheckpointState c : o.dump().checkpoints()) {
            for (LogSegment s : c.segments(LogKind.DMA_DATA)) {
                dmaBlocks += s.entries();
            }
        }
        assertThat(dmaBlocks).as("blocks written by DMA in the retained intervals").isPositive();
    }

    static Stream<Arguments> fullSystem() {
        return Stream.of(Arguments.of("disk-checksum.s", false), Arguments.of("disk-checksum.s", true),
                Arguments.of("packet-echo.s", true));
    }

    static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
