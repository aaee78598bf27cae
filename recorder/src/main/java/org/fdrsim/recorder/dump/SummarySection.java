package org.fdrsim.recorder.dump;

import java.util.ArrayList;
import java.util.List;

/**
 * The summary section (SUMM): run totals, reserved memory and log-buffer stalls. Writer and
 * reader side by side.
 */
final class SummarySection {
    private SummarySection() {}

    static DumpOutput write(DumpSummary s) {
        DumpOutput o = new DumpOutput();
        o.u64(s.cycles());
        o.u64(s.instructions());
        o.u32(s.checkpointsTaken());
        o.u32(s.checkpointsDropped());
        o.u32(s.checkpointsDroppedEarly());
        o.u64(s.quiesceCycles());
        o.u64(s.reservedCapacityBytes());
        o.u64(s.reservedUsedBytes());
        o.u64(s.reservedPeakBytes());
        o.u64(s.replayIntervalTargetCycles());
        o.u32(s.logStalls().size());
        for (int k = 0; k < s.logStalls().size(); k++) {
            o.u64(s.logStalls().get(k));
            o.u64(s.logStallCycles().get(k));
        }
        return o;
    }

    static DumpSummary read(DumpInput in) throws DumpFormatException {
        long cyclesAll = in.u64();
        long instructionsAll = in.u64();
        int taken = (int) in.u32();
        int dropped = (int) in.u32();
        int droppedEarly = (int) in.u32();
        long quiesce = in.u64();
        long capacity = in.u64();
        long used = in.u64();
        long peak = in.u64();
        long target = in.u64();
        List<Long> stalls = new ArrayList<>();
        List<Long> stallCycles = new ArrayList<>();
        if (in.remaining() > 0) { // the log stall counters; absent in older dumps
            long logs = in.u32();
            if (logs * 16 != in.remaining()) {
                throw in.malformed("stall counters for " + logs + " logs need " + logs * 16 + " bytes, " + in.remaining()
                        + " left");
            }
            for (long k = 0; k < logs; k++) {
                stalls.add(in.u64());
                stallCycles.add(in.u64());
            }
        }
        DumpSummary summary = new DumpSummary(cyclesAll, instructionsAll, taken, dropped, droppedEarly, quiesce,
                capacity, used, peak, target, stalls, stallCycles);
        in.expectEnd();
        return summary;
    }
}
