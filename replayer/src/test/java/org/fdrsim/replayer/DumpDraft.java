package org.fdrsim.replayer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.DumpMemory;
import org.fdrsim.recorder.dump.DumpSummary;
import org.fdrsim.recorder.dump.TriggerInfo;
import org.fdrsim.recorder.dump.ValidationTrace;

/**
 * A core dump taken apart into parts that {@link DumpEdits} may replace one at a time, and put
 * together again. The records a dump is made of are immutable; this holds their current
 * versions. The final memory is copied only when an edit changes it.
 */
final class DumpDraft {
    /** Log segments in the order the format requires: kind, then owner. */
    static final Comparator<LogSegment> SEGMENT_ORDER =
            Comparator.comparingInt((LogSegment s) -> s.kind().ordinal()).thenComparingInt(LogSegment::owner);

    private final CoreDump sound;
    int cpus;
    int dmaEngines;
    long seed;
    ProgramImage program;
    final List<CheckpointState> checkpoints;
    /** Validation intervals, one per checkpoint, moved with them; null when the dump has none. */
    final List<ValidationTrace.Interval> validation;
    final List<ArchState> finalRegisters;
    long[] finalDmaIcs;
    TriggerInfo trigger;
    DumpSummary summary;
    private SparseMemory memory;

    DumpDraft(CoreDump sound) {
        this.sound = sound;
        cpus = sound.cpus();
        dmaEngines = sound.dmaEngines();
        seed = sound.seed();
        program = sound.program();
        checkpoints = new ArrayList<>(sound.checkpoints());
        validation = sound.validation() == null ? null : new ArrayList<>(sound.validation().intervals());
        finalRegisters = new ArrayList<>(sound.finalRegisters());
        finalDmaIcs = sound.finalDmaIcs();
        trigger = sound.trigger();
        summary = sound.summary();
    }

    /** The final memory image, as a copy this draft may change. */
    SparseMemory memory() {
        if (memory == null) {
            memory = sound.memoryImage().toMemory();
        }
        return memory;
    }

    /** Checkpoint {@code k} with other logs, kept in the format's order. */
    void setLogs(int k, List<LogSegment> logs) {
        List<LogSegment> sorted = new ArrayList<>(logs);
        sorted.sort(SEGMENT_ORDER);
        CheckpointState c = checkpoints.get(k);
        replace(k, c.registers(), c.dmaEndingIcs(), sorted);
    }

    /** Checkpoint {@code k} with processor {@code cpu}'s saved state replaced. */
    void setRegisters(int k, int cpu, ArchState state) {
        CheckpointState c = checkpoints.get(k);
        List<ArchState> registers = new ArrayList<>(c.registers());
        registers.set(cpu, state);
        replace(k, registers, c.dmaEndingIcs(), c.logs());
    }

    /** Checkpoint {@code k} with other DMA engines' ending ICs. */
    void setDmaEndingIcs(int k, long[] ics) {
        CheckpointState c = checkpoints.get(k);
        replace(k, c.registers(), ics, c.logs());
    }

    /** Checkpoint {@code k}'s number, cycle and quiesce time kept, the rest given. */
    private void replace(int k, List<ArchState> registers, long[] dmaEndingIcs, List<LogSegment> logs) {
        CheckpointState c = checkpoints.get(k);
        checkpoints.set(k, new CheckpointState(c.number(), c.cycle(), c.quiesceCycles(), registers, dmaEndingIcs,
                logs));
    }

    /** The dump as edited. */
    CoreDump build() {
        ValidationTrace trace = validation == null ? null : new ValidationTrace(sound.validation().every(), validation);
        DumpMemory image = memory == null ? sound.memoryImage() : DumpMemory.of(memory);
        return new CoreDump(sound.formatVersion(), cpus, dmaEngines, seed, sound.configText(), program, image,
                checkpoints, finalRegisters, finalDmaIcs, trigger, summary, trace, sound.consoleInput());
    }
}
