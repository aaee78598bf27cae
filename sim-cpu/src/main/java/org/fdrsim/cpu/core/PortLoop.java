package org.fdrsim.cpu.core;

import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.program.Code;

/**
 * The instruction loop of a processor whose memory is a {@link MemoryPort} that may miss (the
 * timed machine's caches): {@link Processor#run} comes here unless the memory is flat. Program
 * counter, instruction count and cycle live in locals; an access that misses ends the slice,
 * and the port completes the instruction later; a device store ends it after it commits (the
 * run loop then bounds the next slice by a timer or device event the store started), and a device
 * access past the processor's device horizon ends it before the access. Its twin over flat memory is {@link FlatLoop}:
 * any change to the semantics of an instruction in the switch must be made in both
 * ({@code FlatLoopTest} runs them side by side); system instructions are shared
 * ({@link SystemInstructions}). Only this loop counts spin loops' iterations instead of running
 * them ({@link SpinLoops}): here each iteration is a call into the caches, while over flat memory
 * a spin loop is a translated loop of plain array reads.
 */
final class PortLoop {
    private PortLoop() {
    }

    /** Runs {@code cpu} as {@link Processor#run} describes. */
    static ProcessorState run(Processor cpu, long cycleLimit, long icLimit) {
        if (cpu.state != ProcessorState.RUNNING) {
            return cpu.state;
        }
        final int[] code = cpu.packed;
        final int[] rs3f = cpu.rs3f;
        final long[] immf = cpu.immf;
        final long[] r = cpu.regs;
        final long memSize = cpu.memorySize;
        final MemoryPort mem = cpu.memory;
        final boolean[] spins = cpu.spinHeads;
        final int repeatHit = mem.repeatedHitCycles(); // the port's, asked once a slice

        int pc = cpu.pc;
        long ic = cpu.ic;
        // Every instruction costs one cycle, so the cycle limit is also an instruction budget;
        // extra memory latency shrinks the budget. cycle = cycleBase + ic + extra.
        final long cycleBase = cpu.cycle - ic;
        long extra = 0;
        long icStop = Math.min(icLimit, ic + (cycleLimit - cpu.cycle));

        if (cpu.pendingInterrupts != 0 && (cpu.csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
            pc = cpu.takeInterrupt(pc, ic, cpu.cycle);
            long wait = cpu.takeLogWait();
            extra += wait;
            icStop -= wait;
        }

        run:
        while (ic < icStop) {
            final int p = pc++;
            final int w = code[p];
            switch (w & 0xff) {
                case 0: // LI
                case 1: // LA
                    r[(w >>> 8 & 0xff)] = immf[p];
                    break;
                case 2: // MOV
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)];
                    break;
                case 3: // NOP
                    break;
                case 4: // ADD
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] + r[(w >>> 24)];
                    break;
                case 5: // SUB
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] - r[(w >>> 24)];
                    break;
                case 6: // MUL
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] * r[(w >>> 24)];
                    break;
                case 7: { // DIV
                    long d = r[(w >>> 24)];
                    if (d == 0) {
                        pc = p;
                        cpu.fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
                        break run;
                    }
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] / d;
                    break;
                }
                case 8: { // REM
                    long d = r[(w >>> 24)];
                    if (d == 0) {
                        pc = p;
                        cpu.fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
                        break run;
                    }
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] % d;
                    break;
                }
                case 9: // AND
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] & r[(w >>> 24)];
                    break;
                case 10: // OR
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] | r[(w >>> 24)];
                    break;
                case 11: // XOR
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] ^ r[(w >>> 24)];
                    break;
                case 12: // SHL (shift amounts use the low 6 bits)
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] << r[(w >>> 24)];
                    break;
                case 13: // SHR
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] >>> r[(w >>> 24)];
                    break;
                case 14: // SAR
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] >> r[(w >>> 24)];
                    break;
                case 15: // SLT
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] < r[(w >>> 24)] ? 1 : 0;
                    break;
                case 16: // SLTU
                    r[(w >>> 8 & 0xff)] = Long.compareUnsigned(r[(w >>> 16 & 0xff)], r[(w >>> 24)]) < 0 ? 1 : 0;
                    break;
                case 17: // ADDI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] + immf[p];
                    break;
                case 18: // ANDI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] & immf[p];
                    break;
                case 19: // ORI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] | immf[p];
                    break;
                case 20: // XORI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] ^ immf[p];
                    break;
                case 21: // SHLI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] << immf[p];
                    break;
                case 22: // SHRI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] >>> immf[p];
                    break;
                case 23: // SARI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] >> immf[p];
                    break;
                case 24: // SLTI
                    r[(w >>> 8 & 0xff)] = r[(w >>> 16 & 0xff)] < immf[p] ? 1 : 0;
                    break;
                case 25: { // LD
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        if (cpu.pastDeviceHorizon(cycleBase + ic + extra)) {
                            break run; // another processor is behind: its device accesses come first
                        }
                        if (!cpu.deviceLoad(p, a, ic, cycleBase + ic + extra)) {
                            break run;
                        }
                        pc = p + 1;
                        extra += cpu.deviceAccessCycles;
                        icStop -= cpu.deviceAccessCycles;
                        long wait = ioWait(cpu, cycleBase + ic + 1 + extra);
                        extra += wait;
                        icStop -= wait;
                        break;
                    }
                    int lat = mem.acquire(a, false, ic + 1, cycleBase + ic + extra);
                    if (lat != 0) {
                        if (lat < 0) {
                            pc = p;
                            cpu.state = ProcessorState.STALLED;
                            break run;
                        }
                        extra += lat;
                        icStop -= lat;
                    }
                    long v = mem.loadWord(a);
                    r[(w >>> 8 & 0xff)] = v;
                    if (cpu.accessListener != null) {
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, false, v);
                    }
                    if (spins[p]) {
                        long k = SpinLoops.repeat(cpu, code, p, a, false, ic, icStop, repeatHit);
                        long cycles = k * repeatHit;
                        ic += 2 * k;
                        extra += cycles;
                        icStop -= cycles;
                    }
                    break;
                }
                case 26: { // ST
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    long v = r[(w >>> 24)];
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        if (cpu.pastDeviceHorizon(cycleBase + ic + extra)) {
                            break run; // another processor is behind: its device accesses come first
                        }
                        if (!cpu.deviceStore(p, a, v, ic, cycleBase + ic + extra)) {
                            break run;
                        }
                        pc = p + 1;
                        extra += cpu.deviceAccessCycles;
                        icStop -= cpu.deviceAccessCycles;
                        if (cpu.pendingInterrupts != 0 && (cpu.csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
                            pc = cpu.takeInterrupt(pc, ic + 1, cycleBase + ic + 1 + extra);
                            extra += cpu.takeLogWait();
                        }
                        // The store may have armed a timer or started a device whose event comes
                        // before this slice's end: the run loop bounds the next slice by it.
                        ic++;
                        break run;
                    }
                    int lat = mem.acquire(a, true, ic + 1, cycleBase + ic + extra);
                    if (lat != 0) {
                        if (lat < 0) {
                            pc = p;
                            cpu.state = ProcessorState.STALLED;
                            break run;
                        }
                        extra += lat;
                        icStop -= lat;
                    }
                    mem.storeWord(a, v);
                    if (cpu.accessListener != null) {
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, true, v);
                    }
                    break;
                }
                case 27: { // LB
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    if (Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        cpu.faultOnAddress(p, a, ic);
                        break run;
                    }
                    int lat = mem.acquire(a, false, ic + 1, cycleBase + ic + extra);
                    if (lat != 0) {
                        if (lat < 0) {
                            pc = p;
                            cpu.state = ProcessorState.STALLED;
                            break run;
                        }
                        extra += lat;
                        icStop -= lat;
                    }
                    long v = mem.loadByte(a);
                    r[(w >>> 8 & 0xff)] = v;
                    if (cpu.accessListener != null) {
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, false, v);
                    }
                    break;
                }
                case 28: { // SB
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    if (Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        cpu.faultOnAddress(p, a, ic);
                        break run;
                    }
                    int lat = mem.acquire(a, true, ic + 1, cycleBase + ic + extra);
                    if (lat != 0) {
                        if (lat < 0) {
                            pc = p;
                            cpu.state = ProcessorState.STALLED;
                            break run;
                        }
                        extra += lat;
                        icStop -= lat;
                    }
                    long v = r[(w >>> 24)] & 0xff;
                    mem.storeByte(a, (int) v);
                    if (cpu.accessListener != null) {
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, true, v);
                    }
                    break;
                }
                case 29: // CAS
                case 30: // SWAP
                case 31: { // FADD
                    long a = r[(w >>> 16 & 0xff)] + immf[p];
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        cpu.faultOnAddress(p, a, ic);
                        break run;
                    }
                    int lat = mem.acquire(a, true, ic + 1, cycleBase + ic + extra);
                    if (lat != 0) {
                        if (lat < 0) {
                            pc = p;
                            cpu.state = ProcessorState.STALLED;
                            break run;
                        }
                        extra += lat;
                        icStop -= lat;
                    }
                    long old = mem.loadWord(a);
                    long operand = r[(w >>> 24)];
                    int o = w & 0xff;
                    if (o == 29) {
                        if (old == operand) {
                            mem.storeWord(a, r[rs3f[p]]);
                        }
                    } else if (o == 30) {
                        mem.storeWord(a, operand);
                    } else {
                        mem.storeWord(a, old + operand);
                    }
                    r[(w >>> 8 & 0xff)] = old;
                    if (cpu.accessListener != null) {
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, true, old);
                    }
                    if (spins[p] && old == operand) { // a swap that wrote the value it found
                        long k = SpinLoops.repeat(cpu, code, p, a, true, ic, icStop, repeatHit);
                        long cycles = k * repeatHit;
                        ic += 2 * k;
                        extra += cycles;
                        icStop -= cycles;
                    }
                    break;
                }
                case 32: // BEQ
                    if (r[(w >>> 16 & 0xff)] == r[(w >>> 24)]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 33: // BNE
                    if (r[(w >>> 16 & 0xff)] != r[(w >>> 24)]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 34: // BLT
                    if (r[(w >>> 16 & 0xff)] < r[(w >>> 24)]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 35: // BGE
                    if (r[(w >>> 16 & 0xff)] >= r[(w >>> 24)]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 36: // BLTU
                    if (Long.compareUnsigned(r[(w >>> 16 & 0xff)], r[(w >>> 24)]) < 0) {
                        pc = (int) immf[p];
                    }
                    break;
                case 37: // BGEU
                    if (Long.compareUnsigned(r[(w >>> 16 & 0xff)], r[(w >>> 24)]) >= 0) {
                        pc = (int) immf[p];
                    }
                    break;
                case 38: // J
                    pc = (int) immf[p];
                    break;
                case 39: // JAL
                    r[Code.DISCARD_REGISTER - 1] = p + 1; // ra = r31
                    pc = (int) immf[p];
                    break;
                case 40: { // JALR
                    long target = r[(w >>> 16 & 0xff)];
                    if (target < 0 || target >= cpu.codeLength) {
                        pc = p;
                        cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    r[(w >>> 8 & 0xff)] = p + 1;
                    pc = (int) target;
                    break;
                }
                case 41: { // RET
                    long target = r[Code.DISCARD_REGISTER - 1];
                    if (target < 0 || target >= cpu.codeLength) {
                        pc = p;
                        cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    pc = (int) target;
                    break;
                }
                default: { // the rest: system instructions, breakpoints, the end of the code
                    int next = SystemInstructions.execute(cpu, p, w & 0xff, ic, cycleBase + ic + extra);
                    if (next < 0) {
                        if (next == SystemInstructions.STOP_AFTER) {
                            ic++;
                        } else {
                            pc = p;
                        }
                        break run;
                    }
                    pc = next;
                    // RDCYCLE's value is an input-log entry; ei, iret, csrw and wfi may take an interrupt
                    long wait = (w & 0xff) == 51 ? ioWait(cpu, cycleBase + ic + 1 + extra) : cpu.takeLogWait();
                    if (wait != 0) {
                        extra += wait;
                        icStop -= wait;
                    }
                    break;
                }
            }
            ic++;
        }
        cpu.pc = pc;
        cpu.cycle = cycleBase + ic + extra;
        cpu.ic = ic;
        return cpu.state;
    }

    /**
     * The cycles {@code cpu} waits before its next instruction, due at {@code next}, because the
     * value it just loaded through its I/O port went into a full log buffer (0 if none); they are
     * counted. Charged here, instruction by instruction, so that the next {@code rdcycle} reads
     * the clock after the wait, as on the hardware.
     */
    private static long ioWait(Processor cpu, long next) {
        return cpu.logWait(cpu.io.waitUntil(cpu.id), next);
    }
}
