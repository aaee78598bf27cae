package org.fdrsim.replayer;

import java.util.List;
import java.util.Objects;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Fault;

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
     * Replays under {@code schedules} schedules ({@link RootOrder#standard}: forward,
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
        for (RootOrder s : RootOrder.standard(schedules)) {
            Verdict v = compare(input, Replayer.replay(input, first == null ? probe : ReplayProbe.NONE, s, progress),
                    expected);
            if (v.outcome().memory() != null) {
                input.startMemory().recycle(v.outcome().memory());
            }
            v = new Verdict(v.outcome().withoutMemory(), v.divergence());
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

    private static String describe(Fault f) {
        return f == null ? "no fault" : f.kind() == null ? "a fault this fdr does not know" : f.describe();
    }

    /** Compares a finished replay with the recorded final state. */
    public static Verdict compare(ReplayInput input, ReplayOutcome outcome, FinalState expected) {
        if (!outcome.completed()) {
            return new Verdict(outcome, outcome.problem());
        }
        int lastInterval = input.firstInterval() + input.intervals().size() - 1;
        IntervalLog last = input.intervals().get(input.intervals().size() - 1);
        for (int c = 0; c < input.cpus(); c++) {
            ArchState want = expected.cpus().get(c);
            ArchState got = outcome.cpus().get(c);
            Divergence d = StateComparison.compare(Divergence.Kind.PROCESSOR_STATE, lastInterval, want, got, input.program(),
                    true, LogExcerpt.around(last, c, got.ic(), last.inputsShared(c).length));
            if (d != null) {
                return new Verdict(outcome, d);
            }
        }
        if (!Objects.equals(expected.fault(), outcome.fault())) {
            Fault f = expected.fault() != null ? expected.fault() : outcome.fault();
            return new Verdict(outcome, new Divergence(Divergence.Kind.PROCESSOR_STATE, lastInterval, f.cpu(), f.ic(), f.pc(),
                    AgentReports.instructionAt(input.program(), f.pc()), "processor " + f.cpu() + ": the fault differs",
                    describe(expected.fault()), describe(outcome.fault()), List.of()));
        }
        // The recorded image is read from the dump page by page, now, after the replay.
        MemoryComparison diff;
        String what;
        if (expected.memory().size() != outcome.memory().size()) {
            diff = new MemoryComparison(0, 0, 0);
            what = "memory sizes differ: " + expected.memory().size() + " vs " + outcome.memory().size();
        } else {
            diff = MemoryComparison.firstDifference(expected.memory(), outcome.memory());
            what = diff == null ? null : String.format("memory word 0x%x differs", diff.address());
        }
        if (diff != null) {
            return new Verdict(outcome, new Divergence(Divergence.Kind.MEMORY, lastInterval, -1, 0, -1, "", what,
                    StateComparison.hex(diff.want()), StateComparison.hex(diff.got()), List.of()));
        }
        return new Verdict(outcome, null);
    }
}
