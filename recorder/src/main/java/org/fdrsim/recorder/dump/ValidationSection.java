package org.fdrsim.recorder.dump;

import java.util.ArrayList;
import java.util.List;

/**
 * The validation section (VALD): state hashes and device stores per interval and processor.
 * Writer and reader side by side.
 */
final class ValidationSection {
    private ValidationSection() {}

    static DumpOutput write(CoreDump dump) {
        ValidationTrace t = dump.validation();
        DumpOutput o = new DumpOutput();
        o.u64(t.every());
        o.u32(t.intervals().size());
        for (ValidationTrace.Interval i : t.intervals()) {
            o.u32(i.checkpoint());
            o.u32(i.cpus().size());
            for (ValidationTrace.CpuTrace c : i.cpus()) {
                o.u32(c.hashes().size());
                for (ValidationTrace.HashPoint h : c.hashes()) {
                    o.u64(h.ic());
                    o.u64(h.hash());
                }
                o.u32(c.stores().size());
                for (ValidationTrace.IoStore st : c.stores()) {
                    o.u64(st.ic());
                    o.u64(st.address());
                    o.u64(st.value());
                }
            }
        }
        return o;
    }

    static ValidationTrace read(DumpInput in, List<CheckpointState> checkpoints, int cpus)
            throws DumpFormatException {
        long every = in.u64();
        if (every < 1) {
            throw in.malformed("validation period " + every + " (expected >= 1)");
        }
        int n = in.count(checkpoints.size(), "interval count");
        if (n != checkpoints.size()) {
            throw in.malformed(n + " intervals for " + checkpoints.size() + " retained checkpoints");
        }
        List<ValidationTrace.Interval> intervals = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            int number = (int) in.u32();
            if (number != checkpoints.get(k).number()) {
                throw in.malformed("interval " + k + " belongs to checkpoint " + number + ", but retained checkpoint "
                        + k + " is number " + checkpoints.get(k).number());
            }
            int count = in.count(cpus, "processor count");
            if (count != cpus) {
                throw in.malformed("interval " + k + " has traces for " + count + " processors, expected " + cpus);
            }
            List<ValidationTrace.CpuTrace> traces = new ArrayList<>(cpus);
            for (int c = 0; c < cpus; c++) {
                int hashes = in.count(in.remaining() / 16, "hash count");
                List<ValidationTrace.HashPoint> hs = new ArrayList<>(hashes);
                long previous = 0;
                for (int i = 0; i < hashes; i++) {
                    long ic = in.u64();
                    if (ic <= previous) {
                        throw in.malformed("interval " + k + ", cpu " + c + ": hash " + i + " at IC " + ic
                                + " does not follow IC " + previous);
                    }
                    previous = ic;
                    hs.add(new ValidationTrace.HashPoint(ic, in.u64()));
                }
                int stores = in.count(in.remaining() / 24, "store count");
                List<ValidationTrace.IoStore> ss = new ArrayList<>(stores);
                for (int i = 0; i < stores; i++) {
                    ss.add(new ValidationTrace.IoStore(in.u64(), in.u64(), in.u64()));
                }
                traces.add(new ValidationTrace.CpuTrace(hs, ss));
            }
            intervals.add(new ValidationTrace.Interval(number, traces));
        }
        in.expectEnd();
        return new ValidationTrace(every, intervals);
    }
}
