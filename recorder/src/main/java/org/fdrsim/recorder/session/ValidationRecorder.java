package org.fdrsim.recorder.session;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.fdrsim.cpu.core.IoPort;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.core.ProcessorListener;
import org.fdrsim.cpu.core.ProcessorState;
import org.fdrsim.cpu.isa.Csr;
import org.fdrsim.recorder.dump.StateHash;
import org.fdrsim.recorder.dump.ValidationTrace;

/**
 * The recorder side of the validation trace ({@code recorder.validate}, {@code fdr record
 * --validate}): for every processor, a {@link StateHash} every {@code every} committed
 * instructions and at the end of each checkpoint interval, and every device-register store
 * (address, value, IC) in program order; kept per checkpoint interval like the other logs (ICs
 * restart at checkpoints) and cut to the retained checkpoints in the dump.
 *
 * <p>It exists only when validation is on. It costs nothing per instruction: a processor's
 * interpreter slice is split at the next hash IC ({@link #run}) and continued at once, with the
 * same cycle bound and instruction limit, so the machine executes exactly what it executes
 * without validation (same host order, same timing, same logs). Device stores come through an
 * {@link IoPort} decorator; taken interrupts through the listener chain (so that the hash at an
 * IC where the processor took an interrupt is the state before it: pc = the saved epc).
 */
public final class ValidationRecorder implements ProcessorListener {
    private final RecordedMachine machine;
    private final CheckpointController checkpoints;
    private final int cpus;
    private final long every;
    /** The IC of each processor's next periodic hash in this interval. */
    private final long[] nextHash;
    /** The IC at which each processor last took an interrupt in this interval (-1: none). */
    private final long[] interruptIc;
    private List<List<ValidationTrace.HashPoint>> hashes;
    private List<List<ValidationTrace.IoStore>> stores;
    private int interval;
    /** Closed intervals by the number of the checkpoint they begin at. */
    private final TreeMap<Integer, ValidationTrace.Interval> closed = new TreeMap<>();
    private boolean finished;
    private ProcessorListener next;

    private ValidationRecorder(RecordedMachine machine, CheckpointController checkpoints, long every) {
        if (every < 1) {
            throw new IllegalArgumentException("recorder.validateEvery must be >= 1, got " + every);
        }
        this.machine = machine;
        this.checkpoints = checkpoints;
        this.cpus = machine.cpuCount();
        this.every = every;
        this.nextHash = new long[cpus];
        this.interruptIc = new long[cpus];
        startInterval(0);
    }

    /**
     * Attaches validation to {@code session}'s machine: wraps every processor's device port
     * ({@code io}, the machine's input log) and returns the recorder, which the machine must put
     * into its listener chain and call around interpreter slices ({@link #run}, {@link #afterRun}),
     * at checkpoints ({@link #closeInterval}) and at the trigger ({@link #finish}).
     */
    static ValidationRecorder attach(RecordingSession session, IoPort io, long every) {
        RecordedMachine machine = session.machine();
        ValidationRecorder v = new ValidationRecorder(machine, session.checkpoints(), every);
        IoPort port = v.port(io);
        for (int c = 0; c < v.cpus; c++) {
            machine.cpu(c).setIoPort(port);
        }
        return v;
    }

    /** The listener that also sees every call (null: none); returns this. */
    public ValidationRecorder withNext(ProcessorListener next) {
        this.next = next;
        return this;
    }

    public long every() {
        return every;
    }

    private void startInterval(int number) {
        interval = number;
        hashes = new ArrayList<>();
        stores = new ArrayList<>();
        for (int c = 0; c < cpus; c++) {
            hashes.add(new ArrayList<>());
            stores.add(new ArrayList<>());
            nextHash[c] = every;
            interruptIc[c] = -1;
        }
    }

    /**
     * {@code p.run(cycleLimit, icLimit)}, split at every hash IC on the way: each part ends at
     * the hash IC, the hash is taken, and the next part continues at once under the same bounds.
     * Equivalent to one {@code run} call (the cycle budget carries over, interrupts are taken at
     * the same points), so validation does not change the execution.
     */
    public ProcessorState run(Processor p, long cycleLimit, long icLimit) {
        int c = p.id();
        while (true) {
            long stop = Math.min(icLimit, nextHash[c]);
            ProcessorState s = p.run(cycleLimit, stop);
            afterRun(p);
            if (s != ProcessorState.RUNNING || p.instructionCount() != stop || stop >= icLimit
                    || p.cycle() >= cycleLimit) {
                return s;
            }
        }
    }

    /** After any interpreter slice of {@code p}: takes the hash if it has reached its next hash IC. */
    public void afterRun(Processor p) {
        int c = p.id();
        long ic = p.instructionCount();
        if (ic >= nextHash[c]) {
            hash(p, ic);
            nextHash[c] = (ic / every + 1) * every;
        }
    }

    private void hash(Processor p, long ic) {
        int c = p.id();
        List<ValidationTrace.HashPoint> list = hashes.get(c);
        if (ic == 0 || (!list.isEmpty() && list.get(list.size() - 1).ic() == ic)) {
            return;
        }
        // The state before an interrupt taken at this IC: interrupt entry changes only the pc
        // (and CSRs); the pc it left is in epc.
        int pc = interruptIc[c] == ic ? (int) p.csr(Csr.EPC) : p.pc();
        list.add(new ValidationTrace.HashPoint(ic, StateHash.of(p, pc, ic)));
    }

    /**
     * A checkpoint (machine quiescent, before the registers are saved and ICs reset): every
     * processor's hash at the end of the ending interval; the next interval begins at the
     * checkpoint numbered {@code nextNumber}.
     */
    public void closeInterval(int nextNumber) {
        close();
        startInterval(nextNumber);
        int[] retained = checkpoints.retainedNumbers();
        if (retained.length > 0) {
            closed.headMap(retained[0]).clear(); // dropped checkpoints' traces go with their logs
        }
    }

    private void close() {
        List<ValidationTrace.CpuTrace> traces = new ArrayList<>();
        for (int c = 0; c < cpus; c++) {
            Processor p = machine.cpu(c);
            hash(p, p.instructionCount());
            traces.add(new ValidationTrace.CpuTrace(hashes.get(c), stores.get(c)));
        }
        closed.put(interval, new ValidationTrace.Interval(interval, traces));
    }

    /** The trigger (machine stopped): closes the last interval with every processor's final hash. Idempotent. */
    public void finish() {
        if (!finished) {
            finished = true;
            close();
        }
    }

    /** The trace of the checkpoints numbered {@code retained} (the dump's, oldest first); after {@link #finish}. */
    public ValidationTrace trace(int[] retained) {
        if (!finished) {
            throw new IllegalStateException("the last interval is still open: call finish() at the trigger");
        }
        List<ValidationTrace.Interval> out = new ArrayList<>();
        for (int number : retained) {
            ValidationTrace.Interval i = closed.get(number);
            if (i == null) {
                throw new IllegalStateException("no validation trace for retained checkpoint " + number);
            }
            out.add(i);
        }
        return new ValidationTrace(every, out);
    }

    /** The device port decorator: records each store with its IC, then passes it on. */
    private IoPort port(IoPort inner) {
        return new IoPort() {
            @Override
            public boolean isMapped(long address) {
                return inner.isMapped(address);
            }

            @Override
            public long load(int cpu, long address, long cycle) {
                return inner.load(cpu, address, cycle);
            }

            @Override
            public void store(int cpu, long address, long value, long cycle) {
                storeAt(cpu, machine.cpu(cpu).instructionCount() + 1, address, value, cycle);
            }

            @Override
            public void storeAt(int cpu, long ic, long address, long value, long cycle) {
                stores.get(cpu).add(new ValidationTrace.IoStore(ic, address, value));
                inner.storeAt(cpu, ic, address, value, cycle);
            }

            @Override
            public long readCycleCounter(int cpu, long cycle) {
                return inner.readCycleCounter(cpu, cycle);
            }

            @Override
            public long waitUntil(int cpu) {
                return inner.waitUntil(cpu); // the input log's wait, which validation must not change
            }
        };
    }

    @Override
    public void memoryAccess(int cpu, long ic, int pc, long address, boolean write, long value) {
        if (next != null) {
            next.memoryAccess(cpu, ic, pc, address, write, value);
        }
    }

    /** Only if the next listener does: this one has nothing to do per access. */
    @Override
    public boolean observesMemoryAccesses() {
        return next != null && next.observesMemoryAccesses();
    }

    /** The validation trace makes no processor wait; the next listener's wait is passed on. */
    @Override
    public long waitUntil(int cpu) {
        return next == null ? 0 : next.waitUntil(cpu);
    }

    @Override
    public void interruptTaken(int cpu, long ic, int number, long cycle) {
        interruptIc[cpu] = ic;
        if (next != null) {
            next.interruptTaken(cpu, ic, number, cycle);
        }
    }
}
