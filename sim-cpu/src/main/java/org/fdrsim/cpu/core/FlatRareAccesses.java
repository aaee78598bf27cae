package org.fdrsim.cpu.core;

import org.fdrsim.cpu.mem.SparseMemory;

/**
 * The flat loop's byte loads and stores and atomics ({@code lb}, {@code sb}, {@code cas},
 * {@code swap}, {@code fadd}) that its loop does not run itself: those off the page it keeps,
 * those that fault, and all of them while a listener watches memory accesses.
 * {@link FlatLoop#run} executes them between two runs of its loop (see there why).
 */
final class FlatRareAccesses {
    /** The first and last opcodes this class executes (LB .. FADD). */
    static final int FIRST = 27;
    static final int LAST = 31;

    private FlatRareAccesses() {
    }

    /**
     * Executes the instruction at {@code p} (packed word {@code w}) with the processor's IC
     * {@code ic} before it. Returns the next pc, or {@link SystemInstructions#STOP_AT} after a
     * fault (pc stays on the instruction).
     */
    static int execute(Processor cpu, int p, int w, long ic) {
        final SparseMemory mem = cpu.flat;
        final long[] r = cpu.regs;
        long a = r[(w >>> 16 & 0xff)] + cpu.immf[p];
        int op = w & 0xff;
        if (op > 28 && (a & 7) != 0 || Long.compareUnsigned(a, cpu.memorySize) >= 0) {
            cpu.faultOnAddress(p, a, ic);
            return SystemInstructions.STOP_AT;
        }
        long v;
        boolean store;
        switch (op) {
            case 27: // LB
                v = mem.loadByte(a);
                r[(w >>> 8 & 0xff)] = v;
                store = false;
                break;
            case 28: // SB
                v = r[(w >>> 24)] & 0xff;
                mem.storeByte(a, (int) v);
                store = true;
                break;
            default: { // CAS, SWAP, FADD: the old value to rd
                long old = mem.loadWord(a);
                long operand = r[(w >>> 24)];
                if (op == 29) {
                    if (old == operand) {
                        mem.storeWord(a, r[cpu.rs3f[p]]);
                    }
                } else if (op == 30) {
                    mem.storeWord(a, operand);
                } else {
                    mem.storeWord(a, old + operand);
                }
                r[(w >>> 8 & 0xff)] = old;
                v = old;
                store = true;
                break;
            }
        }
        if (cpu.accessListener != null) {
            cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, store, v);
        }
        return p + 1;
    }
}
