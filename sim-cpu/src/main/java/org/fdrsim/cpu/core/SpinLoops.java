package org.fdrsim.cpu.core;

import org.fdrsim.cpu.isa.Opcode;

/**
 * Spin loops that {@link PortLoop} runs many iterations of at once. A spin loop here is a load,
 * or a swap, at pc {@code p} and a conditional branch at {@code p + 1} back to {@code p}, whose
 * access does not change the address it reads: a lock's test-and-set retried while another
 * processor holds the lock, a wait for a flag. Once one iteration has hit in the cache and the
 * branch goes back, every further iteration until something else happens to the block reads the
 * same value, writes the value the block already holds, and leaves every register as it was. And
 * nothing else can happen to the block within a slice: the run loop ends the slice before the
 * next event. So the iterations that fit in the slice are counted, not executed: the IC and the
 * cycle move as the interpreter would move them, and the cache counts the hits
 * ({@link MemoryPort#repeatHits}).
 *
 * <p>In the kernel's workloads most of the instructions are such retries (dynweb: 192,394 failed
 * swaps of 614,810 instructions; docs/performance-history.md, "Stop 27").
 */
final class SpinLoops {
    private static final int LD = Opcode.LD.ordinal();
    private static final int SWAP = Opcode.SWAP.ordinal();
    private static final int BEQ = Opcode.BEQ.ordinal();
    private static final int BNE = Opcode.BNE.ordinal();
    private static final int BLT = Opcode.BLT.ordinal();
    private static final int BGE = Opcode.BGE.ordinal();
    private static final int BLTU = Opcode.BLTU.ordinal();
    private static final int BGEU = Opcode.BGEU.ordinal();

    private SpinLoops() {
    }

    /**
     * The pcs that head a spin loop by the code alone (the values decide at run time): a load or
     * swap whose destination is not its address register (nor, for a swap, the register it
     * stores), followed by a conditional branch to it.
     */
    static boolean[] heads(int[] packed, long[] imm, int length) {
        boolean[] heads = new boolean[length + 1];
        for (int p = 0; p + 1 < length; p++) {
            int w = packed[p];
            int op = w & 0xff;
            int rd = w >>> 8 & 0xff;
            int base = w >>> 16 & 0xff;
            boolean access = op == LD || (op == SWAP && rd != w >>> 24);
            int branch = packed[p + 1] & 0xff;
            heads[p] = access && rd != base && branch >= BEQ && branch <= BGEU && imm[p + 1] == p;
        }
        return heads;
    }

    /**
     * Counts the iterations of the spin loop at {@code p} that run in full before the slice
     * stops, after the access at {@code p} that just hit (the caller checked that it changed no
     * memory), and records their hits. {@code ic} and {@code icStop} are the loop's locals before
     * the access's IC is counted; {@code hit} is the port's {@link MemoryPort#repeatedHitCycles}.
     * The caller adds {@code 2 * k} to the IC and {@code k * hit} to the extra cycles, and takes
     * the latter from the stop.
     * Returns {@code k}, 0 if the loop does not go round again or the hits must each be seen.
     */
    static long repeat(Processor cpu, int[] code, int p, long address, boolean write, long ic, long icStop,
            int hit) {
        if (hit < 0 || cpu.accessListener != null || !loopsBack(code[p + 1], cpu.immf[p + 1], cpu.regs, p)) {
            return 0;
        }
        long k = iterations(icStop - (ic + 1), hit);
        if (k > 0) {
            cpu.memory.repeatHits(address, write, ic + 2 * k + 1, k);
            cpu.countedSpinIterations += k;
        }
        return k;
    }

    /**
     * How many (branch, access) pairs run in full when {@code gap} is the stop minus the IC after
     * the access and each access costs {@code hit} extra cycles: pair {@code j} does if
     * {@code gap - j * (2 + hit) >= 2}, as the interpreter's loop tests before each instruction.
     */
    static long iterations(long gap, int hit) {
        if (gap < 2) {
            return 0;
        }
        // FDR1's L1 hit costs no extra cycle: a shift, not a division, on every spinning slice
        return (hit == 0 ? (gap - 2) >>> 1 : (gap - 2) / (2 + hit)) + 1;
    }

    /** Whether {@code w} (still the branch: a breakpoint may be patched there) goes back to {@code p}. */
    private static boolean loopsBack(int w, long target, long[] r, int p) {
        if (target != p) {
            return false;
        }
        int op = w & 0xff;
        long x = r[w >>> 16 & 0xff];
        long y = r[w >>> 24];
        if (op == BEQ) {
            return x == y;
        } else if (op == BNE) {
            return x != y;
        } else if (op == BLT) {
            return x < y;
        } else if (op == BGE) {
            return x >= y;
        } else if (op == BLTU) {
            return Long.compareUnsigned(x, y) < 0;
        } else if (op == BGEU) {
            return Long.compareUnsigned(x, y) >= 0;
        }
        return false;
    }
}
