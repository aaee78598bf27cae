package org.fdrsim.cpu.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;
import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A loop the flat loop translates to JVM bytecode ({@link LoopTranslator}) must be the same
 * machine as the interpreter: each program here runs with its loops translated after one
 * branch back, beside the timed machine's loop ({@link PortLoop}, which never translates), in
 * random slices (the translated loop must stop within its budget and leave the rest to the
 * interpreter), and both must leave the same state after every slice and the same memory.
 */
class TranslatedLoopTest {
    /** 1 by default; the stress profile sets 10 (docs/testing.md). */
    private static final int SCALE = Integer.getInteger("fdrsim.test.scale", 1);
    private static final String[] REGISTER_OPS = {"add", "sub", "mul", "and", "or", "xor", "shl", "shr", "sar", "slt", "sltu"};
    private static final String[] IMMEDIATE_OPS = {"addi", "andi", "ori", "xori", "shli", "shri", "sari", "slti"};
    private static final String[] BRANCHES = {"beq", "bne", "blt", "bge", "bltu", "bgeu"};

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void everyOpcodeClassInATranslatedLoop(long seed) {
        // FlatLoopTest's program: ALU, memory, branches, calls, CSRs, traps, devices, a fault
        sameMachine(Exec.assemble(FlatLoopTest.PROGRAM), seed, 200, true);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void everyTranslatedOpcode(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder init = new StringBuilder();
        for (int r = 3; r <= 14; r++) {
            init.append("    li r").append(r).append(", ").append(random.nextLong()).append('\n');
        }
        sameMachine(Exec.assemble(EVERY_OPCODE.replace("#INIT\n", init.toString())), seed, 5000, false);
    }

    /**
     * A loop of every opcode a translated loop runs (each branch kind both taken and not, over
     * the run; a jump; an inner loop), with random registers at the start (#INIT).
     */
    private static final String EVERY_OPCODE = """
                .data
                .align 4096
            buf:    .space 4096 * 2
                .text
            _start: la   r1, buf
                    li   r2, 700
            #INIT
            loop:   add  r3, r3, r4
                    sub  r4, r4, r5
                    mul  r5, r5, r6
                    ori  r15, r7, 1
                    div  r6, r6, r15
                    rem  r7, r8, r15
                    and  r8, r8, r9
                    or   r9, r9, r10
                    xor  r10, r10, r11
                    shl  r11, r11, r12
                    shr  r12, r12, r13
                    sar  r13, r13, r14
                    slt  r14, r3, r4
                    sltu r15, r5, r6
                    add  r14, r14, r15
                    addi r3, r3, -77
                    andi r4, r4, 0x7ff
                    ori  r5, r5, 0x123
                    xori r6, r6, -1
                    shli r7, r7, 3
                    shri r8, r8, 5
                    sari r9, r9, 7
                    slti r10, r10, 100
                    mov  r11, r9
                    nop
                    andi r16, r2, 511
                    shli r16, r16, 3
                    add  r16, r16, r1
                    st   r3, 0(r16)
                    ld   r11, 0(r16)
                    sb   r4, 4099(r16)
                    lb   r12, 4099(r16)
                    cas  r13, r11, r5, 0(r16)
                    cas  r13, r11, r5, 0(r16)
                    swap r14, r6, 8(r16)
                    fadd r3, r7, 4096(r16)
                    beq  r3, r4, b1
                    addi r5, r5, 1
            b1:     bne  r11, r12, b2
                    addi r6, r6, 2
            b2:     blt  r9, r10, b3
                    addi r7, r7, 3
            b3:     bge  r9, r10, b4
                    addi r8, r8, 4
            b4:     bltu r9, r10, b5
                    addi r9, r9, 5
            b5:     bgeu r9, r10, b6
                    addi r10, r10, 6
            b6:     andi r17, r2, 1
                    beq  r17, r0, b7
                    j    b7
                    addi r11, r11, 7
            b7:     li   r17, 3
            inner:  xor  r12, r12, r17
                    addi r17, r17, -1
                    bne  r17, r0, inner
                    addi r2, r2, -1
                    bne  r2, r0, loop
                    halt
            """;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void keptPagesInATranslatedLoop(long seed) {
        sameMachine(Exec.assemble(FlatLoopTest.PAGES), seed, 400, false);
        sameMachine(Exec.assemble(FlatLoopTest.THREE_PAGES), seed, 400, false);
        sameMachine(Exec.assemble(FlatLoopTest.KEPT_PAGE_BYTES_AND_ATOMICS), seed, 400, false);
    }

    /**
     * A word access whose address is not aligned ends the translated loop's run on it, so the
     * interpreter faults there as it does without translation: the loop walks a page a word at a
     * time and, once, four bytes off (a load, a store and an atomic, each its own program).
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2})
    void aWordAccessNotAlignedFaultsAsInTheInterpreter(long seed) {
        for (String access : new String[] {"ld   r4, 0(r1)", "st   r2, 0(r1)", "fadd r4, r2, 0(r1)"}) {
            ProgramImage program = Exec.assemble("""
                        .data
                        .align 4096
                buf:    .space 4096
                        .text
                _start: la   r1, buf
                        li   r2, 40
                loop:   %s
                        addi r1, r1, 8
                        andi r6, r2, 15
                        bne  r6, r0, next
                        addi r1, r1, 4
                next:   addi r2, r2, -1
                        bne  r2, r0, loop
                        halt
                """.formatted(access));
            sameMachine(program, seed, 400, false);
            FlatLoopTest.Rig alone = new FlatLoopTest.Rig(program, false, false);
            alone.cpu.run(Long.MAX_VALUE, Long.MAX_VALUE);
            assertThat(alone.cpu.state()).as(access).isEqualTo(ProcessorState.FAULTED);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void randomLoops(long seed) {
        sameMachine(Exec.assemble(randomLoop(new SplittableRandom(seed))), seed, 600, false);
    }

    /**
     * A loop of 200 compare-and-swaps would make a method of more bytecode than the JIT compiles:
     * it stays in the interpreter, and runs the same.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2})
    void aLoopTooLargeForTheJitStaysInTheInterpreter(long seed) {
        StringBuilder s = new StringBuilder("    .data\n    .align 4096\nbuf: .space 4096\n    .text\n");
        s.append("_start: la r1, buf\n    li r2, 50\n    li r3, ").append(seed).append("\nloop:\n");
        for (int i = 0; i < 200; i++) {
            s.append("    cas r4, r3, r2, ").append(8 * (i % 512)).append("(r1)\n");
        }
        s.append("    addi r2, r2, -1\n    bne r2, r0, loop\n    halt\n");
        sameMachine(Exec.assemble(s.toString()), seed, 3000, false, false);
    }

    /**
     * With the default threshold a loop is translated after 1,000 branches back; the system
     * property {@code fdrsim.loops.translate=false} leaves every loop to the interpreter; either
     * way the machine is the same.
     */
    @ParameterizedTest(name = "translate {0}")
    @ValueSource(strings = {"true", "false"})
    void translationCanBeTurnedOff(String translate) {
        ProgramImage program = Exec.assemble(FlatLoopTest.KEPT_PAGE_BYTES_AND_ATOMICS);
        String before = System.getProperty(TranslatedLoops.PROPERTY);
        System.setProperty(TranslatedLoops.PROPERTY, translate);
        try {
            FlatLoopTest.Rig flat = new FlatLoopTest.Rig(program, true, false);
            FlatLoopTest.Rig plain = new FlatLoopTest.Rig(program, false, false);
            flat.cpu.run(Long.MAX_VALUE, Long.MAX_VALUE);
            plain.cpu.run(Long.MAX_VALUE, Long.MAX_VALUE);
            assertThat(flat.cpu.state()).isEqualTo(ProcessorState.HALTED);
            assertThat(ArchState.of(flat.cpu)).usingRecursiveComparison().isEqualTo(ArchState.of(plain.cpu));
            assertThat(flat.memory.sameContents(plain.memory)).isTrue();
            assertThat(flat.cpu.loops.translated() > 0).isEqualTo(translate.equals("true"));
        } finally {
            if (before == null) {
                System.clearProperty(TranslatedLoops.PROPERTY);
            } else {
                System.setProperty(TranslatedLoops.PROPERTY, before);
            }
        }
    }

    /** Stress only: 60 random loops per step of scale above 1 (540 under {@code -Pstress}, about 4 minutes). */
    @Test
    void manyRandomLoops() {
        assumeTrue(SCALE > 1, "stress profile only");
        for (long seed = 100; seed < 100 + 60L * (SCALE - 1); seed++) {
            sameMachine(Exec.assemble(randomLoop(new SplittableRandom(seed))), seed, 2 + (int) (seed % 7) * 150, false);
        }
    }

    /** Runs {@code program} translated and in the timed machine's loop, slice by slice, and compares. */
    private static void sameMachine(ProgramImage program, long seed, int maxSlice, boolean cycleLimits) {
        sameMachine(program, seed, maxSlice, cycleLimits, true);
    }

    private static void sameMachine(ProgramImage program, long seed, int maxSlice, boolean cycleLimits,
            boolean expectTranslated) {
        FlatLoopTest.Rig translated = new FlatLoopTest.Rig(program, true, false);
        FlatLoopTest.Rig plain = new FlatLoopTest.Rig(program, false, false);
        translated.cpu.loops = new TranslatedLoops(program.code().length(), 1);
        SplittableRandom random = new SplittableRandom(seed);
        int slices = 0;
        while (!translated.cpu.state().isFinal() && slices++ < 200_000) {
            long icLimit = translated.cpu.instructionCount() + random.nextInt(1, maxSlice);
            long cycleLimit = cycleLimits && random.nextBoolean()
                    ? translated.cpu.cycle() + random.nextInt(1, 300) : Long.MAX_VALUE;
            FlatLoopTest.interruptAndWake(random, cycleLimits, translated.cpu, plain.cpu);
            ProcessorState a = translated.cpu.run(cycleLimit, icLimit);
            ProcessorState b = FlatLoopTest.runTimedLoop(plain.cpu, cycleLimit, icLimit,
                    translated.cpu.instructionCount());
            assertThat(a).as("seed %d, slice %d", seed, slices).isEqualTo(b);
            assertThat(ArchState.of(translated.cpu)).as("seed %d, slice %d", seed, slices).usingRecursiveComparison()
                    .isEqualTo(ArchState.of(plain.cpu));
        }
        assertThat(translated.cpu.state().isFinal()).isTrue();
        assertThat(translated.cpu.fault()).isEqualTo(plain.cpu.fault());
        if (expectTranslated) {
            assertThat(translated.cpu.loops.translated()).as("loops translated").isGreaterThan(0);
        } else {
            assertThat(translated.cpu.loops.translated()).as("loops translated").isZero();
        }
        assertThat(translated.devices.stores).isEqualTo(plain.devices.stores);
        assertThat(translated.memory.sameContents(plain.memory)).isTrue();
    }

    /**
     * A loop of random instructions over three pages: register and immediate ALU operations
     * (shift amounts past 63 too), divisions, word and byte accesses and atomics at random
     * offsets, forward branches, an inner loop (a branch back inside the outer one) and a call.
     */
    static String randomLoop(SplittableRandom random) {
        StringBuilder s = new StringBuilder();
        s.append("    .data\n    .align 4096\nbuf: .space 4096 * 3\n    .text\n");
        s.append("_start: la r1, buf\n    li r2, 300\n");
        for (int r = 3; r <= 14; r++) {
            s.append("    li r").append(r).append(", ").append(random.nextLong()).append('\n');
        }
        s.append("loop:\n");
        int labels = 0;
        int body = random.nextInt(15, 45);
        for (int i = 0; i < body; i++) {
            int kind = random.nextInt(100);
            String rd = reg(random);
            String ra = reg(random);
            String rb = reg(random);
            if (kind < 30) {
                s.append("    ").append(pick(random, REGISTER_OPS)).append(' ').append(rd).append(", ").append(ra).append(", ").append(rb);
            } else if (kind < 50) {
                String op = pick(random, IMMEDIATE_OPS);
                long imm = op.startsWith("sh") || op.equals("sari") ? random.nextInt(0, 64) : random.nextInt(-5000, 5000);
                s.append("    ").append(op).append(' ').append(rd).append(", ").append(ra).append(", ").append(imm);
            } else if (kind < 54) {
                s.append("    ori r15, ").append(rb).append(", 1\n");
                s.append("    ").append(random.nextBoolean() ? "div " : "rem ").append(rd).append(", ").append(ra).append(", r15");
            } else if (kind < 80) {
                int page = random.nextInt(10) == 0 ? 2 : random.nextInt(2);
                long word = page * 4096L + 8L * random.nextInt(512);
                String[] ops = {"ld", "st", "lb", "sb", "cas", "swap", "fadd"};
                String op = pick(random, ops);
                long off = op.equals("lb") || op.equals("sb") ? word + random.nextInt(8) : word;
                switch (op) {
                    case "cas" -> s.append("    cas ").append(rd).append(", ").append(ra).append(", ").append(rb);
                    case "swap", "fadd" -> s.append("    ").append(op).append(' ').append(rd).append(", ").append(ra);
                    default -> s.append("    ").append(op).append(' ').append(rd);
                }
                s.append(", ").append(off).append("(r1)");
            } else if (kind < 92) {
                int skip = random.nextInt(1, 4);
                s.append("    ").append(pick(random, BRANCHES)).append(' ').append(ra).append(", ").append(rb)
                        .append(", f").append(labels).append('\n');
                for (int k = 0; k < skip; k++) {
                    s.append("    addi ").append(reg(random)).append(", ").append(reg(random)).append(", ").append(random.nextInt(-9, 9)).append('\n');
                }
                s.append("f").append(labels++).append(":");
            } else if (kind < 96) {
                s.append("    li r16, ").append(random.nextInt(1, 5)).append('\n');
                s.append("in").append(labels).append(": xor ").append(rd).append(", ").append(rd).append(", r16\n");
                s.append("    addi r16, r16, -1\n");
                s.append("    bne r16, r0, in").append(labels++);
            } else {
                s.append("    jal sub");
            }
            s.append('\n');
        }
        s.append("    addi r2, r2, -1\n    bne r2, r0, loop\n    halt\n");
        s.append("sub: addi r14, r14, 3\n    ret\n");
        return s.toString();
    }

    private static String reg(SplittableRandom random) {
        return "r" + random.nextInt(3, 15);
    }

    private static String pick(SplittableRandom random, String[] options) {
        return options[random.nextInt(options.length)];
    }
}
