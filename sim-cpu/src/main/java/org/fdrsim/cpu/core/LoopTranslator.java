package org.fdrsim.cpu.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import org.fdrsim.cpu.program.Code;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Compiles a hot loop of a processor's code, the instructions from a loop's head to the
 * branch back to it, into a {@link TranslatedLoop}: a hidden class whose one method does what
 * the interpreter would, instruction by instruction, with registers in JVM locals (loaded from
 * the processor's array on entry, stored back on every way out) and memory through its kept
 * pages. Guest branches inside the range become JVM branches, so the JIT compiles the guest
 * loop as if it were Java, with no decode and no dispatch.
 *
 * <p>What the loop cannot run without the machine (a page not kept, a device, a division by
 * zero, an indirect jump, a system instruction) ends the run on that instruction, not executed;
 * so does a branch out of the range. The instruction budget is checked at each branch back
 * (no path between two of them is longer than the range), so a run stops within one pass of
 * its budget's end and the interpreter does the rest exactly.
 */
final class LoopTranslator {
    /** The longest range translated (a larger loop stays in the interpreter). */
    static final int MAX_LENGTH = 256;
    /**
     * The most bytecode the method may have: the JIT does not compile a method of more than
     * 8,000 bytes (HotSpot's {@code HugeMethodLimit}), and a loop left in the JVM's bytecode
     * interpreter would be slower than ours.
     */
    static final int MAX_CODE_BYTES = 7_900;

    private static final String KEPT = "org/fdrsim/cpu/core/KeptPages";
    private static final String OPS = "org/fdrsim/cpu/core/LoopOps";
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    /** Translated loops by what they translate (any thread: the functional machines of {@code fdr verify -j} share it). */
    private static final ConcurrentHashMap<Region, TranslatedLoop> CACHE = new ConcurrentHashMap<>();
    /** Loops the cache holds before it starts again (a class is small; this bounds a long-lived JVM). */
    private static final int CACHE_LIMIT = 10_000;
    // locals of the generated run(long[] r, KeptPages kept, int budget)
    private static final int R = 1;
    private static final int KEPT_PAGES = 2;
    private static final int BUDGET = 3;
    private static final int COUNT = 4;
    private static final int ADDRESS = 5; // a long: 5 and 6
    private static final int PAGE = 7;
    /** Guest register i lives in the long local {@code FIRST_REGISTER + 2 * i} while the loop runs. */
    private static final int FIRST_REGISTER = 8;
    private static final int REGISTERS = Code.DISCARD_REGISTER + 1;
    /** The run's result, (count << 32) | pc, on its way out through the write-back. */
    private static final int RESULT = FIRST_REGISTER + 2 * REGISTERS;

    private final int[] packed;
    private final long[] imm;
    private final int[] rs3;
    private final int head;
    private final int end;
    private final int length;
    private final Label[] labels;
    /** Registers the loop reads or writes: loaded into locals on entry. */
    private final boolean[] used = new boolean[REGISTERS];
    /** Registers the loop writes: stored back on every way out. */
    private final boolean[] written = new boolean[REGISTERS];
    /** Where every way out goes with its result on the stack: the registers' write-back. */
    private final Label writeBack = new Label();

    private LoopTranslator(Processor cpu, int head, int end) {
        this.packed = cpu.packed;
        this.imm = cpu.immf;
        this.rs3 = cpu.rs3f;
        this.head = head;
        this.end = end;
        this.length = end - head + 1;
        this.labels = new Label[length];
        for (int i = 0; i < length; i++) {
            labels[i] = new Label();
        }
    }

    /**
     * The loop from {@code head} to the branch back at {@code end}, or null if it is not worth
     * translating (longer than {@link #MAX_LENGTH}, more bytecode than {@link #MAX_CODE_BYTES},
     * or its head is not an instruction it runs).
     */
    static TranslatedLoop translate(Processor cpu, int head, int end) {
        if (end < head || end - head + 1 > MAX_LENGTH || !runs(cpu.packed[head] & 0xff)) {
            return null;
        }
        // One class per loop per JVM, not per processor or run: a new class runs in the JVM's
        // bytecode interpreter until the JIT has compiled it, which every run of a benchmark
        // (a machine built anew) would otherwise pay again.
        Region region = Region.of(cpu, head, end);
        TranslatedLoop loop = CACHE.get(region);
        if (loop == null) {
            if (CACHE.size() >= CACHE_LIMIT) {
                CACHE.clear();
            }
            loop = CACHE.computeIfAbsent(region, r -> define(cpu, head, end));
        }
        return loop;
    }

    private static TranslatedLoop define(Processor cpu, int head, int end) {
        byte[] bytes = new LoopTranslator(cpu, head, end).classBytes();
        if (bytes == null) {
            return null; // too much bytecode: left to the interpreter
        }
        try {
            Class<?> c = LOOKUP.defineHiddenClass(bytes, true).lookupClass();
            return (TranslatedLoop) LOOKUP.findConstructor(c, MethodType.methodType(void.class))
                    .asType(MethodType.methodType(TranslatedLoop.class)).invokeExact();
        } catch (Throwable e) {
            throw new IllegalStateException("could not load the translated loop at pc " + head, e);
        }
    }

    /** True for the opcodes a translated loop executes (the rest end its run). */
    static boolean runs(int op) {
        return op <= 39; // LI .. JAL: not JALR, RET, system instructions, breakpoints, the end
    }

    /** The hidden class's bytes, or null if its method would be longer than {@link #MAX_CODE_BYTES}. */
    private byte[] classBytes() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object"; // only arrays and KeptPages meet; no class loading here
            }
        };
        String name = "org/fdrsim/cpu/core/TranslatedLoopAt" + head;
        cw.visit(Opcodes.V17, Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null, "java/lang/Object",
                new String[] {"org/fdrsim/cpu/core/TranslatedLoop"});
        MethodVisitor init = cw.visitMethod(0, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "run", "([J" + "L" + KEPT + ";I)J", null, null);
        mv.visitCode();
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ISTORE, COUNT);
        // The registers are JVM locals while the loop runs, not the array: a store to a page
        // (also a long[]) could be one to the register array for all the JIT knows, so with the
        // array every register read after a store would be a load again. The loads on entry
        // come last in the code, when the instructions have said which registers they use.
        Label entry = new Label();
        mv.visitJumpInsn(Opcodes.GOTO, entry);
        for (int p = head; p <= end; p++) {
            mv.visitLabel(labels[p - head]);
            instruction(mv, p);
        }
        exit(mv, end + 1); // the branch back fell through
        mv.visitLabel(writeBack);
        mv.visitVarInsn(Opcodes.LSTORE, RESULT);
        for (int i = 0; i < REGISTERS; i++) {
            if (written[i]) {
                mv.visitVarInsn(Opcodes.ALOAD, R);
                mv.visitLdcInsn(i);
                mv.visitVarInsn(Opcodes.LLOAD, local(i));
                mv.visitInsn(Opcodes.LASTORE);
            }
        }
        mv.visitVarInsn(Opcodes.LLOAD, RESULT);
        mv.visitInsn(Opcodes.LRETURN);
        mv.visitLabel(entry);
        for (int i = 0; i < REGISTERS; i++) {
            if (used[i]) {
                mv.visitVarInsn(Opcodes.ALOAD, R);
                mv.visitLdcInsn(i);
                mv.visitInsn(Opcodes.LALOAD);
                mv.visitVarInsn(Opcodes.LSTORE, local(i));
            }
        }
        mv.visitJumpInsn(Opcodes.GOTO, labels[0]);
        Label endOfCode = new Label();
        mv.visitLabel(endOfCode);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return endOfCode.getOffset() > MAX_CODE_BYTES ? null : cw.toByteArray();
    }

    private void instruction(MethodVisitor mv, int p) {
        int w = packed[p];
        int op = w & 0xff;
        int rd = w >>> 8 & 0xff;
        int rs1 = w >>> 16 & 0xff;
        int rs2 = w >>> 24;
        long k = imm[p];
        switch (op) {
            case 0, 1 -> { // LI, LA
                mv.visitLdcInsn(k);
                storeReg(mv, rd);
            }
            case 2 -> { // MOV
                reg(mv, rs1);
                storeReg(mv, rd);
            }
            case 3 -> { // NOP
            }
            case 4, 5, 6, 9, 10, 11 -> { // ADD SUB MUL AND OR XOR
                reg(mv, rs1);
                reg(mv, rs2);
                mv.visitInsn(binary(op));
                storeReg(mv, rd);
            }
            case 7, 8 -> { // DIV, REM: the interpreter faults on a zero divisor
                reg(mv, rs2);
                mv.visitInsn(Opcodes.LCONST_0);
                mv.visitInsn(Opcodes.LCMP);
                Label ok = new Label();
                mv.visitJumpInsn(Opcodes.IFNE, ok);
                exit(mv, p);
                mv.visitLabel(ok);
                reg(mv, rs1);
                reg(mv, rs2);
                mv.visitInsn(op == 7 ? Opcodes.LDIV : Opcodes.LREM);
                storeReg(mv, rd);
            }
            case 12, 13, 14 -> { // SHL SHR SAR: the low 6 bits of the amount
                reg(mv, rs1);
                reg(mv, rs2);
                mv.visitInsn(Opcodes.L2I);
                mv.visitInsn(op == 12 ? Opcodes.LSHL : op == 13 ? Opcodes.LUSHR : Opcodes.LSHR);
                storeReg(mv, rd);
            }
            case 15, 16 -> { // SLT, SLTU
                reg(mv, rs1);
                flipIfUnsigned(mv, op == 16);
                reg(mv, rs2);
                flipIfUnsigned(mv, op == 16);
                lessThanToLong(mv);
                storeReg(mv, rd);
            }
            case 17, 18, 19, 20 -> { // ADDI ANDI ORI XORI
                reg(mv, rs1);
                mv.visitLdcInsn(k);
                mv.visitInsn(op == 17 ? Opcodes.LADD : op == 18 ? Opcodes.LAND : op == 19 ? Opcodes.LOR : Opcodes.LXOR);
                storeReg(mv, rd);
            }
            case 21, 22, 23 -> { // SHLI SHRI SARI
                reg(mv, rs1);
                mv.visitLdcInsn((int) k & 63);
                mv.visitInsn(op == 21 ? Opcodes.LSHL : op == 22 ? Opcodes.LUSHR : Opcodes.LSHR);
                storeReg(mv, rd);
            }
            case 24 -> { // SLTI
                reg(mv, rs1);
                mv.visitLdcInsn(k);
                lessThanToLong(mv);
                storeReg(mv, rd);
            }
            case 25, 26, 27, 28, 29, 30, 31 -> access(mv, p, op, rd, rs1, rs2, k);
            case 32, 33, 34, 35, 36, 37 -> { // conditional branches
                count(mv);
                reg(mv, rs1);
                flipIfUnsigned(mv, op >= 36);
                reg(mv, rs2);
                flipIfUnsigned(mv, op >= 36);
                mv.visitInsn(Opcodes.LCMP);
                Label notTaken = new Label();
                mv.visitJumpInsn(inverse(op), notTaken);
                jump(mv, p, (int) k);
                mv.visitLabel(notTaken);
            }
            case 38 -> { // J
                count(mv);
                jump(mv, p, (int) k);
            }
            case 39 -> { // JAL: ra = r31
                mv.visitLdcInsn((long) (p + 1));
                storeReg(mv, Code.DISCARD_REGISTER - 1);
                count(mv);
                jump(mv, p, (int) k);
            }
            default -> exit(mv, p); // left to the interpreter
        }
        if (op < 32 && runs(op)) {
            count(mv);
        }
    }

    /** A load, store or atomic on a kept page; any other page ends the run on it. */
    private void access(MethodVisitor mv, int p, int op, int rd, int rs1, int rs2, long k) {
        reg(mv, rs1);
        mv.visitLdcInsn(k);
        mv.visitInsn(Opcodes.LADD);
        mv.visitVarInsn(Opcodes.LSTORE, ADDRESS);
        mv.visitVarInsn(Opcodes.ALOAD, KEPT_PAGES);
        mv.visitVarInsn(Opcodes.LLOAD, ADDRESS);
        boolean word = op != 27 && op != 28;
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, KEPT, word ? "wordPage" : "bytePage", "(J)[J", false);
        mv.visitVarInsn(Opcodes.ASTORE, PAGE);
        mv.visitVarInsn(Opcodes.ALOAD, PAGE);
        Label kept = new Label();
        mv.visitJumpInsn(Opcodes.IFNONNULL, kept);
        exit(mv, p);
        mv.visitLabel(kept);
        switch (op) {
            case 25, 27 -> { // LD, LB
                pageAndAddress(mv);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, OPS, op == 25 ? "load" : "loadByte", "([JJ)J", false);
                storeReg(mv, rd);
            }
            case 26, 28 -> { // ST, SB
                pageAndAddress(mv);
                reg(mv, rs2);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, OPS, op == 26 ? "store" : "storeByte", "([JJJ)V", false);
            }
            default -> { // CAS, SWAP, FADD: the old word to rd
                pageAndAddress(mv);
                reg(mv, rs2);
                if (op == 29) {
                    reg(mv, rs3[p]);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, OPS, "cas", "([JJJJ)J", false);
                } else {
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, OPS, op == 30 ? "swap" : "fetchAdd", "([JJJ)J", false);
                }
                storeReg(mv, rd);
            }
        }
    }

    private static void pageAndAddress(MethodVisitor mv) {
        mv.visitVarInsn(Opcodes.ALOAD, PAGE);
        mv.visitVarInsn(Opcodes.LLOAD, ADDRESS);
    }

    /** A taken branch from {@code p} to {@code target}: inside the range a JVM branch, else the end of the run. */
    private void jump(MethodVisitor mv, int p, int target) {
        if (target < head || target > end) {
            exit(mv, target);
            return;
        }
        if (target <= p) { // back: room for one more pass?
            mv.visitVarInsn(Opcodes.ILOAD, COUNT);
            mv.visitLdcInsn(length);
            mv.visitInsn(Opcodes.IADD);
            mv.visitVarInsn(Opcodes.ILOAD, BUDGET);
            Label room = new Label();
            mv.visitJumpInsn(Opcodes.IF_ICMPLE, room);
            exit(mv, target);
            mv.visitLabel(room);
        }
        mv.visitJumpInsn(Opcodes.GOTO, labels[target - head]);
    }

    /** Ends the run on {@code pc}: (count << 32) | pc, returned after the registers' write-back. */
    private void exit(MethodVisitor mv, int pc) {
        mv.visitVarInsn(Opcodes.ILOAD, COUNT);
        mv.visitInsn(Opcodes.I2L);
        mv.visitLdcInsn(32);
        mv.visitInsn(Opcodes.LSHL);
        mv.visitLdcInsn(pc & 0xffffffffL);
        mv.visitInsn(Opcodes.LOR);
        mv.visitJumpInsn(Opcodes.GOTO, writeBack);
    }

    private static void count(MethodVisitor mv) {
        mv.visitIincInsn(COUNT, 1);
    }

    /** The JVM local (a long: two slots) that holds guest register {@code i} while the loop runs. */
    private static int local(int i) {
        return FIRST_REGISTER + 2 * i;
    }

    /** Pushes guest register {@code i}. */
    private void reg(MethodVisitor mv, int i) {
        used[i] = true;
        mv.visitVarInsn(Opcodes.LLOAD, local(i));
    }

    /** Pops the long on the stack into guest register {@code i}. */
    private void storeReg(MethodVisitor mv, int i) {
        used[i] = true; // loaded on entry too: a way out before this store writes the old value back
        written[i] = true;
        mv.visitVarInsn(Opcodes.LSTORE, local(i));
    }

    private static void flipIfUnsigned(MethodVisitor mv, boolean unsigned) {
        if (unsigned) {
            mv.visitLdcInsn(Long.MIN_VALUE);
            mv.visitInsn(Opcodes.LXOR);
        }
    }

    /** Two longs on the stack to 1L if the first is less, else 0L. */
    private static void lessThanToLong(MethodVisitor mv) {
        mv.visitInsn(Opcodes.LCMP);
        Label less = new Label();
        Label done = new Label();
        mv.visitJumpInsn(Opcodes.IFLT, less);
        mv.visitInsn(Opcodes.LCONST_0);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(less);
        mv.visitInsn(Opcodes.LCONST_1);
        mv.visitLabel(done);
    }

    private static int binary(int op) {
        return switch (op) {
            case 4 -> Opcodes.LADD;
            case 5 -> Opcodes.LSUB;
            case 6 -> Opcodes.LMUL;
            case 9 -> Opcodes.LAND;
            case 10 -> Opcodes.LOR;
            default -> Opcodes.LXOR;
        };
    }

    /** The JVM branch that skips a taken branch of {@code op} after LCMP. */
    private static int inverse(int op) {
        return switch (op) {
            case 32 -> Opcodes.IFNE; // BEQ
            case 33 -> Opcodes.IFEQ; // BNE
            case 34, 36 -> Opcodes.IFGE; // BLT, BLTU
            default -> Opcodes.IFLT; // BGE, BGEU
        };
    }

    /** What a translated loop's class depends on: the range's pcs and its instructions' fields. */
    private static final class Region {
        private final long[] words;
        private final int hash;

        private Region(long[] words) {
            this.words = words;
            this.hash = Arrays.hashCode(words);
        }

        static Region of(Processor cpu, int head, int end) {
            long[] words = new long[2 + 3 * (end - head + 1)];
            words[0] = head;
            words[1] = end;
            for (int p = head, i = 2; p <= end; p++, i += 3) {
                words[i] = cpu.packed[p];
                words[i + 1] = cpu.immf[p];
                words[i + 2] = cpu.rs3f[p];
            }
            return new Region(words);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Region other && hash == other.hash && Arrays.equals(words, other.words);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
