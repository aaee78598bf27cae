package org.fdrsim.replayer;

import java.util.List;
import java.util.function.LongPredicate;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;

/**
 * Everything replay starts from: the program, the memory image (a new copy for each replay) and every processor's state at
 * the start of the first interval, and the logs of each interval up to the trigger. It holds
 * nothing of the final state (that is {@link FinalState}, which only the verifier sees).
 *
 * @param deviceMapped which device register addresses the recorded machine answered (a load
 *                     from any other device address faults, in replay as in the recording)
 * @param firstInterval the number of the first interval (the retained checkpoint replay starts
 *                      at), for reports
 */
public record ReplayInput(
        ProgramImage program,
        StartMemory startMemory,
        List<ArchState> start,
        List<IntervalLog> intervals,
        LongPredicate deviceMapped,
        int firstInterval) {

    /** An input whose start image is held ({@link StartMemory#holding}). */
    public ReplayInput(ProgramImage program, SparseMemory startMemory, List<ArchState> start, List<IntervalLog> intervals,
            LongPredicate deviceMapped, int firstInterval) {
        this(program, StartMemory.holding(startMemory), start, intervals, deviceMapped, firstInterval);
    }

    public ReplayInput {
        start = List.copyOf(start);
        intervals = List.copyOf(intervals);
        if (intervals.isEmpty()) {
            throw new IllegalArgumentException("nothing to replay: no interval logs");
        }
        for (IntervalLog l : intervals) {
            if (l.cpus() != start.size()) {
                throw new IllegalArgumentException("interval logs for " + l.cpus() + " processors, start state for "
                        + start.size());
            }
        }
    }

    public int cpus() {
        return start.size();
    }

    public int dmaEngines() {
        return intervals.get(0).dmaEngines();
    }

    /** The same start, with other logs (tests tamper with logs this way). */
    public ReplayInput withIntervals(List<IntervalLog> other) {
        return new ReplayInput(program, startMemory, start, other, deviceMapped, firstInterval);
    }

    /** Instructions the logs say the processors commit, over every interval. */
    public long loggedInstructions() {
        long n = 0;
        for (int i = 0; i < intervals.size(); i++) {
            IntervalLog l = intervals.get(i);
            for (int c = 0; c < l.cpus(); c++) {
                n += l.endIc(c) - (i == 0 ? start.get(c).ic() : 0);
            }
        }
        return n;
    }
}
