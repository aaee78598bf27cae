package org.fdrsim.replayer;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Fault;
import org.fdrsim.cpu.core.FaultKind;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.io.device.DeviceMap;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.TriggerInfo;

/**
 * The dump adapter: what replay starts from, from a log-enhanced core dump alone (memory
 * restored at a retained checkpoint by unrolling the checkpoint logs, the registers saved
 * there, the logs of that interval and every later one), and, separately, the final state the
 * verifier compares against.
 */
public final class DumpReplay {
    private DumpReplay() {}

    /** Replay from retained checkpoint {@code k} (0 = oldest) to the trigger. */
    public static ReplayInput input(CoreDump dump, int k) {
        return input(dump, k, HELD_PAGES);
    }

    /** As {@link #input(CoreDump, int)}, holding the start image only up to {@code heldPages} pages (tests). */
    static ReplayInput input(CoreDump dump, int k, int heldPages) {
        List<CheckpointState> cps = dump.checkpoints();
        if (k < 0 || k >= cps.size()) {
            throw new IllegalArgumentException("checkpoint " + k + " is not retained: the dump keeps "
                    + cps.size() + " (0.." + (cps.size() - 1) + ", 0 = oldest)");
        }
        int cpus = dump.cpus();
        int engines = dump.dmaEngines();
        List<ArchState> start = new ArrayList<>();
        for (ArchState r : cps.get(k).registers()) {
            start.add(r.withIc(0));
        }
        List<IntervalLog> intervals = new ArrayList<>();
        for (int i = k; i < cps.size(); i++) {
            CheckpointState cs = cps.get(i);
            IntervalLog.Builder b = IntervalLog.builder(cpus, engines);
            for (int c = 0; c < cpus; c++) {
                b.raceLog(c, bytes(cs.segment(LogKind.MEMORY_RACE, c)));
                b.inputLog(c, bytes(cs.segment(LogKind.INPUT, c)));
                b.interruptLog(c, bytes(cs.segment(LogKind.INTERRUPT, c)));
                b.endIc(c, dump.intervalEndIc(i, c));
            }
            for (int e = 0; e < engines; e++) {
                b.raceLog(cpus + e, bytes(cs.segment(LogKind.DMA_RACE, e)));
                b.dmaDataLog(e, bytes(cs.segment(LogKind.DMA_DATA, e)));
                b.endIc(cpus + e, dump.intervalEndDmaIc(i, e));
            }
            if (i + 1 < cps.size()) {
                List<ArchState> saved = new ArrayList<>();
                for (ArchState r : cps.get(i + 1).registers()) {
                    saved.add(r);
                }
                b.checkpointAtEnd(saved);
            } else {
                b.faultAtEnd(faultingCpu(dump));
            }
            intervals.add(b.build());
        }
        return new ReplayInput(dump.program(), startMemory(dump, k, heldPages), start, intervals,
                DeviceMap.mapped(cpus, engines > 0), cps.get(k).number());
    }

    /**
     * The processor a fault stopped the run on, from the trigger (which processor, as the
     * recorder knew when it stopped; what the fault was is left for the replay to find), or -1.
     */
    private static int faultingCpu(CoreDump dump) {
        TriggerInfo t = dump.trigger();
        return t != null && t.cause().equals(StopCause.FAULT.name()) && t.cpu() >= 0 && t.cpu() < dump.cpus() ? t.cpu() : -1;
    }

    /** The fault the trigger records (kind, processor, pc, IC, address), or null: only for {@link Verifier}. */
    private static Fault recordedFault(CoreDump dump) {
        int c = faultingCpu(dump);
        if (c < 0) {
            return null;
        }
        TriggerInfo t = dump.trigger();
        FaultKind kind = null;
        for (FaultKind k : FaultKind.values()) {
            if (k.name().equals(t.fault())) {
                kind = k;
            }
        }
        return new Fault(kind, c, t.pc(), t.ic(), t.code()); // a kind this fdr does not know stays null, and differs
    }

    /** The state recorded at the trigger: only for {@link Verifier}. */
    public static FinalState expected(CoreDump dump) {
        List<ArchState> cpus = new ArrayList<>();
        for (ArchState r : dump.finalRegisters()) {
            cpus.add(r);
        }
        return new FinalState(dump.memoryImage(), cpus, recordedFault(dump));
    }

    /** Start images up to this many pages (64 MB) are held and copied; larger ones are rebuilt. */
    static final int HELD_PAGES = 16384;

    /**
     * Checkpoint {@code k}'s memory for each replay: a small image is restored once and copied;
     * a large one is restored from the dump again for each replay (into the last replay's
     * memory when it was given back), so that replay holds one working copy of memory, not
     * also the start image.
     */
    private static StartMemory startMemory(CoreDump dump, int k, int heldPages) {
        if (dump.memoryImage().pageCount() <= heldPages) {
            return StartMemory.holding(dump.memoryAt(k));
        }
        return new StartMemory() {
            private SparseMemory spare;

            @Override
            public long size() {
                return dump.memoryImage().size();
            }

            @Override
            public synchronized SparseMemory fresh() {
                if (spare == null) {
                    return dump.memoryAt(k);
                }
                SparseMemory m = spare;
                spare = null;
                dump.memoryAt(k, m); // the last replay's pages, overwritten: no second copy while it is collected
                return m;
            }

            @Override
            public synchronized void recycle(SparseMemory used) {
                spare = used;
            }
        };
    }

    /** Replays from checkpoint {@code k} and verifies against the dump's final state (and its validation trace, if any). */
    public static Verdict verify(CoreDump dump, int k) {
        return Verifier.verify(input(dump, k), probe(dump), expected(dump));
    }

    /**
     * A fresh probe that checks replay against the dump's validation trace
     * ({@link ValidationProbe}), or {@link ReplayProbe#NONE} if the dump has none.
     */
    public static ReplayProbe probe(CoreDump dump) {
        return ValidationProbe.of(dump.validation(), dump.program());
    }

    private static byte[] bytes(LogSegment s) {
        return s.entries() == 0 ? new byte[0] : s.decompress();
    }
}
