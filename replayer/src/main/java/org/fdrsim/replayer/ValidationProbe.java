package org.fdrsim.replayer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.recorder.dump.StateHash;
import org.fdrsim.recorder.dump.ValidationTrace;

/**
 * Checks a replay against the recording's validation trace ({@code fdr record --validate};
 * Vidi's reference trace): every processor stops at each IC the trace has a state hash for, and
 * the replayed state's {@link StateHash} must equal the recorded one; every device store must
 * equal the recorded store at the same IC, in program order. The first disagreement is reported
 * as the first divergent interval: the processor, the IC window between the last hash that
 * matched and the point that did not, expected and replayed values, the trace entries of the
 * window and the log entries around it. Long before the end-of-run comparison.
 *
 * <p>The trace is not trusted: it is compared, never used to steer replay; a damaged trace is
 * itself reported as a divergence (the replay's state and the trace disagree), and the final
 * bit-exact comparison still follows a clean validation. One probe per replay (it is stateful).
 */
public final class ValidationProbe implements ReplayProbe {
    /**
     * The first divergent interval: processor {@code cpu} of checkpoint interval
     * {@code interval} matched the trace after {@code fromIc} instructions (0: the interval's
     * start) and disagreed at IC {@code toIc}; the first divergent instruction is in
     * {@code fromIc + 1 .. toIc} (unless a difference appeared and vanished again between two
     * earlier hashes, which no hash can see).
     */
    public record Window(int interval, int cpu, long fromIc, long toIc) {
        public boolean contains(long ic) {
            return ic > fromIc && ic <= toIc;
        }
    }

    private final ValidationTrace trace;
    private final ProgramImage program;
    private final Map<Integer, ValidationTrace.Interval> byCheckpoint = new HashMap<>();
    private ValidationTrace.Interval current;
    private int interval;
    private int[] hp = new int[0];
    private int[] sp = new int[0];
    private long[] lastGood = new long[0];
    private long[] lastStopIc = new long[0];
    private int[] lastStopPc = new int[0];
    private Divergence pending;
    private Window window;
    private long hashesChecked;
    private long storesChecked;

    public ValidationProbe(ValidationTrace trace, ProgramImage program) {
        this.trace = trace;
        this.program = program;
        for (ValidationTrace.Interval i : trace.intervals()) {
            byCheckpoint.put(i.checkpoint(), i);
        }
    }

    /** The validation probe of {@code input}'s dump trace, or {@link ReplayProbe#NONE} if there is none. */
    public static ReplayProbe of(ValidationTrace trace, ProgramImage program) {
        return trace == null ? ReplayProbe.NONE : new ValidationProbe(trace, program);
    }

    /** Where the first divergence was found, or null. */
    public Window window() {
        return window;
    }

    /** State hashes compared so far. */
    public long hashesChecked() {
        return hashesChecked;
    }

    /** Device stores compared so far. */
    public long storesChecked() {
        return storesChecked;
    }

    @Override
    public void startInterval(int interval) {
        this.interval = interval;
        this.current = byCheckpoint.get(interval);
        int n = current == null ? 0 : current.cpus().size();
        hp = new int[n];
        sp = new int[n];
        lastGood = new long[n];
        lastStopIc = new long[n];
        java.util.Arrays.fill(lastStopIc, -1);
        lastStopPc = new int[n];
    }

    private ValidationTrace.CpuTrace cpu(int c) {
        return current == null || c >= current.cpus().size() ? null : current.cpus().get(c);
    }

    @Override
    public long nextStop(int c, long ic) {
        ValidationTrace.CpuTrace t = cpu(c);
        if (t == null) {
            return Long.MAX_VALUE;
        }
        long next = Long.MAX_VALUE;
        List<ValidationTrace.HashPoint> hashes = t.hashes();
        for (int i = hp[c]; i < hashes.size(); i++) {
            if (hashes.get(i).ic() > ic) {
                next = hashes.get(i).ic();
                break;
            }
        }
        // Stop just before and at each recorded store: the pc of the store, and a missing store, are seen there.
        List<ValidationTrace.IoStore> stores = t.stores();
        for (int i = sp[c]; i < stores.size(); i++) {
            long s = stores.get(i).ic();
            if (s - 1 > ic) {
                next = Math.min(next, s - 1);
                break;
            }
            if (s > ic) {
                next = Math.min(next, s);
                break;
            }
        }
        return next;
    }

    @Override
    public Divergence reached(int interval, Processor p) {
        int c = p.id();
        ValidationTrace.CpuTrace t = cpu(c);
        if (t == null || pending != null) {
            return pending;
        }
        long ic = p.instructionCount();
        List<ValidationTrace.IoStore> stores = t.stores();
        if (sp[c] < stores.size() && stores.get(sp[c]).ic() <= ic) {
            ValidationTrace.IoStore want = stores.get(sp[c]);
            int pc = pcOfStore(c, want.ic(), p);
            return diverge(c, want.ic(), pc, "processor " + c + " did not make the device store the recording made "
                    + "at IC " + want.ic() + (pc >= 0 ? " (the pc below is what replay executed instead)" : ""),
                    store(want), "no store", List.of());
        }
        List<ValidationTrace.HashPoint> hashes = t.hashes();
        if (hp[c] < hashes.size() && hashes.get(hp[c]).ic() == ic) {
            ValidationTrace.HashPoint want = hashes.get(hp[c]);
            long got = StateHash.of(p);
            hashesChecked++;
            if (got != want.hash()) {
                return diverge(c, ic, p.pc(), "processor " + c + "'s state hash differs at IC " + ic,
                        String.format("%016x", want.hash()), String.format("%016x", got),
                        List.of(want + " (recorded)"));
            }
            lastGood[c] = ic;
            hp[c]++;
        }
        lastStopIc[c] = ic;
        lastStopPc[c] = p.pc();
        return null;
    }

    /** The pc of the store instruction committing as IC {@code ic}, if replay stopped just before it. */
    private int pcOfStore(int c, long ic, Processor p) {
        return lastStopIc[c] == ic - 1 ? lastStopPc[c] : p.instructionCount() == ic - 1 ? p.pc() : -1;
    }

    @Override
    public void ioStore(int interval, int c, long ic, long address, long value) {
        ValidationTrace.CpuTrace t = cpu(c);
        if (t == null || pending != null) {
            return;
        }
        List<ValidationTrace.IoStore> stores = t.stores();
        ValidationTrace.IoStore got = new ValidationTrace.IoStore(ic, address, value);
        if (sp[c] >= stores.size()) {
            pending = diverge(c, ic, pcAt(c, ic), "processor " + c + " made a device store at IC " + ic
                    + " that the recording did not make (it made " + stores.size() + " in this interval)",
                    "no store", store(got), List.of());
            return;
        }
        ValidationTrace.IoStore want = stores.get(sp[c]);
        storesChecked++;
        if (!want.equals(got)) {
            String what = want.ic() != ic
                    ? "processor " + c + "'s device store " + sp[c] + " of the interval is at IC " + ic
                            + ", the recording's at IC " + want.ic()
                    : "processor " + c + "'s device store at IC " + ic + " differs";
            pending = diverge(c, Math.min(ic, want.ic()), pcAt(c, Math.min(ic, want.ic())), what, store(want),
                    store(got), List.of());
            return;
        }
        sp[c]++;
    }

    private int pcAt(int c, long ic) {
        return lastStopIc[c] == ic - 1 ? lastStopPc[c] : -1;
    }

    private static String store(ValidationTrace.IoStore s) {
        return String.format("[0x%x] = 0x%x at IC %d", s.address(), s.value(), s.ic());
    }

    @Override
    public Divergence pending() {
        return pending;
    }

    /** The cursors into the trace and what has been found, for a snapshot. */
    private record Cursors(int interval, ValidationTrace.Interval current, int[] hp, int[] sp, long[] lastGood,
            long[] lastStopIc, int[] lastStopPc, Divergence pending, Window window, long hashesChecked,
            long storesChecked) implements State {}

    @Override
    public State save() {
        return new Cursors(interval, current, hp.clone(), sp.clone(), lastGood.clone(), lastStopIc.clone(),
                lastStopPc.clone(), pending, window, hashesChecked, storesChecked);
    }

    @Override
    public void restore(State state) {
        if (!(state instanceof Cursors c)) {
            throw new IllegalArgumentException("not a validation probe's state: " + state);
        }
        interval = c.interval();
        current = c.current();
        hp = c.hp().clone();
        sp = c.sp().clone();
        lastGood = c.lastGood().clone();
        lastStopIc = c.lastStopIc().clone();
        lastStopPc = c.lastStopPc().clone();
        pending = c.pending();
        window = c.window();
        hashesChecked = c.hashesChecked();
        storesChecked = c.storesChecked();
    }

    @Override
    public Divergence endInterval(int interval) {
        if (current == null || pending != null) {
            return pending;
        }
        for (int c = 0; c < current.cpus().size(); c++) {
            ValidationTrace.CpuTrace t = current.cpus().get(c);
            if (hp[c] < t.hashes().size()) {
                ValidationTrace.HashPoint h = t.hashes().get(hp[c]);
                return diverge(c, h.ic(), -1, "the validation trace has a state hash of processor " + c + " at IC "
                        + h.ic() + ", but replay ended the interval before reaching it (or passed it)",
                        h.toString(), "not reached", List.of());
            }
            if (sp[c] < t.stores().size()) {
                ValidationTrace.IoStore s = t.stores().get(sp[c]);
                return diverge(c, s.ic(), -1, "processor " + c + " did not make the device store the recording "
                        + "made at IC " + s.ic(), store(s), "no store", List.of());
            }
        }
        return null;
    }

    private Divergence diverge(int c, long ic, int pc, String what, String expected, String actual,
            List<String> entries) {
        long from = lastGood[c];
        window = new Window(interval, c, from, ic);
        String where = String.format("%s; first divergent interval: processor %d, ICs %d..%d of checkpoint "
                + "interval %d (state hash %s)", what, c, from + 1, ic, interval,
                from == 0 ? "checked at the interval's start: the checkpoint's registers"
                        : "matched at IC " + from);
        List<String> lines = new ArrayList<>();
        ValidationTrace.CpuTrace t = cpu(c);
        if (hp[c] > 0) {
            lines.add("trace: " + t.hashes().get(hp[c] - 1) + " (matched)");
        }
        int s = sp[c];
        for (int i = Math.max(0, s - 2); i < Math.min(t.stores().size(), s + 2); i++) {
            lines.add("trace: " + t.stores().get(i) + (i < s ? " (matched)" : i == s ? " (next expected)" : ""));
        }
        for (String e : entries) {
            lines.add("trace: " + e);
        }
        return new Divergence(Divergence.Kind.VALIDATION_TRACE, interval, c, ic, pc,
                pc < 0 ? "" : AgentReports.instructionAt(program, pc), where, expected, actual, lines);
    }
}
