package org.fdrsim.replayer;

import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * Compares a recorded processor state with a replayed one and names the first difference: at a
 * checkpoint (registers, CSRs, pc) and at the end (also the IC and whether it stopped).
 */
final class StateComparison {
    private StateComparison() {}

    /**
     * The first difference between a recorded and a replayed processor state, or null.
     * {@code withIcAndState}: also the IC and whether it stopped (not at checkpoints, where the
     * IC restarts and the saved state is registers only).
     */
    static Divergence compare(Divergence.Kind kind, int interval, ArchState want, ArchState got,
            ProgramImage program, boolean withIcAndState, List<String> nearby) {
        int c = want.cpu();
        String instruction = AgentReports.instructionAt(program, got.pc());
        if (withIcAndState && want.ic() != got.ic()) {
            return new Divergence(kind, interval, c, got.ic(), got.pc(), instruction,
                    "processor " + c + " committed a different number of instructions", Long.toString(want.ic()),
                    Long.toString(got.ic()), nearby);
        }
        if (want.pc() != got.pc()) {
            return new Divergence(kind, interval, c, got.ic(), got.pc(), instruction, "processor " + c + ": pc differs",
                    want.pc() + " (" + AgentReports.instructionAt(program, want.pc()) + ")", Integer.toString(got.pc()),
                    nearby);
        }
        for (int r = 1; r < Registers.COUNT; r++) {
            if (want.register(r) != got.register(r)) {
                return new Divergence(kind, interval, c, got.ic(), got.pc(), instruction,
                        "processor " + c + ": register " + Registers.name(r) + " differs", hex(want.register(r)),
                        hex(got.register(r)), nearby);
            }
        }
        for (Csr csr : Csr.values()) {
            if (want.csr(csr) != got.csr(csr)) {
                return new Divergence(kind, interval, c, got.ic(), got.pc(), instruction,
                        "processor " + c + ": csr " + csr.asmName() + " differs", hex(want.csr(csr)),
                        hex(got.csr(csr)), nearby);
            }
        }
        if (withIcAndState && stopped(want.state()) != stopped(got.state())) {
            return new Divergence(kind, interval, c, got.ic(), got.pc(), instruction,
                    "processor " + c + ": run state differs", want.state().name(), got.state().name(), nearby);
        }
        return null;
    }

    /**
     * Final states compare exactly; running, sleeping and stalled are one "live" state, because
     * whether a processor was waiting for a miss or asleep at the trigger is timing, not
     * architecture (and a pending-but-untaken interrupt is not in the log).
     */
    private static ProcessorState stopped(ProcessorState s) {
        return s.isFinal() ? s : ProcessorState.RUNNING;
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v) + " (" + v + ")";
    }
}
