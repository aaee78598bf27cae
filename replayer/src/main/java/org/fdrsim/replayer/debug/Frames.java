package org.fdrsim.replayer.debug;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Instruction;
import org.fdrsim.cpu.isa.Opcode;
import org.fdrsim.cpu.isa.Registers;

/**
 * A processor's call frames from its registers alone (the ISA has no frame pointer): the
 * innermost frame at pc; the caller at {@code ra - 1} when that is a {@code jal}/{@code jalr}
 * (the jal/ret linkage); and, inside the kernel (docs/kernel.md: interrupts and traps enter the
 * handler in {@code ivec} with interrupts disabled, {@code epc} holds where to resume), the
 * interrupted code at {@code epc} as a trap or interrupt frame. Frames spilled to the stack by
 * nested calls are not found.
 */
final class Frames {
    private Frames() {}

    static List<Frame> of(DebugSession debug, ArchState s) {
        List<Frame> out = new ArrayList<>();
        boolean inKernel = s.csr(Csr.IVEC) != 0 && (s.csr(Csr.STATUS) & Csr.STATUS_IE) == 0 && s.csr(Csr.CAUSE) != 0;
        int ra = (int) s.register(Registers.RA);
        boolean called = isCall(debug, ra - 1) && ra - 1 != s.pc();
        Frame.Kind innermost = called ? Frame.Kind.CALL : inKernel ? kind(s) : Frame.Kind.OUTERMOST;
        out.add(new Frame(0, debug.pointAt(s.cpu(), s.ic(), s.pc()), innermost));
        if (called) {
            out.add(new Frame(1, debug.pointAt(s.cpu(), s.ic(), ra - 1), inKernel ? kind(s) : Frame.Kind.OUTERMOST));
        }
        if (inKernel) {
            out.add(new Frame(out.size(), debug.pointAt(s.cpu(), s.ic(), (int) s.csr(Csr.EPC)), Frame.Kind.OUTERMOST));
        }
        return out;
    }

    private static Frame.Kind kind(ArchState s) {
        return s.csr(Csr.CAUSE) >= Csr.TRAP_CAUSE_BASE ? Frame.Kind.TRAP : Frame.Kind.INTERRUPT;
    }

    private static boolean isCall(DebugSession debug, int index) {
        Instruction in = DebugSession.instructionAt(debug.program(), index);
        return in != null && (in.op() == Opcode.JAL || in.op() == Opcode.JALR);
    }
}
