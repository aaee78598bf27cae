package org.fdrsim.cpu.core;

import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.Code;

/**
 * What {@link FlatLoop}'s loop leaves to {@link FlatLoop#run} besides the system instructions:
 * memory accesses off its kept pages (a page change, a device register, a fault, and every
 * access while a listener watches), and the faulting cases of {@code div}, {@code rem},
 * {@code jalr} and {@code ret}. Each is executed here in full, so that the loop itself makes
 * no call (see {@link FlatLoop#run} why); after a memory access the accessed page becomes the
 * first kept page ({@link KeptPages#keep}).
 */
final class FlatSlowInstructions {
    private FlatSlowInstructions() {
    }

    /** True if {@code op} is executed here rather than by {@link SystemInstructions}. */
    static boolean executes(int op) {
        return op == 7 || op == 8 || op >= 25 && op <= 31 || op == 40 || op == 41;
    }

    /**
     * Executes the instruction at {@code p} (packed word {@code w}, opcode one that
     * {@link #executes}) with the processor's IC {@code ic} before it and its clock at
     * {@code cycle}. Returns the next pc, or {@link SystemInstructions#STOP_AT} after a fault (pc
     * stays on the instruction). A device access adds its cycles to the processor's clock.
     */
    static int execute(Processor cpu, int p, int w, long ic, long cycle) {
        final long[] r = cpu.regs;
        final int op = w & 0xff;
        switch (op) {
            case 7: // DIV
            case 8: { // REM
                long d = r[(w >>> 24)];
                if (d == 0) {
                    cpu.fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
                    return SystemInstructions.STOP_AT;
                }
                long n = r[(w >>> 16 & 0xff)];
                r[(w >>> 8 & 0xff)] = op == 7 ? n / d : n % d;
                return p + 1;
            }
            case 40: // JALR
            case 41: { // RET
                long target = r[op == 40 ? (w >>> 16 & 0xff) : Code.DISCARD_REGISTER - 1];
                if (target < 0 || target >= cpu.codeLength) {
                    cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                    return SystemInstructions.STOP_AT;
                }
                if (op == 40) {
                    r[(w >>> 8 & 0xff)] = p + 1;
                }
                return (int) target;
            }
            default:
                return access(cpu, p, w, ic, cycle);
        }
    }

    /** A load, store or atomic (LD .. FADD) as {@link #execute} describes. */
    private static int access(Processor cpu, int p, int w, long ic, long cycle) {
        final SparseMemory mem = cpu.flat;
        final long[] r = cpu.regs;
        final int op = w & 0xff;
        long a = r[(w >>> 16 & 0xff)] + cpu.immf[p];
        if (op <= 26 && ((a & 7) != 0 || Long.compareUnsigned(a, cpu.memorySize) >= 0)) {
            return deviceAccess(cpu, p, w, a, ic, cycle);
        }
        if (op > 26 && (op > 28 && (a & 7) != 0 || Long.compareUnsigned(a, cpu.memorySize) >= 0)) {
            cpu.faultOnAddress(p, a, ic);
            return SystemInstructions.STOP_AT;
        }
        long packings = mem.packings();
        long v;
        boolean store;
        switch (op) {
            case 25: // LD
            case 27: // LB
                v = op == 25 ? mem.loadWord(a) : mem.loadByte(a);
                r[(w >>> 8 & 0xff)] = v;
                store = false;
                break;
            case 26: // ST
                v = r[(w >>> 24)];
                mem.storeWord(a, v);
                store = true;
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
        cpu.keptPages.keep(cpu, a, packings);
        if (cpu.accessListener != null) {
            cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, store, v);
        }
        return p + 1;
    }

    /**
     * A word load or store that is not an aligned in-memory access: a device register (its
     * cycles go on the clock; a store may raise an interrupt, taken at once) or a fault.
     */
    private static int deviceAccess(Processor cpu, int p, int w, long a, long ic, long cycle) {
        cpu.keptPages.clear(); // a device may reach the memory
        boolean done = (w & 0xff) == 25
                ? cpu.deviceLoad(p, a, ic, cycle)
                : cpu.deviceStore(p, a, cpu.regs[(w >>> 24)], ic, cycle);
        if (!done) {
            return SystemInstructions.STOP_AT;
        }
        cpu.cycle += cpu.deviceAccessCycles;
        if ((w & 0xff) == 26 && cpu.pendingInterrupts != 0 && (cpu.csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
            return cpu.takeInterrupt(p + 1, ic + 1, cpu.cycle + 1);
        }
        return p + 1;
    }
}
