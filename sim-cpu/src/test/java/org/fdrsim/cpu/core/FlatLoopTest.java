package org.fdrsim.cpu.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fdrsim.cpu.functional.FlatMemoryPort;
import org.fdrsim.cpu.isa.AddressMap;
import org.fdrsim.cpu.mem.MemoryImage;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A processor over flat memory runs its own copy of the interpreter loop ({@link FlatLoop});
 * every other port runs the timed machine's loop. The two must be the same machine: the same
 * program, run in the same slices (instruction and cycle limits, interrupts posted between
 * them, device accesses that cost cycles, a breakpoint), leaves the same architectural state,
 * memory and listener events after every slice.
 */
class FlatLoopTest {
    /** Every opcode class: ALU, memory (word, byte, atomics), branches, calls, CSRs, traps, devices, rdcycle, a fault. */
    static final String PROGRAM = """
                .data
                .align 64
            buf:    .space 1024
                .text
            _start: la   r20, handler
                    csrw ivec, r20
                    ei
                    la   r1, buf
                    li   r2, 60
                    li   r9, 0x9E3779B97F4A7C15
                    li   r15, 0xFFFF00000000
            loop:   ld   r3, 0(r1)
                    ld   r4, 8(r1)
                    add  r3, r3, r4
                    xor  r3, r3, r9
                    mul  r5, r3, r2
                    li   r6, 7
                    div  r7, r5, r6
                    rem  r8, r5, r6
                    sub  r3, r3, r7
                    and  r10, r3, r8
                    or   r10, r10, r5
                    shl  r11, r3, r2
                    shr  r12, r3, r2
                    sar  r13, r3, r2
                    slt  r14, r3, r5
                    sltu r16, r3, r5
                    andi r10, r10, 0xff
                    ori  r10, r10, 3
                    xori r10, r10, 5
                    shli r11, r11, 3
                    shri r12, r12, 2
                    sari r13, r13, 1
                    slti r14, r3, 9
                    st   r3, 0(r1)
                    sb   r10, 17(r1)
                    lb   r10, 17(r1)
                    cas  r11, r10, r3, 24(r1)
                    swap r12, r3, 32(r1)
                    fadd r13, r2, 40(r1)
                    rdcycle r14
                    ld   r16, 0(r15)
                    st   r16, 8(r15)
                    jal  sub
                    csrr r17, scratch
                    addi r17, r17, 1
                    csrw scratch, r17
                    andi r18, r2, 7
                    bne  r18, r0, skip
                    trap 3
                    di
                    nop
                    ei
            skip:   blt  r3, r0, neg
                    bge  r3, r0, pos
            neg:    addi r19, r19, 1
            pos:    bltu r2, r6, near
                    bgeu r2, r6, far
            near:   fence
            far:    addi r1, r1, 8
                    addi r2, r2, -1
                    bne  r2, r0, loop
                    li   r6, 0
                    div  r7, r5, r6
                    halt
            sub:    la   r21, back
                    jalr r22, r21
                    ret
            back:   addi r23, r23, 1
                    jalr r0, r22
            handler: csrr r24, cause
                    addi r25, r25, 1
                    iret
            """;

    /** Device registers that answer every aligned I/O address with a value made from the address and the cycle. */
    static final class Devices implements IoPort {
        final List<String> stores = new ArrayList<>();

        @Override
        public boolean isMapped(long address) {
            return true;
        }

        @Override
        public long load(int cpu, long address, long cycle) {
            return address * 31 + cycle;
        }

        @Override
        public void store(int cpu, long address, long value, long cycle) {
            stores.add(address + "=" + value + "@" + cycle);
        }
    }

    /** Latency-free memory that is not a {@link FlatMemoryPort}: the processor runs the timed machine's loop over it. */
    record PlainPort(SparseMemory memory) implements MemoryPort {
        @Override
        public int acquire(long address, boolean write, long ic, long cycle) {
            return 0;
        }

        @Override
        public long loadWord(long address) {
            return memory.loadWord(address);
        }

        @Override
        public void storeWord(long address, long value) {
            memory.storeWord(address, value);
        }

        @Override
        public int loadByte(long address) {
            return memory.loadByte(address);
        }

        @Override
        public void storeByte(long address, int value) {
            memory.storeByte(address, value);
        }
    }

    /** One processor, its memory, devices and the events its listener saw. */
    static final class Rig {
        final SparseMemory memory;
        final Devices devices = new Devices();
        final List<String> events = new ArrayList<>();
        final Processor cpu;

        Rig(ProgramImage program, boolean flat) {
            this(program, flat, true);
        }

        /** With {@code listen}, a listener sees every memory access and interrupt (in {@link #events}). */
        Rig(ProgramImage program, boolean flat, boolean listen) {
            memory = SparseMemory.holding(program, AddressMap.DEFAULT_MEMORY_PER_CPU);
            MemoryPort port = flat ? new FlatMemoryPort(memory) : new PlainPort(memory);
            cpu = new Processor(0, program, memory.size(), port, devices);
            cpu.setDeviceAccessCycles(5);
            if (!listen) {
                return;
            }
            cpu.setListener(new ProcessorListener() {
                @Override
                public void memoryAccess(int c, long ic, int pc, long address, boolean write, long value) {
                    events.add(ic + ":" + pc + (write ? " st " : " ld ") + address + "=" + value);
                }

                @Override
                public void interruptTaken(int c, long ic, int number, long cycle) {
                    events.add(ic + ": interrupt " + number);
                }
            });
        }
    }

    /**
     * Between two slices of processors {@code a} and {@code b} running the same program: with
     * {@code interrupts}, one time in eight the same random interrupt posted to both; both woken
     * if {@code a} sleeps in {@code wfi}.
     */
    static void interruptAndWake(SplittableRandom random, boolean interrupts, Processor a, Processor b) {
        if (interrupts && random.nextInt(8) == 0) {
            int number = random.nextInt(1, 4);
            a.postInterrupt(number);
            b.postInterrupt(number);
        }
        if (a.state() == ProcessorState.SLEEPING) {
            a.setState(ProcessorState.RUNNING);
            b.setState(ProcessorState.RUNNING);
        }
    }

    /**
     * Runs {@code cpu} (the timed loop's) with these limits, and again while it is still running
     * short of {@code untilIc}: the timed loop ends its slice after a device store (the run loop
     * then bounds the next slice by a timer or device event the store started), the flat loop does
     * not, and the two must be the same machine where the flat loop stopped. The cycles a slice
     * spends beyond one per instruction (device accesses here) come off its instruction budget in
     * both loops, so the slices after the first get the limit less those cycles so far.
     */
    static ProcessorState runTimedLoop(Processor cpu, long cycleLimit, long icLimit, long untilIc) {
        long base = cpu.cycle() - cpu.instructionCount();
        ProcessorState s = cpu.run(cycleLimit, icLimit);
        while (s == ProcessorState.RUNNING && cpu.instructionCount() < untilIc) {
            long extraCycles = cpu.cycle() - cpu.instructionCount() - base;
            s = cpu.run(cycleLimit, icLimit - extraCycles);
        }
        return s;
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void theFlatLoopAndTheTimedLoopAreTheSameMachine(long seed) {
        ProgramImage program = Exec.assemble(PROGRAM);
        Rig flat = new Rig(program, true);
        Rig plain = new Rig(program, false);
        SplittableRandom random = new SplittableRandom(seed);
        int breakpointAt = seed % 2 == 0 ? 40 : -1;
        if (breakpointAt >= 0) {
            flat.cpu.setBreakpoints(new int[] {breakpointAt});
            plain.cpu.setBreakpoints(new int[] {breakpointAt});
        }
        int slices = 0;
        while (!flat.cpu.state().isFinal() && slices++ < 100_000) {
            long icLimit = flat.cpu.instructionCount() + random.nextInt(1, 200);
            long cycleLimit = random.nextBoolean() ? Long.MAX_VALUE : flat.cpu.cycle() + random.nextInt(1, 300);
            interruptAndWake(random, true, flat.cpu, plain.cpu);
            if (flat.cpu.atBreakpoint()) {
                flat.cpu.passBreakpoint();
                plain.cpu.passBreakpoint();
            }
            ProcessorState a = flat.cpu.run(cycleLimit, icLimit);
            ProcessorState b = runTimedLoop(plain.cpu, cycleLimit, icLimit, flat.cpu.instructionCount());
            assertThat(a).as("slice %d", slices).isEqualTo(b);
            assertThat(ArchState.of(flat.cpu)).as("slice %d", slices).usingRecursiveComparison()
                    .isEqualTo(ArchState.of(plain.cpu));
        }
        assertThat(flat.cpu.state()).isEqualTo(ProcessorState.FAULTED);
        assertThat(flat.cpu.fault()).isEqualTo(plain.cpu.fault());
        assertThat(flat.cpu.fault().kind()).isEqualTo(FaultKind.DIVISION_BY_ZERO);
        assertThat(flat.events).isEqualTo(plain.events).hasSizeGreaterThan(480);
        assertThat(flat.events).anyMatch(e -> e.contains("interrupt"));
        assertThat(flat.devices.stores).isEqualTo(plain.devices.stores).hasSize(60);
        assertThat(flat.memory.sameContents(plain.memory)).isTrue();
    }

    /**
     * Five pages visited round-robin with LD and ST; between a page's loads and stores, byte
     * stores, byte loads and atomics touch the next three pages. With two hot pages, those pack
     * the page the LDs and STs use and reuse its array before they come back to it.
     */
    static final String PAGES = """
                .data
                .align 4096
            pages:  .space 4096 * 8
                .text
            _start: la   r1, pages
                    li   r2, 300
                    li   r9, 0x9E3779B97F4A7C15
                    li   r13, 1
            loop:   andi r5, r2, 7
                    shli r5, r5, 3
                    add  r6, r1, r5
                    li   r7, 0
            page:   ld   r3, 0(r6)
                    add  r3, r3, r9
                    st   r3, 0(r6)
                    sb   r2, 4113(r6)
                    lb   r8, 8209(r6)
                    add  r10, r10, r8
                    fadd r11, r13, 12312(r6)
                    ld   r4, 8(r6)
                    xor  r4, r4, r3
                    st   r4, 8(r6)
                    ld   r12, 0(r6)
                    add  r10, r10, r12
                    li   r14, 4096
                    add  r6, r6, r14
                    addi r7, r7, 1
                    li   r14, 5
                    blt  r7, r14, page
                    addi r2, r2, -1
                    bne  r2, r0, loop
                    halt
            """;

    /**
     * Word accesses that alternate over three of six pages, loads and stores mixed: the flat
     * loop's two kept pages are then hit, swapped and replaced all the time, and with two or
     * three hot pages the memory packs a page (and reuses its array) on most replacements,
     * often the very page the loop is about to keep as its second.
     */
    static final String THREE_PAGES = """
                .data
                .align 4096
            pages:  .space 4096 * 6
                .text
            _start: la   r1, pages
                    li   r2, 3000
                    li   r9, 0x9E3779B97F4A7C15
                    li   r15, 6
                    li   r16, 4096
            loop:   andi r6, r2, 7
                    shli r6, r6, 3
                    rem  r5, r2, r15
                    mul  r5, r5, r16
                    add  r5, r5, r1
                    add  r5, r5, r6
                    li   r7, 5
                    mul  r7, r2, r7
                    addi r7, r7, 2
                    rem  r7, r7, r15
                    mul  r7, r7, r16
                    add  r7, r7, r1
                    add  r7, r7, r6
                    li   r8, 3
                    mul  r8, r2, r8
                    addi r8, r8, 1
                    rem  r8, r8, r15
                    mul  r8, r8, r16
                    add  r8, r8, r1
                    ld   r3, 0(r5)
                    ld   r4, 0(r7)
                    add  r3, r3, r4
                    xor  r3, r3, r9
                    st   r3, 0(r5)
                    ld   r10, 0(r8)
                    add  r10, r10, r3
                    st   r10, 0(r7)
                    ld   r11, 0(r5)
                    add  r11, r11, r10
                    st   r11, 0(r8)
                    ld   r12, 8(r5)
                    st   r12, 16(r7)
                    addi r2, r2, -1
                    bne  r2, r0, loop
                    halt
            """;

    /**
     * Byte loads and stores at every byte offset and the three atomics (a CAS that succeeds and
     * one that fails) on the page the flat loop keeps, which it runs in the loop on that page,
     * mixed with the same instructions on a second page and round the four pages, which with two
     * hot pages packs a page on most of those accesses (the loop must then let go of its second
     * kept page) and leaves some to {@code FlatLoop.run} (a page not writable in place).
     */
    static final String KEPT_PAGE_BYTES_AND_ATOMICS = """
                .data
                .align 4096
            pages:  .space 4096 * 4
                .text
            _start: la   r1, pages
                    li   r2, 2000
                    li   r9, 0x9E3779B97F4A7C15
                    li   r13, 3
            loop:   andi r5, r2, 63
                    shli r6, r5, 3
                    add  r6, r6, r1
                    st   r9, 0(r6)
                    andi r7, r2, 7
                    add  r8, r6, r7
                    sb   r2, 0(r8)
                    lb   r10, 0(r8)
                    add  r11, r11, r10
                    lb   r10, 3(r6)
                    add  r11, r11, r10
                    fadd r12, r13, 8(r6)
                    swap r14, r11, 16(r6)
                    ld   r15, 16(r6)
                    cas  r16, r15, r2, 16(r6)
                    cas  r16, r13, r9, 16(r6)
                    add  r11, r11, r16
                    li   r17, 4096
                    add  r17, r17, r6
                    sb   r11, 5(r17)
                    lb   r10, 5(r17)
                    fadd r12, r10, 0(r17)
                    ld   r18, 0(r6)
                    add  r11, r11, r18
                    andi r21, r2, 3
                    li   r22, 4096
                    mul  r21, r21, r22
                    add  r21, r21, r1
                    fadd r12, r13, 24(r21)
                    sb   r2, 33(r21)
                    lb   r10, 34(r21)
                    add  r11, r11, r10
                    addi r2, r2, -1
                    bne  r2, r0, loop
                    halt
            """;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void byteAccessesAndAtomicsOnTheKeptPage(long seed) {
        keptPageRun(KEPT_PAGE_BYTES_AND_ATOMICS, seed, 2);
        keptPageRun(KEPT_PAGE_BYTES_AND_ATOMICS, seed, 64);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void theSecondKeptPageFollowsPacking(long seed) {
        keptPageRun(THREE_PAGES, seed, 2);
        keptPageRun(THREE_PAGES, seed, 3);
        keptPageRun(THREE_PAGES, seed, 64);
    }

    /**
     * The flat loop keeps one page across LD and ST; it must let go of it whenever the memory
     * may change under it. With two hot pages while the program walks eight, nearly every page
     * change packs a page and reuses its array; with 64, pages stay hot, and images taken
     * between slices share pages that the next store must copy (a kept page must never be one
     * an image shares). No listener is attached (a listener makes the loop drop the page at
     * every access). The final memory, and every image against the other loop's image taken at
     * the same instruction, must agree.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void theKeptPageFollowsPackingAndImages(long seed) {
        keptPageRun(PAGES, seed, 2);
        keptPageRun(PAGES, seed, 64);
    }

    private static void keptPageRun(String source, long seed, int hotPages) {
        ProgramImage program = Exec.assemble(source);
        SparseMemory tight = SparseMemory.holding(program, AddressMap.DEFAULT_MEMORY_PER_CPU, hotPages);
        SparseMemory roomy = SparseMemory.holding(program, AddressMap.DEFAULT_MEMORY_PER_CPU);
        Processor flat = new Processor(0, program, tight.size(), new FlatMemoryPort(tight), new Devices());
        Processor plain = new Processor(0, program, roomy.size(), new PlainPort(roomy), new Devices());
        SplittableRandom random = new SplittableRandom(seed);
        List<MemoryImage> flatImages = new ArrayList<>();
        List<MemoryImage> plainImages = new ArrayList<>();
        int slices = 0;
        while (!flat.state().isFinal() && slices++ < 100_000) {
            long icLimit = flat.instructionCount() + random.nextInt(1, 400);
            flat.run(Long.MAX_VALUE, icLimit);
            plain.run(Long.MAX_VALUE, icLimit);
            assertThat(ArchState.of(flat)).as("%d hot pages, slice %d", hotPages, slices).usingRecursiveComparison()
                    .isEqualTo(ArchState.of(plain));
            if (random.nextInt(10) == 0) {
                flatImages.add(tight.image());
                plainImages.add(roomy.image());
            }
        }
        assertThat(flat.state()).isEqualTo(ProcessorState.HALTED);
        assertThat(flat.instructionCount()).isGreaterThan(25_000);
        assertThat(tight.packedPages() > 0 || hotPages > 8).as("%d hot pages pack", hotPages).isTrue();
        assertThat(tight.sameContents(roomy)).isTrue();
        assertThat(flatImages).hasSizeGreaterThan(3);
        for (int i = 0; i < flatImages.size(); i++) {
            assertThat(new SparseMemory(flatImages.get(i)).sameContents(new SparseMemory(plainImages.get(i))))
                    .as("%d hot pages, image %d", hotPages, i).isTrue();
        }
    }

    /**
     * The loop keeps its memory pages across a system instruction that only changes registers,
     * control registers or the pc (the kernel's trap entry and return run several among the
     * stores and loads of a context: "Stop 35" in docs/performance-history.md), and drops them after
     * {@code rdcycle}, which reads the I/O port. The page kept is the one of the last store,
     * {@code word}'s.
     */
    @ParameterizedTest
    @ValueSource(strings = {"csrr r2, cpuid", "csrw scratch, r1", "di", "fence", "nop", "rdcycle r2"})
    void aSystemInstructionKeepsThePagesUnlessItMayReachTheMemory(String instruction) {
        Exec e = Exec.program("""
                        .data
                        .align 64
                word:   .word 0
                        .text
                _start: la   r1, word
                        st   r1, 0(r1)
                        st   r1, 0(r1)
                        %s
                        halt
                """.formatted(instruction), 1, "");
        KeptPages kept = e.cpu().keptPages;
        long page = e.reg(1) >>> KeptPages.PAGE_SHIFT; // word's address
        assertThat(kept.number).as(instruction).isEqualTo(instruction.startsWith("rdcycle") ? -1 : page);
    }
}
