package org.fdrsim.machine;

import org.fdrsim.recorder.session.RecordingSession;

/**
 * What a recorded run keeps beyond the hardware logs (nothing changes without the recorder, and
 * nothing here changes the execution or the logs).
 *
 * @param allPolicies      every online policy (fdr, all-arcs, none) observes beside the primary one
 * @param trace            every committed access is kept, for the netzer reduction and the soundness checker
 * @param countArcsOnly    arcs and accesses are counted, not kept (long runs: memory does not grow)
 * @param probeCompressors every log is also measured under every candidate compressor (experiments)
 */
public record RunOptions(boolean allPolicies, boolean trace, boolean countArcsOnly, boolean probeCompressors) {
    /** The hardware logs only. */
    public static final RunOptions LOGS = new RunOptions(false, false, false, false);
    /** Every online policy observes. */
    public static final RunOptions ALL_POLICIES = new RunOptions(true, false, false, false);
    /** Every online policy observes; arcs are counted, not kept (a report of totals: fdr run --record). */
    public static final RunOptions COUNTED = new RunOptions(true, false, true, false);
    /** Every online policy observes and every access is kept. */
    public static final RunOptions TRACED = new RunOptions(true, true, false, false);
    /** Long measured runs: every online policy and every compressor observed, arcs only counted. */
    public static final RunOptions EXPERIMENT = new RunOptions(true, false, true, true);

    /** These options with the access trace on or off. */
    public RunOptions withTrace(boolean on) {
        return new RunOptions(allPolicies, on, countArcsOnly, probeCompressors);
    }

    /** Sets {@code session} up for these options; call before the run. */
    void applyTo(RecordingSession session) {
        if (allPolicies) {
            session.observeAllPolicies();
        }
        if (trace) {
            session.enableTrace();
        }
        if (countArcsOnly) {
            session.countArcsOnly();
        }
        if (probeCompressors) {
            session.logs().probeAlternatives();
        }
    }
}
