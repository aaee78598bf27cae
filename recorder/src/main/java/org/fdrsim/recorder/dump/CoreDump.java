package org.fdrsim.recorder.dump;

import java.util.Arrays;
import java.util.List;
import org.fdrsim.checkpoint.MemoryRestorer;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.cpu.program.ProgramImage;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogSegment;

/**
 * The log-enhanced core dump (FDR section 6, "The Trigger"): everything needed to replay the
 * retained checkpoint intervals before a trigger, and to check the replay. Written by
 * {@link CoreDumpWriter}, read by {@link CoreDumpReader}; the file format is docs/dump-format.md.
 *
 * <p>Replay from retained checkpoint {@code k} (0 = oldest): memory = {@link #memoryAt(int)},
 * processor registers = {@code checkpoints().get(k).registers()}, then replay interval k with
 * the logs of {@code checkpoints().get(k)}, which ends with every processor at the IC
 * {@link #intervalEndIc(int, int)}; at that point the IC resets, registers must equal the next
 * checkpoint's registers, and interval k + 1 follows, up to the final state.
 *
 * @param formatVersion the file format version ({@link CoreDumpWriter#VERSION})
 * @param cpus          processors
 * @param dmaEngines    DMA engines (agent ids {@code cpus .. cpus + dmaEngines - 1})
 * @param seed          the run's seed
 * @param configText    the machine configuration, as YAML
 * @param program       the program (instructions, initial data, symbols, source lines)
 * @param memoryImage   the final COHERENT memory image at the trigger: physical memory after
 *                      the caches were flushed (every dirty owned block written home); read
 *                      page by page, never held whole (a dump read from a file decodes it from
 *                      there on each pass)
 * @param checkpoints   retained checkpoints, oldest first, each with its interval's logs
 * @param finalRegisters every processor's state at the trigger, by cpu
 * @param finalDmaIcs   every DMA engine's IC at the trigger (in the last interval)
 * @param trigger       why and where recording stopped
 * @param summary       run figures (cycles, checkpoints dropped, reserved memory)
 * @param validation    the validation trace of {@code fdr record --validate} (one interval per
 *                      retained checkpoint), or null when the run was not validated
 * @param consoleInput  the bytes the run's console had to read (devices.consoleInput), kept so
 *                      that the run can be re-executed from the dump alone ({@code fdr view}); null
 *                      when the run was given no console input. Replay does not need it: the
 *                      input log holds every value the program read.
 */
public record CoreDump(int formatVersion, int cpus, int dmaEngines, long seed, String configText,
        ProgramImage program, DumpMemory memoryImage, List<CheckpointState> checkpoints,
        List<ArchState> finalRegisters, long[] finalDmaIcs, TriggerInfo trigger, DumpSummary summary,
        ValidationTrace validation, byte[] consoleInput) {
    public CoreDump {
        checkpoints = List.copyOf(checkpoints);
        finalRegisters = List.copyOf(finalRegisters);
        finalDmaIcs = finalDmaIcs.clone();
        consoleInput = consoleInput == null ? null : consoleInput.clone();
        if (validation != null && validation.intervals().size() != checkpoints.size()) {
            throw new IllegalArgumentException("the validation trace has " + validation.intervals().size()
                    + " intervals for " + checkpoints.size() + " retained checkpoints");
        }
    }

    /** A dump without a validation trace or console input. */
    public CoreDump(int formatVersion, int cpus, int dmaEngines, long seed, String configText, ProgramImage program,
            DumpMemory memoryImage, List<CheckpointState> checkpoints, List<ArchState> finalRegisters,
            long[] finalDmaIcs, TriggerInfo trigger, DumpSummary summary) {
        this(formatVersion, cpus, dmaEngines, seed, configText, program, memoryImage, checkpoints, finalRegisters,
                finalDmaIcs, trigger, summary, null, null);
    }

    /** The same dump with another validation trace (null: none); tests tamper with the trace this way. */
    public CoreDump withValidation(ValidationTrace trace) {
        return new CoreDump(formatVersion, cpus, dmaEngines, seed, configText, program, memoryImage, checkpoints,
                finalRegisters, finalDmaIcs, trigger, summary, trace, consoleInput);
    }

    /** The same dump with other console input (null: none). */
    public CoreDump withConsoleInput(byte[] input) {
        return new CoreDump(formatVersion, cpus, dmaEngines, seed, configText, program, memoryImage, checkpoints,
                finalRegisters, finalDmaIcs, trigger, summary, validation, input);
    }

    /** A copy of the console input the run was given, or null when it was given none. */
    @Override
    public byte[] consoleInput() {
        return consoleInput == null ? null : consoleInput.clone();
    }

    /** Whether the dump keeps the run's console input (a dump of an older fdr may not). */
    public boolean keepsConsoleInput() {
        return consoleInput != null;
    }

    /** The final memory image as memory: a new copy of all of it (tests, small dumps). */
    public SparseMemory memory() {
        return memoryImage.toMemory();
    }

    @Override
    public long[] finalDmaIcs() {
        return finalDmaIcs.clone();
    }

    /**
     * The IC processor {@code cpu} reaches at the end of retained interval {@code k}: the next
     * checkpoint's saved IC, or the final IC for the newest interval.
     */
    public long intervalEndIc(int k, int cpu) {
        return k + 1 < checkpoints.size() ? checkpoints.get(k + 1).registers(cpu).ic()
                : finalRegisters.get(cpu).ic();
    }

    /** Like {@link #intervalEndIc} for DMA engine {@code engine}. */
    public long intervalEndDmaIc(int k, int engine) {
        return k + 1 < checkpoints.size() ? checkpoints.get(k + 1).dmaEndingIcs()[engine] : finalDmaIcs[engine];
    }

    /**
     * The coherent memory at retained checkpoint {@code k} (0 = oldest): the final image, read
     * into new memory, with the cache checkpoint logs of intervals newest .. k unrolled.
     */
    public SparseMemory memoryAt(int k) {
        checkRetained(k);
        SparseMemory image = memoryImage.toMemory();
        unrollTo(image, k);
        return image;
    }

    /**
     * Like {@link #memoryAt(int)}, into {@code target} (of the memory's size), whose previous
     * contents are cleared: a replay's working memory reused for the next replay.
     */
    public void memoryAt(int k, SparseMemory target) {
        checkRetained(k);
        target.clear();
        memoryImage.copyInto(target);
        unrollTo(target, k);
    }

    private void checkRetained(int k) {
        if (k < 0 || k >= checkpoints.size()) {
            throw new IllegalArgumentException("checkpoint " + k + " is not retained (0.." + (checkpoints.size() - 1) + ")");
        }
    }

    private void unrollTo(SparseMemory image, int k) {
        for (int i = checkpoints.size() - 1; i >= k; i--) {
            for (LogSegment s : checkpoints.get(i).segments(LogKind.CACHE_CHECKPOINT)) {
                MemoryRestorer.unroll(image, s.decompress());
            }
        }
    }

    /** Same content (the memory images compared word for word). */
    public boolean sameContent(CoreDump o) {
        return formatVersion == o.formatVersion && cpus == o.cpus && dmaEngines == o.dmaEngines && seed == o.seed
                && configText.equals(o.configText) && ProgramImages.same(program, o.program)
                && memoryImage.sameContents(o.memoryImage) && checkpoints.equals(o.checkpoints)
                && finalRegisters.equals(o.finalRegisters) && Arrays.equals(finalDmaIcs, o.finalDmaIcs)
                && trigger.equals(o.trigger) && summary.equals(o.summary)
                && java.util.Objects.equals(validation, o.validation) && Arrays.equals(consoleInput, o.consoleInput);
    }
}
