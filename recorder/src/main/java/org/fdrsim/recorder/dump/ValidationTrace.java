package org.fdrsim.recorder.dump;

import java.util.List;

/**
 * The validation (reference) trace of {@code fdr record --validate}, after Vidi's reference vs
 * validation traces: per retained checkpoint interval and per processor, a state hash
 * ({@link StateHash}) every {@code every} committed instructions and at the end of the interval
 * (the next checkpoint or the trigger), and every device-register store (console output,
 * device commands) in program order. Replay recomputes both and reports the first disagreement
 * as the first divergent interval. Optional in the dump (section {@code VALD},
 * docs/dump-format.md).
 *
 * @param every     hash period in committed instructions (ICs every, 2 every, ... of each interval)
 * @param intervals one per retained checkpoint, in the dump's checkpoint order
 */
public record ValidationTrace(long every, List<Interval> intervals) {
    public ValidationTrace {
        if (every < 1) {
            throw new IllegalArgumentException("validation period must be >= 1, got " + every);
        }
        intervals = List.copyOf(intervals);
    }

    /**
     * One checkpoint interval's trace.
     *
     * @param checkpoint the number of the checkpoint the interval begins at (as in {@link CheckpointState#number})
     * @param cpus       one trace per processor, by cpu
     */
    public record Interval(int checkpoint, List<CpuTrace> cpus) {
        public Interval {
            cpus = List.copyOf(cpus);
        }
    }

    /**
     * One processor's trace in one interval.
     *
     * @param hashes state hashes in IC order (strictly increasing ICs)
     * @param stores device stores in program order
     */
    public record CpuTrace(List<HashPoint> hashes, List<IoStore> stores) {
        public CpuTrace {
            hashes = List.copyOf(hashes);
            stores = List.copyOf(stores);
        }
    }

    /** The state hash after {@code ic} instructions of the interval committed. */
    public record HashPoint(long ic, long hash) {
        @Override
        public String toString() {
            return String.format("hash at IC %d = %016x", ic, hash);
        }
    }

    /** A device-register store: the {@code ic}-th instruction of the interval stored {@code value} at {@code address}. */
    public record IoStore(long ic, long address, long value) {
        @Override
        public String toString() {
            return String.format("store at IC %d: [0x%x] = 0x%x", ic, address, value);
        }
    }

    /** Hash points and stores over every interval and processor. */
    public long[] counts() {
        long h = 0;
        long s = 0;
        for (Interval i : intervals) {
            for (CpuTrace c : i.cpus()) {
                h += c.hashes().size();
                s += c.stores().size();
            }
        }
        return new long[] {h, s};
    }
}
