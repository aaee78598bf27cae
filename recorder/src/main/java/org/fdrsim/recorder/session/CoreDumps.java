package org.fdrsim.recorder.session;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Fault;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogTotals;
import org.fdrsim.recorder.buffer.ReservedMemory;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.recorder.dump.DumpSummary;
import org.fdrsim.recorder.dump.DumpMemory;
import org.fdrsim.recorder.dump.TriggerInfo;

/** Builds the log-enhanced core dump of a recorded run that has stopped. */
public final class CoreDumps {
    private CoreDumps() {}

    /**
     * The dump of {@code recorder}'s machine after its run returned {@code result} (the recorder
     * flushed caches and log buffers at the trigger); {@code seed} and {@code configText} are the
     * machine's configuration, stored as they are, and {@code consoleInput} the bytes its console
     * was given (null: none). The dump's memory image is a view of the
     * machine's memory, not a copy: the machine has stopped, and must stay so while the dump is
     * used.
     */
    public static CoreDump of(RecordingSession recorder, RunResult result, long seed, String configText,
            byte[] consoleInput) {
        RecordedMachine machine = recorder.machine();
        CheckpointController cc = recorder.checkpoints();
        MemorySystem mem = machine.memorySystem();
        int cpus = machine.cpuCount();
        List<ArchState> finalRegs = new ArrayList<>();
        for (int i = 0; i < cpus; i++) {
            finalRegs.add(ArchState.of(machine.cpu(i)));
        }
        long[] dmaIcs = new long[mem.dmaEngineCount()];
        for (int e = 0; e < dmaIcs.length; e++) {
            dmaIcs[e] = mem.dmaEngine(e).instructionCount();
        }
        ReservedMemory reserve = recorder.logs().reserve();
        List<Long> stalls = new ArrayList<>();
        List<Long> stallCycles = new ArrayList<>();
        for (LogKind k : LogKind.values()) {
            LogTotals t = recorder.logs().totals(k);
            stalls.add(t.stalls());
            stallCycles.add(t.stallCycles());
        }
        DumpSummary summary = new DumpSummary(result.cycles(), cc.instructionsBeforeLastInterval() + result.instructions(), cc.taken(),
                cc.dropped(), cc.droppedEarly(), cc.quiesceCycles(), reserve.capacityBytes(), reserve.usedBytes(),
                reserve.peakBytes(), cc.config().replayIntervalTargetCycles(), stalls, stallCycles);
        ValidationRecorder v = recorder.validation();
        return new CoreDump(CoreDumpWriter.VERSION, cpus, dmaIcs.length, seed,
                configText, machine.cpu(0).program(), DumpMemory.of(mem.memory()), cc.retained(),
                finalRegs, dmaIcs, trigger(machine, result, cc), summary,
                v == null ? null : v.trace(cc.retainedNumbers()), consoleInput);
    }

    static TriggerInfo trigger(RecordedMachine machine, RunResult result, CheckpointController cc) {
        StopCause cause = result.cause();
        String description = cause == StopCause.RESERVE_FULL ? "stopped: " + cc.stopMessage() : result.describeStop();
        if (cause == StopCause.FAULT && result.fault() != null) {
            Fault f = result.fault();
            return new TriggerInfo(cause.name(), f.cpu(), f.pc(), f.ic(), f.value(), f.kind().name(), description);
        }
        if (cause == StopCause.TRIGGER && result.triggerCpu() >= 0) {
            Processor p = machine.cpu(result.triggerCpu());
            return new TriggerInfo(cause.name(), p.id(), p.pc() - 1, p.instructionCount(), result.triggerCode(), "",
                    description);
        }
        return new TriggerInfo(cause.name(), -1, -1, -1, 0, "", description);
    }
}
