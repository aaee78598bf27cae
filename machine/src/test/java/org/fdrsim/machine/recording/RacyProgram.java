package org.fdrsim.machine.recording;

import java.util.SplittableRandom;

/**
 * A seeded random racy program (test code): every processor runs its own random sequence of
 * loads, stores and atomics on a few shared blocks (several words per block, so false sharing
 * too), mixed with ALU instructions, then halts.
 */
final class RacyProgram {
    private RacyProgram() {}

    /**
     * @param cpus   processors
     * @param blocks shared 64-byte blocks (more than the L2 holds: replacements and writebacks)
     * @param ops    operations per processor
     */
    static String generate(long seed, int cpus, int blocks, int ops) {
        SplittableRandom rnd = new SplittableRandom(seed);
        StringBuilder s = new StringBuilder();
        s.append(".data\nshared: .space ").append(64 * blocks).append("\n.text\n_start:\n");
        s.append("  csrr r1, cpuid\n  la r2, shared\n");
        for (int c = 0; c < cpus; c++) {
            s.append("  li r3, ").append(c).append("\n  beq r1, r3, cpu").append(c).append('\n');
        }
        s.append("  halt\n");
        for (int c = 0; c < cpus; c++) {
            s.append("cpu").append(c).append(":\n  li r6, ").append(c * 1000 + 1).append('\n');
            for (int i = 0; i < ops; i++) {
                int off = 64 * rnd.nextInt(blocks) + 8 * rnd.nextInt(4);
                int kind = rnd.nextInt(10);
                switch (kind) {
                    case 0, 1, 2 -> s.append("  ld r5, ").append(off).append("(r2)\n");
                    case 3, 4 -> s.append("  addi r6, r6, 1\n  st r6, ").append(off).append("(r2)\n");
                    case 5 -> s.append("  fadd r7, r6, ").append(off).append("(r2)\n");
                    case 6 -> s.append("  swap r7, r6, ").append(off).append("(r2)\n");
                    case 7 -> s.append("  cas r7, r5, r6, ").append(off).append("(r2)\n");
                    default -> s.append("  add r8, r5, r7\n");
                }
            }
            s.append("  halt\n");
        }
        return s.toString();
    }
}
