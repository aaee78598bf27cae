package org.fdrsim.recorder.session;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.checkpoint.CheckpointSchedule;
import org.fdrsim.checkpoint.CheckpointLogger;
import org.fdrsim.checkpoint.RetentionWindow;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.recorder.buffer.LogBank;
import org.fdrsim.recorder.buffer.LogBuffer;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.buffer.ReservedMemory;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.buffer.LogSegment;

/**
 * FDR1's logical checkpoints on a recording machine (section 6): checkpoint 0 at cycle 0,
 * then one every {@code intervalCycles} (the first after {@code warmupCycles} when that is set). The machine stops every processor at the
 * checkpoint time and drains outstanding transactions (phase 1); {@link #take} then saves every
 * processor's registers, resets IC, CIC and VIC (and the DMA engines' ICs), closes every log's
 * segment of the ending interval and opens new ones, and restarts the checkpoint logs' "first
 * update" tracking (phase 2). Processors resume after the drain plus the fixed quiesce cost.
 *
 * <p>Retention: at most {@code retained} checkpoints, and the oldest is dropped once the
 * second-oldest is {@code replayIntervalTargetCycles} old; a dropped checkpoint's interval logs
 * are released from the reserved memory. When a compressed chunk does not fit the reservation,
 * the oldest retained checkpoint is dropped early (counted); if only the newest checkpoint is
 * left, the recorder asks the machine to stop (cause {@code RESERVE_FULL}): the hardware could
 * not keep the logs of the current interval, so recording cannot go on.
 */
public final class CheckpointController {
    /** Observes checkpoints (tests take their true snapshots here, with the machine quiescent). */
    @FunctionalInterface
    public interface Observer {
        void checkpointTaken(int number, long cycle);
    }

    /** A retained checkpoint; its logs are filled in when its interval ends. */
    private static final class Retained {
        final int number;
        final long cycle;
        final long quiesce;
        final List<ArchState> registers;
        final long[] dmaEndingIcs;
        List<LogSegment> logs;

        Retained(int number, long cycle, long quiesce, List<ArchState> registers, long[] dmaEndingIcs) {
            this.number = number;
            this.cycle = cycle;
            this.quiesce = quiesce;
            this.registers = registers;
            this.dmaEndingIcs = dmaEndingIcs;
        }

        long chargedBytes() {
            long n = 0;
            if (logs != null) {
                for (LogSegment s : logs) {
                    n += s.compressedBytes();
                }
            }
            return n;
        }

        CheckpointState state() {
            return new CheckpointState(number, cycle, quiesce, registers, dmaEndingIcs, logs);
        }
    }

    private final RecordedMachine machine;
    private final RecordingSession recorder;
    private final CheckpointSchedule config;
    private final CheckpointLogger logger;
    private final LogBank logs;
    private final ReservedMemory reserve;
    private final RetentionWindow<Retained> window;
    private Observer observer = (n, c) -> {};
    private int taken;
    private int dropped;
    private int droppedEarly;
    private long quiesceTotal;
    private boolean stopRequested;
    private String stopMessage = "";
    private boolean finished;
    private long instructionsBefore;

    CheckpointController(RecordedMachine machine, RecordingSession recorder, CheckpointSchedule config) {
        this.machine = machine;
        this.recorder = recorder;
        this.config = config;
        this.logs = recorder.logs();
        this.reserve = logs.reserve();
        MemorySystem mem = machine.memorySystem();
        this.logger = new CheckpointLogger(mem);
        int cpus = machine.cpuCount();
        for (int a = 0; a < cpus + mem.dmaEngineCount(); a++) {
            LogBuffer b = logs.buffer(LogKind.CACHE_CHECKPOINT, a);
            logger.setCacheSink(a, b::append);
        }
        for (int n = 0; n < mem.nodes(); n++) {
            LogBuffer b = logs.buffer(LogKind.MEMORY_CHECKPOINT, n);
            logger.setMemorySink(n, b::append);
        }
        this.window = new RetentionWindow<>(config.retained(),
                config.replayIntervalTargetCycles(), r -> r.cycle);
        reserve.setOverflowHandler(this::reserveFull);
    }

    public void setObserver(Observer observer) {
        this.observer = observer == null ? (n, c) -> {} : observer;
    }

    public CheckpointSchedule config() {
        return config;
    }

    /** The first periodic checkpoint's time (Long.MAX_VALUE if periodic checkpoints are off). */
    public long firstCheckpointTime() {
        return config.firstCheckpointCycle();
    }

    /** The next periodic checkpoint time after one at {@code cycle} whose processors resumed at {@code resume}. */
    public long nextCheckpointTime(long cycle, long resume) {
        return config.nextCheckpointCycle(cycle, resume);
    }

    /** Checkpoint 0: the initial state at cycle 0 (the system is quiescent; nothing to drain). */
    public void takeInitial() {
        List<ArchState> regs = saveRegisters();
        long[] dma = new long[machine.memorySystem().dmaEngineCount()];
        logger.startInterval();
        Retained r = new Retained(taken++, 0, 0, regs, dma);
        window.add(r, 0);
        observer.checkpointTaken(r.number, 0);
    }

    /**
     * Phase 2 of a checkpoint at {@code cycle}, after the machine drained until {@code drainEnd}
     * (every processor stopped at or after {@code cycle}, memory system quiescent). Returns the
     * time processors resume at.
     */
    public long take(long cycle, long drainEnd) {
        List<ArchState> regs = saveRegisters();
        for (ArchState r : regs) {
            instructionsBefore += r.ic();
        }
        MemorySystem mem = machine.memorySystem();
        long[] dma = new long[mem.dmaEngineCount()];
        for (int e = 0; e < dma.length; e++) {
            dma[e] = mem.dmaEngine(e).instructionCount();
        }
        closeInterval();
        recorder.resetAtCheckpoint();
        for (int e = 0; e < dma.length; e++) {
            mem.dmaEngine(e).resetInstructionCount();
        }
        logger.startInterval();
        long resume = Math.max(drainEnd, cycle) + config.quiesceCycles();
        long quiesce = resume - cycle;
        quiesceTotal += quiesce;
        Retained r = new Retained(taken++, cycle, quiesce, regs, dma);
        for (Retained d : window.add(r, resume)) {
            drop(d);
        }
        observer.checkpointTaken(r.number, cycle);
        return resume;
    }

    private List<ArchState> saveRegisters() {
        List<ArchState> regs = new ArrayList<>();
        for (int i = 0; i < machine.cpuCount(); i++) {
            regs.add(ArchState.of(machine.cpu(i)));
        }
        return regs;
    }

    /** Ends the newest checkpoint's interval: every log buffer closes its segment. */
    private void closeInterval() {
        List<LogSegment> segments = new ArrayList<>();
        for (LogKind k : LogKind.values()) {
            for (LogBuffer b : logs.buffers(k)) {
                segments.add(b.closeSegment());
            }
        }
        window.newest().logs = segments;
    }

    private void drop(Retained r) {
        dropped++;
        reserve.release(r.chargedBytes());
    }

    /** The reservation overflowed: drop the oldest checkpoints whose intervals are closed, or stop. */
    private void reserveFull() {
        while (reserve.usedBytes() > reserve.capacityBytes()) {
            Retained oldest = window.size() >= 2 ? window.dropOldest() : null;
            if (oldest == null) {
                if (!stopRequested) {
                    stopRequested = true;
                    stopMessage = String.format("reserved log memory full: the logs of the current checkpoint"
                            + " interval alone take %d of %d bytes (raise recorder.reservedMemoryPercent or lower"
                            + " checkpoint.interval)", reserve.usedBytes(), reserve.capacityBytes());
                }
                return;
            }
            droppedEarly++;
            drop(oldest);
        }
    }

    /**
     * The trigger (the machine is stopped and quiescent): flushes the caches into memory (the
     * memory checkpoint log records what the flush overwrites), closes the last interval's log
     * segments (flushing every buffer into the reservation) and applies the retention policy
     * at {@code now}. Memory is then the coherent final image. Idempotent.
     */
    public void finish(long now) {
        if (finished) {
            return;
        }
        finished = true;
        logger.flushCaches(now);
        closeInterval();
        for (Retained d : window.apply(now)) {
            drop(d);
        }
    }

    public boolean finished() {
        return finished;
    }

    /** Retained checkpoints with their interval logs, oldest first (after {@link #finish}). */
    public List<CheckpointState> retained() {
        if (!finished) {
            throw new IllegalStateException("the last interval is still open: call finish() at the trigger");
        }
        List<CheckpointState> out = new ArrayList<>();
        for (Retained r : window.checkpoints()) {
            out.add(r.state());
        }
        return out;
    }

    /** Cycles of the retained checkpoints, oldest first (any time). */
    public long[] retainedCycles() {
        List<Retained> list = window.checkpoints();
        long[] c = new long[list.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = list.get(i).cycle;
        }
        return c;
    }

    /** Numbers of the retained checkpoints, oldest first (any time). */
    public int[] retainedNumbers() {
        List<Retained> list = window.checkpoints();
        int[] c = new int[list.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = list.get(i).number;
        }
        return c;
    }

    /** Instructions committed in the intervals before the current one (all processors). */
    public long instructionsBeforeLastInterval() {
        return instructionsBefore;
    }

    public CheckpointLogger logger() {
        return logger;
    }

    public int taken() {
        return taken;
    }

    public int dropped() {
        return dropped;
    }

    public int droppedEarly() {
        return droppedEarly;
    }

    public long quiesceCycles() {
        return quiesceTotal;
    }

    /** True once the reservation cannot hold the current interval's logs. */
    public boolean stopRequested() {
        return stopRequested;
    }

    public String stopMessage() {
        return stopMessage;
    }
}
