package org.fdrsim.machine.recording;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.coherence.MemorySystem;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.core.Fault;
import org.fdrsim.cpu.core.Processor;
import org.fdrsim.cpu.run.RunResult;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.machine.TimedMachine;
import org.fdrsim.machine.config.ConfigLoader;
import org.fdrsim.machine.config.MachineConfig;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogTotals;
import org.fdrsim.recorder.buffer.ReservedMemory;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.recorder.dump.DumpSummary;
import org.fdrsim.recorder.dump.TriggerInfo;

/** Builds the log-enhanced core dump of a recorded run that has stopped. */
public final class CoreDumps {
    private CoreDumps() {}

    /**
     * The dump of {@code machine} after {@code run()} returned {@code result} (the recorder
     * flushed caches and log buffers at the trigger).
     */
    public static CoreDump of(TimedMachine machine, RunResult result) {
        MachineRecorder recorder = machine.recorder();
        if (recorder == null) {
            throw new IllegalStateException("no recorder: a core dump needs recorder.enabled");
        }
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
        DumpSummary summary = new DumpSummary(result.cycles(), totalInstructions(machine, result, cc), cc.taken(),
                cc.dropped(), cc.droppedEarly(), cc.quiesceCycles(), reserve.capacityBytes(), reserve.usedBytes(),
                reserve.peakBytes(), cc.config().replayIntervalTargetCycles(), stalls, stallCycles);
        ValidationRecorder v = machine.validation();
        return new CoreDump(CoreDumpWriter.VERSION, cpus, dmaIcs.length, machine.config().seed(),
                configText(machine.config()), machine.cpu(0).program(), mem.memory().copy(), cc.retained(),
                finalRegs, dmaIcs, trigger(machine, result, cc), summary,
                v == null ? null : v.trace(cc.retainedNumbers()));
    }

    /**
     * The configuration as YAML. Without validation the {@code recorder.validate} and
     * {@code recorder.validateEvery} settings are left out (reading the text back gives their
     * defaults), so a dump of a run without validation is byte for byte what it was before
     * validation existed.
     */
    static String configText(MachineConfig config) {
        if (config.recorder().validate()) {
            return ConfigLoader.toYaml(config);
        }
        com.fasterxml.jackson.databind.ObjectMapper yaml = new com.fasterxml.jackson.databind.ObjectMapper(
                new com.fasterxml.jackson.dataformat.yaml.YAMLFactory());
        com.fasterxml.jackson.databind.node.ObjectNode tree = yaml.valueToTree(config);
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.get("recorder")).remove(
                List.of("validate", "validateEvery"));
        try {
            return yaml.writeValueAsString(tree);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Instructions over all intervals: the ICs saved at every checkpoint plus the final ICs. */
    private static long totalInstructions(TimedMachine machine, RunResult result, CheckpointController cc) {
        return cc.instructionsBeforeLastInterval() + result.instructions();
    }

    static TriggerInfo trigger(TimedMachine machine, RunResult result, CheckpointController cc) {
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
