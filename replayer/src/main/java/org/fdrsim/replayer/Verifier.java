package org.fdrsim.replayer;

import java.util.List;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.cpu.isa.Registers;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * Replays, and only then compares with the recorded final state: every processor's registers,
 * CSRs, pc, IC and (stopped or not) run state, every DMA engine's IC, and every memory word.
 * The expected state is a parameter of {@link #compare} alone, which runs after
 * {@link Replayer#replay} has returned, so nothing of it can leak into the replay.
 */
public final class Verifier {
    private Verifier() {}

    /** Replays {@code input}, then compares with {@code expected}. */
    public static Verdict verify(ReplayInput input, FinalState expected) {
        return verify(input, ReplayProbe.NONE, expected);
    }

    /** The number of schedules {@link #verify(ReplayInput, FinalState)} replays under. */
    public static final int DEFAULT_SCHEDULES = 2;

    /**
     * Replays under {@code schedules} schedules ({@link Replayer.Schedule#standard}: forward,
     * reverse, then seeded shuffles of the root order) and compares each with {@code expected}.
     * A complete log gives the same execution under every schedule its arcs allow; each schedule
     * runs some agents as far ahead of their arc sources as the remaining arcs permit, so an arc
     * missing from the log shows up under one of them. The verdict reports the first replay's
     * figures, or the first divergence found.
     */
    public static Verdict verify(ReplayInput input, ReplayProbe probe, FinalState expected, int schedules) {
        return verify(input, probe, expected, schedules, ReplayProgress.NONE);
    }

    /** As {@link #verify(ReplayInput, ReplayProbe, FinalState, int)}, publishing how far it has got to {@code progress}. */
    public static Verdict verify(ReplayInput input, ReplayProbe probe, FinalState expected, int schedules,
            ReplayProgress progress) {
        Verdict first = null;
        for (Replayer.Schedule s : Replayer.Schedule.standard(schedules)) {
            Verdict v = compare(input, Replayer.replay(input, first == null ? probe : ReplayProbe.NONE, s, progress),
                    expected);
            if (!v.bitExact()) {
                return v;
            }
            if (first == null) {
                first = v;
            }
        }
        return first;
    }

    public static Verdict verify(ReplayInput input, ReplayProbe probe, FinalState expected) {
        return verify(input, probe, expected, DEFAULT_SCHEDULES);
    }

    /** Compares a finished replay with the recorded final state. */
    public static Verdict compare(ReplayInput input, ReplayOutcome outcome, FinalState expected) {
        if (!outcome.completed()) {
            return new Verdict(outcome, outcome.problem());
        }
        int lastInterval = input.firstInterval() + input.intervals().size() - 1;
        IntervalLog last = input.intervals().get(input.intervals().size() - 1);
        for (int c = 0; c < input.cpus(); c++) {
            ProcessorSnapshot want = expected.cpus().get(c);
            ProcessorSnapshot got = outcome.cpus().get(c);
            Divergence d = compareProcessor(Divergence.Kind.PROCESSOR_STATE, lastInterval, want, got, input.program(),
                    true, LogExcerpt.around(last, c, got.ic(), last.inputsShared(c).length));
            if (d != null) {
                return new Verdict(outcome, d);
            }
        }
        long diff = expected.memory().firstDifference(outcome.memory());
        if (diff >= 0) {
            long want = diff < expected.memory().size() ? expected.memory().loadWord(diff) : 0;
            long got = diff < outcome.memory().size() ? outcome.memory().loadWord(diff) : 0;
            String what = expected.memory().size() != outcome.memory().size()
                    ? "memory sizes differ: " + expected.memory().size() + " vs " + outcome.memory().size()
                    : String.format("memory word 0x%x differs", diff);
            return new Verdict(outcome, new Divergence(Divergence.Kind.MEMORY, lastInterval, -1, 0, -1, "", what,
                    hex(want), hex(got), List.of()));
        }
        return new Verdict(outcome, null);
    }

    /**
     * The first difference between a recorded and a replayed processor state, or null.
     * {@code withIcAndState}: also the IC and whether it stopped (not at checkpoints, where the
     * IC restarts and the saved state is registers only).
     */
    static Divergence compareProcessor(Divergence.Kind kind, int interval, ProcessorSnapshot want,
            ProcessorSnapshot got, ProgramImage program, boolean withIcAndState, List<String> nearby) {
        int c = want.cpu();
        String instruction = Replayer.instructionAt(program, got.pc());
        if (withIcAndState && want.ic() != got.ic()) {
            return new Divergence(kind, interval, c, got.ic(), got.pc(), instruction,
                    "processor " + c + " committed a different number of instructions", Long.toString(want.ic()),
                    Long.toString(got.ic()), nearby);
        }
        if (want.pc() != got.pc()) {
            return new Divergence(kind, interval, c, got.ic(), got.pc(), instruction, "processor " + c + ": pc differs",
                    want.pc() + " (" + Replayer.instructionAt(program, want.pc()) + ")", Integer.toString(got.pc()),
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
