package org.fdrsim.replayer;

/**
 * The offline replayer (FDR paper section 9, DESIGN.md section 4) as one call: a
 * {@link ReplaySession} run from the start state to the trigger. Every processor executes
 * functionally, constrained by the arcs of its race log, fed from its input log, interrupted at
 * the logged ICs, with DMA engines (pseudo-processors P..P+D-1) writing their logged blocks in
 * engine-IC order under their own arcs; across every interval, resetting ICs and checking the
 * saved registers at each checkpoint. A log that cannot be replayed (a deadlock, an entry that
 * does not fit) ends it with a problem; it never waits silently.
 *
 * <p>Honesty: the replayer sees only {@link ReplayInput} (start state and logs). The recorded
 * final state is handed to {@link Verifier} after this has returned.
 */
public final class Replayer {
    private Replayer() {}

    /** Replays {@code input} with no probe. */
    public static ReplayOutcome replay(ReplayInput input) {
        return replay(input, ReplayProbe.NONE);
    }

    /** Replays {@code input}, stopping where {@code probe} asks and letting it check. */
    public static ReplayOutcome replay(ReplayInput input, ReplayProbe probe) {
        return replay(input, probe, RootOrder.FORWARD);
    }

    /** Replays {@code input} with roots taken in the order {@code order}. */
    public static ReplayOutcome replay(ReplayInput input, ReplayProbe probe, RootOrder order) {
        return replay(input, probe, order, ReplayProgress.NONE);
    }

    /** Replays {@code input} under {@code order}, publishing how far it has got to {@code progress}. */
    public static ReplayOutcome replay(ReplayInput input, ReplayProbe probe, RootOrder order,
            ReplayProgress progress) {
        ReplaySession session = new ReplaySession(input, probe, order, progress);
        long t0 = System.nanoTime();
        session.resume();
        ReplayOutcome outcome = session.outcome(System.nanoTime() - t0);
        progress.ended();
        return outcome;
    }
}
