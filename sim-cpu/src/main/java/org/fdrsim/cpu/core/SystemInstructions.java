package org.fdrsim.cpu.core;

import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.program.Code;

/**
 * The instructions both loops ({@link PortLoop}, {@link FlatLoop}) leave to one shared method:
 * control and status registers, interrupts and traps, {@code wfi}, {@code halt},
 * {@code rdcycle}, {@code trigger} and {@code assert}, and the breakpoint or fall-off marker.
 * They are rare next to loads, stores, arithmetic and branches, so a call costs nothing that
 * shows, and they have one source instead of a copy in each loop's switch.
 */
final class SystemInstructions {
    /** {@link #execute}: stop the loop after the instruction, which committed (pc past it, IC + 1). */
    static final int STOP_AFTER = -1;
    /** {@link #execute}: stop the loop before the instruction (pc on it, IC unchanged). */
    static final int STOP_AT = -2;

    private SystemInstructions() {
    }

    /**
     * Whether executing {@code op} may reach the memory through something outside the processor,
     * so that a loop keeping memory pages ({@link KeptPages}) must drop them after it: only
     * {@code rdcycle}, which reads the I/O port. An interrupt an instruction takes calls the
     * processor's listener, and {@link Processor#takeInterrupt} drops the pages itself; the
     * instructions that stop the loop leave the pages to the next run, which drops them. The
     * others change registers, control registers and the pc only. The kernel's trap entry and
     * return run nine system instructions among the stores and loads of a context, which so stay
     * on the kept pages (docs/performance-history.md, "Stop 35").
     */
    static boolean mayReachMemory(int op) {
        return op == 51; // RDCYCLE
    }

    /**
     * Executes the instruction at {@code p}, whose opcode is {@code op} (the loop's, which may be
     * a patched breakpoint): the processor's IC is {@code ic} before it and its clock reads
     * {@code cycle}. Returns the pc to go on at (the loop counts the instruction as usual), or
     * {@link #STOP_AFTER} / {@link #STOP_AT} with the processor's state set (halted, sleeping,
     * triggered, faulted) or left running (a breakpoint).
     */
    static int execute(Processor cpu, int p, int op, long ic, long cycle) {
        final long[] r = cpu.regs;
        final long[] csrs = cpu.csrs;
        int next = p + 1;
        switch (op) {
            case 42: // CSRR
                r[cpu.rdf[p]] = csrs[(int) cpu.immf[p]];
                return next;
            case 43: { // CSRW
                int c = (int) cpu.immf[p];
                if (c != Processor.CPUID) {
                    csrs[c] = r[cpu.rs1f[p]];
                }
                if (c == Processor.STATUS && cpu.pendingInterrupts != 0 && (csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
                    return cpu.takeInterrupt(next, ic + 1, cycle + 1);
                }
                return next;
            }
            case 44: // EI
                csrs[Processor.STATUS] |= Csr.STATUS_IE;
                return cpu.pendingInterrupts != 0 ? cpu.takeInterrupt(next, ic + 1, cycle + 1) : next;
            case 45: // DI
                csrs[Processor.STATUS] &= ~Csr.STATUS_IE;
                return next;
            case 46: { // IRET
                long target = csrs[Processor.EPC];
                if (target < 0 || target >= cpu.codeLength) {
                    cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, target);
                    return STOP_AT;
                }
                csrs[Processor.STATUS] |= Csr.STATUS_IE;
                return cpu.pendingInterrupts != 0 ? cpu.takeInterrupt((int) target, ic + 1, cycle + 1) : (int) target;
            }
            case 47: { // TRAP: synchronous, taken whether or not interrupts are enabled
                long handler = csrs[Processor.IVEC];
                if (handler < 0 || handler >= cpu.codeLength) {
                    cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, handler);
                    return STOP_AT;
                }
                csrs[Processor.EPC] = next;
                csrs[Processor.CAUSE] = Csr.TRAP_CAUSE_BASE + cpu.immf[p];
                csrs[Processor.STATUS] &= ~Csr.STATUS_IE;
                return (int) handler;
            }
            case 48: // WFI: commits, then sleeps unless an interrupt is already pending
                if (cpu.pendingInterrupts == 0) {
                    cpu.state = ProcessorState.SLEEPING;
                    return STOP_AFTER;
                }
                if ((csrs[Processor.STATUS] & Csr.STATUS_IE) != 0) {
                    return cpu.takeInterrupt(next, ic + 1, cycle + 1);
                }
                return next;
            case 49: // FENCE: a no-op under sequential consistency
                return next;
            case 50: // HALT
                cpu.state = ProcessorState.HALTED;
                return STOP_AFTER;
            case 51: // RDCYCLE
                r[cpu.rdf[p]] = cpu.io.readCycleCounter(cpu.id, cycle);
                return next;
            case 52: // TRIGGER
                cpu.triggerCode = cpu.immf[p];
                cpu.state = ProcessorState.TRIGGERED;
                return STOP_AFTER;
            case 53: // ASSERT
                if (r[cpu.rs1f[p]] == 0) {
                    cpu.triggerCode = cpu.immf[p];
                    cpu.state = ProcessorState.TRIGGERED;
                    return STOP_AFTER;
                }
                return next;
            default:
                if (op != Code.BREAK) { // Code.FALL_OFF: ran past the last instruction
                    cpu.fault(FaultKind.JUMP_OUTSIDE_CODE, p, ic, p);
                }
                return STOP_AT; // Code.BREAK: stop before the patched instruction, pc on it
        }
    }
}
