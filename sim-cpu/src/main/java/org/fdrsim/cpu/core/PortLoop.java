package org.fdrsim.cpu.core;

import org.fdrsim.cpu.isa.Csr;

import org.fdrsim.cpu.program.Code;

/**
 * The instruction loop of a processor whose memory is a {@link MemoryPort} that may miss (the
 * timed machine's caches): {@link Processor#run} comes here unless the memory is flat. Program
 * counter, instruction count and cycle live in locals; an access that misses ends the slice,
 * and the port completes the instruction later. Its twin over flat memory is {@link FlatLoop}:
 * any change to an instruction's semantics must be made in both ({@code FlatLoopTest} runs them
 * side by side).
 */
final class PortLoop {
    private PortLoop() {
    }

    /** Runs {@code cpu} as {@link Processor#run} describes. */
    static ProcessorState run(Processor cpu, long cycleLimit, long icLimit) {
        if (cpu.state != ProcessorState.RUNNING) {
            return cpu.state;
        }
        final int[] op = cpu.op;
        final int[] rdf = cpu.rdf;
        final int[] rs1f = cpu.rs1f;
        final int[] rs2f = cpu.rs2f;
        final int[] rs3f = cpu.rs3f;
        final long[] immf = cpu.immf;
        final long[] r = cpu.regs;
        final long memSize = cpu.memorySize;
        final MemoryPort mem = cpu.memory;

        int pc = cpu.pc;
        long ic = cpu.ic;
        // Every instruction costs one cycle, so the cycle limit is also an instruction budget;
        // extra memory latency shrinks the budget. cycle = cycleBase + ic + extra.
        final long cycleBase = cpu.cycle - ic;
        long extra = 0;
        long icStop = Math.min(icLimit, ic + (cycleLimit - cpu.cycle));

        if (cpu.pendingInterrupts != 0 && (cpu.csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
            pc = cpu.takeInterrupt(pc, ic);
        }

        run:
        while (ic < icStop) {
            final int p = pc++;
            switch (op[p]) {
                case 0: // LI
                case 1: // LA
                    r[rdf[p]] = immf[p];
                    break;
                case 2: // MOV
                    r[rdf[p]] = r[rs1f[p]];
                    break;
                case 3: // NOP
                    break;
                case 4: // ADD
                    r[rdf[p]] = r[rs1f[p]] + r[rs2f[p]];
                    break;
                case 5: // SUB
                    r[rdf[p]] = r[rs1f[p]] - r[rs2f[p]];
                    break;
                case 6: // MUL
                    r[rdf[p]] = r[rs1f[p]] * r[rs2f[p]];
                    break;
                case 7: { // DIV
                    long d = r[rs2f[p]];
                    if (d == 0) {
                        pc = p;
                        cpu.fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
                        break run;
                    }
                    r[rdf[p]] = r[rs1f[p]] / d;
                    break;
                }
                case 8: { // REM
                    long d = r[rs2f[p]];
                    if (d == 0) {
                        pc = p;
                        cpu.fault(FaultKind.DIVISION_BY_ZERO, p, ic, 0);
                        break run;
                    }
                    r[rdf[p]] = r[rs1f[p]] % d;
                    break;
                }
                case 9: // AND
                    r[rdf[p]] = r[rs1f[p]] & r[rs2f[p]];
                    break;
                case 10: // OR
                    r[rdf[p]] = r[rs1f[p]] | r[rs2f[p]];
                    break;
                case 11: // XOR
                    r[rdf[p]] = r[rs1f[p]] ^ r[rs2f[p]];
                    break;
                case 12: // SHL (shift amounts use the low 6 bits)
                    r[rdf[p]] = r[rs1f[p]] << r[rs2f[p]];
                    break;
                case 13: // SHR
                    r[rdf[p]] = r[rs1f[p]] >>> r[rs2f[p]];
                    break;
                case 14: // SAR
                    r[rdf[p]] = r[rs1f[p]] >> r[rs2f[p]];
                    break;
                case 15: // SLT
                    r[rdf[p]] = r[rs1f[p]] < r[rs2f[p]] ? 1 : 0;
                    break;
                case 16: // SLTU
                    r[rdf[p]] = Long.compareUnsigned(r[rs1f[p]], r[rs2f[p]]) < 0 ? 1 : 0;
                    break;
                case 17: // ADDI
                    r[rdf[p]] = r[rs1f[p]] + immf[p];
                    break;
                case 18: // ANDI
                    r[rdf[p]] = r[rs1f[p]] & immf[p];
                    break;
                case 19: // ORI
                    r[rdf[p]] = r[rs1f[p]] | immf[p];
                    break;
                case 20: // XORI
                    r[rdf[p]] = r[rs1f[p]] ^ immf[p];
                    break;
                case 21: // SHLI
                    r[rdf[p]] = r[rs1f[p]] << immf[p];
                    break;
                case 22: // SHRI
                    r[rdf[p]] = r[rs1f[p]] >>> immf[p];
                    break;
                case 23: // SARI
                    r[rdf[p]] = r[rs1f[p]] >> immf[p];
                    break;
                case 24: // SLTI
                    r[rdf[p]] = r[rs1f[p]] < immf[p] ? 1 : 0;
                    break;
                case 25: { // LD
                    long a = r[rs1f[p]] + immf[p];
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        if (!cpu.deviceLoad(p, a, ic, cycleBase + ic + extra)) {
                            break run;
                        }
                        pc = p + 1;
                        extra += cpu.deviceAccessCycles;
                        icStop -= cpu.deviceAccessCycles;
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
                    r[rdf[p]] = v;
                    if (cpu.accessListener != null) {
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, false, v);
                    }
                    break;
                }
                case 26: { // ST
                    long a = r[rs1f[p]] + immf[p];
                    long v = r[rs2f[p]];
                    if ((a & 7) != 0 || Long.compareUnsigned(a, memSize) >= 0) {
                        pc = p;
                        if (!cpu.deviceStore(p, a, v, ic, cycleBase + ic + extra)) {
                            break run;
                        }
                        pc = p + 1;
                        extra += cpu.deviceAccessCycles;
                        icStop -= cpu.deviceAccessCycles;
                        if (cpu.pendingInterrupts != 0 && (cpu.csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
                            pc = cpu.takeInterrupt(pc, ic + 1);
                        }
                        break;
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
                    long a = r[rs1f[p]] + immf[p];
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
                    r[rdf[p]] = v;
                    if (cpu.accessListener != null) {
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, false, v);
                    }
                    break;
                }
                case 28: { // SB
                    long a = r[rs1f[p]] + immf[p];
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
                    long v = r[rs2f[p]] & 0xff;
                    mem.storeByte(a, (int) v);
                    if (cpu.accessListener != null) {
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, true, v);
                    }
                    break;
                }
                case 29: // CAS
                case 30: // SWAP
                case 31: { // FADD
                    long a = r[rs1f[p]] + immf[p];
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
                    long operand = r[rs2f[p]];
                    int o = op[p];
                    if (o == 29) {
                        if (old == operand) {
                            mem.storeWord(a, r[rs3f[p]]);
                        }
                    } else if (o == 30) {
                        mem.storeWord(a, operand);
                    } else {
                        mem.storeWord(a, old + operand);
                    }
                    r[rdf[p]] = old;
                    if (cpu.accessListener != null) {
                        cpu.accessListener.memoryAccess(cpu.id, ic + 1, p, a, true, old);
                    }
                    break;
                }
                case 32: // BEQ
                    if (r[rs1f[p]] == r[rs2f[p]]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 33: // BNE
                    if (r[rs1f[p]] != r[rs2f[p]]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 34: // BLT
                    if (r[rs1f[p]] < r[rs2f[p]]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 35: // BGE
                    if (r[rs1f[p]] >= r[rs2f[p]]) {
                        pc = (int) immf[p];
                    }
                    break;
                case 36: // BLTU
                    if (Long.compareUnsigned(r[rs1f[p]], r[rs2f[p]]) < 0) {
                        pc = (int) immf[p];
                    }
                    break;
                case 37: // BGEU
                    if (Long.compareUnsigned(r[rs1f[p]], r[rs2f[p]]) >= 0) {
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
                    long target = r[rs1f[p]];
                    if (target < 0 || target >= cpu.codeLength) {
                        pc = p;
                        cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    r[rdf[p]] = p + 1;
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
                case 42: // CSRR
                    r[rdf[p]] = cpu.csrs[(int) immf[p]];
                    break;
                case 43: { // CSRW
                    int c = (int) immf[p];
                    if (c != Processor.CPUID) {
                        cpu.csrs[c] = r[rs1f[p]];
                    }
                    if (c == Processor.STATUS && cpu.pendingInterrupts != 0 && (cpu.csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
                        pc = cpu.takeInterrupt(pc, ic + 1);
                    }
                    break;
                }
                case 44: // EI
                    cpu.csrs[Processor.STATUS] |= Csr.STATUS_IE;
                    if (cpu.pendingInterrupts != 0) {
                        pc = cpu.takeInterrupt(pc, ic + 1);
                    }
                    break;
                case 45: // DI
                    cpu.csrs[Processor.STATUS] &= ~Csr.STATUS_IE;
                    break;
                case 46: { // IRET
                    long target = cpu.csrs[Processor.EPC];
                    if (target < 0 || target >= cpu.codeLength) {
                        pc = p;
                        cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                        break run;
                    }
                    pc = (int) target;
                    cpu.csrs[Processor.STATUS] |= Csr.STATUS_IE;
                    if (cpu.pendingInterrupts != 0) {
                        pc = cpu.takeInterrupt(pc, ic + 1);
                    }
                    break;
                }
                case 47: { // TRAP: synchronous, taken whether or not interrupts are enabled
                    long handler = cpu.csrs[Processor.IVEC];
                    if (handler < 0 || handler >= cpu.codeLength) {
                        pc = p;
                        cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, handler);
                        break run;
                    }
                    cpu.csrs[Processor.EPC] = p + 1;
                    cpu.csrs[Processor.CAUSE] = Csr.TRAP_CAUSE_BASE + immf[p];
                    cpu.csrs[Processor.STATUS] &= ~Csr.STATUS_IE;
                    pc = (int) handler;
                    break;
                }
                case 48: // WFI: commits, then sleeps unless an interrupt is already pending
                    if (cpu.pendingInterrupts == 0) {
                        ic++;
                        cpu.state = ProcessorState.SLEEPING;
                        break run;
                    }
                    if ((cpu.csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
                        pc = cpu.takeInterrupt(pc, ic + 1);
                    }
                    break;
                case 49: // FENCE: a no-op under sequential consistency
                    break;
                case 50: // HALT
                    ic++;
                    cpu.state = ProcessorState.HALTED;
                    break run;
                case 51: // RDCYCLE
                    r[rdf[p]] = cpu.io.readCycleCounter(cpu.id, cycleBase + ic + extra);
                    break;
                case 52: // TRIGGER
                    ic++;
                    cpu.triggerCode = immf[p];
                    cpu.state = ProcessorState.TRIGGERED;
                    break run;
                case 53: // ASSERT
                    if (r[rs1f[p]] == 0) {
                        ic++;
                        cpu.triggerCode = immf[p];
                        cpu.state = ProcessorState.TRIGGERED;
                        break run;
                    }
                    break;
                default:
                    pc = p;
                    if (op[p] != Code.BREAK) { // Code.FALL_OFF: ran past the last instruction
                        cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, p);
                    }
                    break run; // Code.BREAK: stop before the patched instruction, pc on it
            }
            ic++;
        }
        cpu.pc = pc;
        cpu.cycle = cycleBase + ic + extra;
        cpu.ic = ic;
        return cpu.state;
    }
}
