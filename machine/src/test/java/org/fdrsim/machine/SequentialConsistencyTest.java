package org.fdrsim.machine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.coherence.CoherenceListener;
import org.fdrsim.coherence.cache.CacheController;
import org.fdrsim.cpu.asm.Assembler;
import org.fdrsim.cpu.asm.IncludeResolver;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.cpu.io.Console;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.DataSegment;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Sequential consistency of the timed machine, checked directly: every committed load (and
 * every atomic's old value) must equal the value of the latest store to that address in
 * the order accesses took effect. The checker keeps its own shadow memory; the machine's
 * caches are only asked for the value a store or atomic just wrote.
 */
class SequentialConsistencyTest {
    private static final int SCALE = Integer.getInteger("fdrsim.test.scale", 1);

    /** Shadow-memory SC checker attached as the processors' listener. */
    static final class ScChecker implements ProcessorListener {
        final SparseMemory shadow;
        MemorySystem memory;
        long loads;
        long violations;
        String first;

        ScChecker(ProgramImage p, long size) {
            shadow = new SparseMemory(size);
            for (DataSegment s : p.data()) {
                shadow.load(s);
            }
        }

        @Override
        public void memoryAccess(int cpu, long ic, int pc, long address, boolean write, long value) {
            boolean isByte = isByteAccess(pc);
            long expected = isByte ? shadow.loadByte(address) : shadow.loadWord(address);
            boolean store = write && !isAtomic(pc);
            if (!store) {
                loads++;
                if (expected != value) {
                    violations++;
                    if (first == null) {
                        first = String.format("cpu %d ic %d pc %d: read 0x%x = %d, SC value %d", cpu, ic, pc, address,
                                value, expected);
                    }
                }
            }
            if (write) {
                // The value just written (an atomic's new value is not passed to listeners).
                shadow.storeWord(address & ~7L, memory.cache(cpu).peekWord(address & ~7L));
            }
        }

        ProgramImage program;

        private boolean isByteAccess(int pc) {
            String op = program.code().get(pc).op().mnemonic();
            return op.equals("lb") || op.equals("sb");
        }

        private boolean isAtomic(int pc) {
            String op = program.code().get(pc).op().mnemonic();
            return op.equals("cas") || op.equals("swap") || op.equals("fadd");
        }
    }

    static RunResult runChecked(ProgramImage p, MachineConfig c, ScChecker[] out) {
        TimedMachine m = MachineBuilder.timed(p, c, Console.silent());
        out[0] = attachChecker(m, p, c);
        return m.run();
    }

    static ScChecker attachChecker(TimedMachine m, ProgramImage p, MachineConfig c) {
        ScChecker checker = new ScChecker(p, c.memoryBytesPerCpu() * c.cpus());
        checker.program = p;
        checker.memory = m.memorySystem();
        m.setListener(checker);
        return checker;
    }

    @ParameterizedTest(name = "{0} cpus, {1}")
    @CsvSource({
        "2, default caches", "4, default caches", "8, default caches",
        "2, tiny caches", "4, tiny caches", "8, tiny caches", "16, tiny caches"})
    void randomTesterLoadsAlwaysSeeTheLatestStore(int cpus, String caches) throws Exception {
        ProgramImage p = Assembler.assemble(Path.of("..", "examples", "random-tester.s"));
        Set<String> signatures = new HashSet<>();
        int seeds = 6 * SCALE;
        for (long seed = 1; seed <= seeds; seed++) {
            ConfigLoader loader = ConfigLoader.fdr1().set(List.of("cpus=" + cpus, "seed=" + seed));
            if (caches.startsWith("tiny")) {
                loader.set(List.of("caches.l1.sizeKB=1", "caches.l1.ways=2", "caches.l2.sizeKB=1", "caches.l2.ways=2"));
            }
            ScChecker[] checker = new ScChecker[1];
            RunResult r = runChecked(p, loader.build(), checker);
            assertThat(r.cause()).as(r.describeStop()).isEqualTo(StopCause.ALL_HALTED);
            assertThat(checker[0].violations).as("seed %d: %s", seed, checker[0].first).isZero();
            assertThat(checker[0].loads).isGreaterThan(cpus * 1000L);
            signatures.add(r.consoleOutput());
        }
        assertThat(signatures).as("the races really race").hasSizeGreaterThan(seeds / 2);
    }

    /**
     * The checker is not vacuous: a protocol bug is caught. The bug is attached as a listener:
     * each cache's first data reply to another cache's read arrives with word 0 changed.
     */
    @Test
    void aProtocolBugIsCaught() throws Exception {
        ProgramImage p = Assembler.assemble(Path.of("..", "examples", "random-tester.s"));
        int caught = 0;
        for (long seed = 1; seed <= 4; seed++) {
            MachineConfig c = ConfigLoader.fdr1().set(List.of("cpus=4", "seed=" + seed)).build();
            TimedMachine m = MachineBuilder.timed(p, c, Console.silent());
            ScChecker checker = attachChecker(m, p, c);
            m.memorySystem().addListener(corruptFirstReadReplyOfEachCache(m.memorySystem()));
            m.run();
            if (checker.violations > 0) {
                caught++;
            }
        }
        assertThat(caught).isGreaterThanOrEqualTo(3);
    }

    /**
     * Corrupts word 0 of the block a read miss filled, the first time each cache's data reply
     * fills another cache's read miss (the receiver's copy is changed as the fill completes,
     * through its port: the access that follows is a hit).
     */
    private static CoherenceListener corruptFirstReadReplyOfEachCache(MemorySystem mem) {
        boolean[] corrupted = new boolean[mem.nodes()];
        int[] sender = new int[mem.nodes()]; // the cache whose data reply the cpu's miss got, or -1
        Arrays.fill(sender, -1);
        return new CoherenceListener() {
            @Override
            public void replyReceived(long now, int receiver, int from, Agent agent, long block, ReplyKind kind,
                    long piggyback) {
                sender[receiver] = agent == Agent.CACHE && kind == ReplyKind.DATA && !corrupted[from] ? from : -1;
            }

            @Override
            public void blockFilled(long now, int cpu, long block, boolean writable) {
                if (!writable && sender[cpu] >= 0) {
                    corrupted[sender[cpu]] = true;
                    CacheController cache = mem.cache(cpu);
                    cache.acquire(block, false, 0, now);
                    cache.storeWord(block, cache.loadWord(block) ^ 0x5a5a);
                }
                sender[cpu] = -1;
            }
        };
    }

    /** Store buffering (Dekker): under SC at least one processor sees the other's store. */
    @Test
    void storeBufferingNeverSeesBothZero() throws Exception {
        ProgramImage p = Assembler.assemble("sb.s", """
                    .data
                    .align 64
                x:  .word 0
                    .align 64
                y:  .word 0
                    .align 64
                r:  .space 16
                    .text
                _start: csrr r1, cpuid
                    li r2, 1
                    bgeu r1, r2, second
                    la r3, x
                    la r4, y
                    la r6, r
                    j go
                second: bne r1, r2, idle
                    la r3, y
                    la r4, x
                    la r6, r
                    addi r6, r6, 8
                go: ld r7, 0(r4)        # bring the other flag into the cache first
                    rdcycle r8          # perturbed latencies make this differ per seed:
                    andi r8, r8, 2047   # wait 0..2047 iterations so either side may go first
                spin: beq r8, zero, now
                    addi r8, r8, -1
                    j spin
                now: st r2, 0(r3)       # my flag := 1
                    ld r5, 0(r4)        # read the other's flag
                    st r5, 0(r6)
                idle: halt
                """, IncludeResolver.none());
        Set<String> outcomes = new HashSet<>();
        for (long seed = 1; seed <= 40L * SCALE; seed++) {
            MachineConfig c = ConfigLoader.fdr1().set(List.of("cpus=2", "seed=" + seed,
                    "memory.perturbationCycles=400")).build();
            TimedMachine m = MachineBuilder.timed(p, c, Console.silent());
            assertThat(m.run().cause()).isEqualTo(StopCause.ALL_HALTED);
            long rbase = p.symbols().get("r").value();
            long r0 = m.memorySystem().coherentWord(rbase);
            long r1 = m.memorySystem().coherentWord(rbase + 8);
            assertThat(r0 == 0 && r1 == 0).as("seed %d: both processors read 0", seed).isFalse();
            outcomes.add(r0 + "," + r1);
        }
        assertThat(outcomes).as("several SC outcomes occur").hasSizeGreaterThan(1);
    }
}
