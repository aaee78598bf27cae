package org.fdrsim.replayer;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.fdrsim.checkpoint.CheckpointEntry;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.dump.CoreDump;

/**
 * A fuzzer's edits of a sound core dump that keep it a dump fdrsim can write, for the targets of
 * commands that read dumps. Raw bytes with their checksums resealed reach the parsers, but the
 * logs and the memory image are LZ4 blocks, which a mutated byte seldom leaves decodable; these
 * edits work on the dump as read instead: log entries changed field by field, removed, repeated
 * or swapped ({@link SegmentEdits}); a log given to another owner, copied, moved or dropped;
 * checkpoints dropped, repeated or swapped, or their numbers and cycles changed; a word of the
 * final memory; a register, pc, CSR, IC, run state or clock, saved or final; the DMA ICs, the
 * trigger, the summary, an instruction or the entry, the processor and engine counts, the
 * validation trace. One to four edits, each value from {@link EditValues}.
 *
 * <p>Edits of what replay is compared against and does not start from (the final registers and
 * IC, a later checkpoint's registers, the final memory in a block a checkpoint's cache log
 * restores, any field of the validation trace) are told apart: a dump that differs from its sound original only there, and does
 * differ, must not replay as bit-exact ({@link Edited#onlyExpectedStateChanged}). The rest of
 * the final memory is not among them: replay's start memory is restored from it, so a word no
 * retained interval writes is changed at both ends and a replay rightly finds them equal.
 */
public final class DumpEdits {
    /** Words in a block: a checkpoint log's entry is the block's address, then these. */
    private static final int BLOCK_WORDS = (CheckpointEntry.BYTES - 8) / 8;

    private DumpEdits() {}

    /**
     * The edited dump.
     *
     * @param onlyExpectedStateChanged every edit was of the state replay is compared against, and
     *                                 that state differs from the sound dump's
     */
    public record Edited(CoreDump dump, boolean onlyExpectedStateChanged) {}

    /** {@code sound} edited as {@code data} says. */
    public static Edited apply(CoreDump sound, FuzzedDataProvider data) {
        DumpDraft d = new DumpDraft(sound);
        long[] restored = restoredBlocks(sound);
        boolean expectedOnly = true;
        for (int k = data.consumeInt(1, 4); k > 0; k--) {
            expectedOnly &= edit(d, restored, data);
        }
        CoreDump edited = d.build();
        return new Edited(edited, expectedOnly && expectedStateDiffers(sound, edited, restored));
    }

    /** One edit; true if it was of the state replay is compared against. */
    private static boolean edit(DumpDraft d, long[] restored, FuzzedDataProvider data) {
        int cpu = data.consumeInt(0, d.finalRegisters.size() - 1); // not d.cpus, which an edit may change
        int k = data.consumeInt(0, d.checkpoints.size() - 1);
        int kind = data.consumeInt(0, 12);
        if (kind == 0) {
            d.finalRegisters.set(cpu, FieldEdits.state(d.finalRegisters.get(cpu), data.consumeInt(1, FieldEdits.IC), data));
            return true;
        }
        if (kind == 1 && k > 0) { // a checkpoint's IC ends an interval and is not compared: not edited here
            d.setRegisters(k, cpu, FieldEdits.state(d.checkpoints.get(k).registers().get(cpu),
                    data.consumeInt(1, FieldEdits.IC - 1), data));
            return true;
        }
        if (kind == 2 && restored.length > 0 && data.consumeBoolean()) {
            long block = restored[data.consumeInt(0, restored.length - 1)];
            long address = block + 8L * data.consumeInt(0, BLOCK_WORDS - 1);
            d.memory().storeWord(address, EditValues.changed(d.memory().loadWord(address), data));
            return true;
        }
        switch (kind) {
            case 1, 3 -> { // any field of any state, the start state's included (nothing compares it)
                int field = data.consumeInt(0, FieldEdits.CPU);
                if (kind == 3) {
                    d.finalRegisters.set(cpu, FieldEdits.state(d.finalRegisters.get(cpu), field, data));
                } else {
                    d.setRegisters(k, cpu, FieldEdits.state(d.checkpoints.get(k).registers().get(cpu), field, data));
                }
            }
            case 2 -> editMemory(d.memory(), data); // the start memory too, unless a checkpoint log restores the block
            case 4 -> editEntries(d, k, data);
            case 5 -> editSegments(d, k, data);
            case 6 -> editCheckpoints(d, k, data);
            case 7 -> editDmaIcs(d, k, data);
            case 8 -> d.trigger = FieldEdits.trigger(d.trigger, data);
            case 9 -> d.summary = FieldEdits.summary(d.summary, data);
            case 10 -> d.program = FieldEdits.program(d.program, data);
            case 11 -> {
                if (d.validation != null && cpu < d.validation.get(k).cpus().size()) {
                    int field = data.consumeInt(FieldEdits.HASH_IC, FieldEdits.STORE_VALUE);
                    d.validation.set(k, FieldEdits.interval(d.validation.get(k), cpu, field, data));
                    // replay checks every hash and device store of the trace, at its IC, and that none is left over
                    return true;
                }
            }
            default -> {
                switch (data.consumeInt(0, 2)) {
                    case 0 -> d.cpus += data.consumeInt(-1, 1);
                    case 1 -> d.dmaEngines += data.consumeInt(-1, 1);
                    default -> d.seed = EditValues.changed(d.seed, data);
                }
            }
        }
        return false;
    }

    /**
     * Whether what replay is compared against differs: a final processor's IC, pc, registers or
     * CSRs, a later checkpoint's pc, registers or CSRs, the validation trace, or a restored block
     * of the final memory (two edits may undo each other, or put back the value that was there).
     */
    private static boolean expectedStateDiffers(CoreDump sound, CoreDump edited, long[] restored) {
        for (int c = 0; c < sound.finalRegisters().size(); c++) {
            ArchState a = sound.finalRegisters().get(c);
            ArchState b = edited.finalRegisters().get(c);
            if (a.ic() != b.ic() || comparedDiffer(a, b)) {
                return true;
            }
        }
        for (int k = 1; k < sound.checkpoints().size(); k++) {
            for (int c = 0; c < sound.cpus(); c++) {
                if (comparedDiffer(sound.checkpoints().get(k).registers().get(c),
                        edited.checkpoints().get(k).registers().get(c))) {
                    return true;
                }
            }
        }
        if (!Objects.equals(sound.validation(), edited.validation())) {
            return true;
        }
        if (restored.length > 0) {
            SparseMemory a = sound.memoryImage().toMemory();
            SparseMemory b = edited.memoryImage().toMemory();
            for (long block : restored) {
                for (int w = 0; w < BLOCK_WORDS; w++) {
                    if (a.loadWord(block + 8L * w) != b.loadWord(block + 8L * w)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * The blocks the retained checkpoints' cache logs restore: replay's start memory takes them
     * from the logs, not from the final image, so the replay's final value there owes nothing
     * to the image it is compared with.
     */
    private static long[] restoredBlocks(CoreDump sound) {
        LongArrayList blocks = new LongArrayList();
        for (CheckpointState c : sound.checkpoints()) {
            for (LogSegment s : c.segments(LogKind.CACHE_CHECKPOINT)) {
                byte[] raw = s.decompress();
                for (int off = 0; off + CheckpointEntry.BYTES <= raw.length; off += CheckpointEntry.BYTES) {
                    blocks.add(CheckpointEntry.address(raw, off));
                }
            }
        }
        return blocks.toLongArray();
    }

    private static boolean comparedDiffer(ArchState a, ArchState b) {
        return a.pc() != b.pc() || !Arrays.equals(a.registers(), b.registers()) || !Arrays.equals(a.csrs(), b.csrs());
    }

    /** A word of the final memory: in a page the image lists, or anywhere. */
    private static void editMemory(SparseMemory m, FuzzedDataProvider data) {
        List<Long> pages = new ArrayList<>();
        m.forEachPage((base, words) -> pages.add(base));
        long address = !pages.isEmpty() && data.consumeBoolean()
                ? pages.get(data.consumeInt(0, pages.size() - 1)) + 8L * data.consumeInt(0, SparseMemory.PAGE_BYTES / 8 - 1)
                : 8 * data.consumeLong(0, m.size() / 8 - 1);
        m.storeWord(address, EditValues.changed(m.loadWord(address), data));
    }

    /** The entries of one of checkpoint {@code k}'s logs. */
    private static void editEntries(DumpDraft d, int k, FuzzedDataProvider data) {
        List<LogSegment> logs = new ArrayList<>(d.checkpoints.get(k).logs());
        if (!logs.isEmpty()) {
            int j = data.consumeInt(0, logs.size() - 1);
            logs.set(j, SegmentEdits.edit(logs.get(j), data));
            d.setLogs(k, logs);
        }
    }

    /** One of checkpoint {@code k}'s logs dropped, given to another owner, copied to one, or moved to another checkpoint. */
    private static void editSegments(DumpDraft d, int k, FuzzedDataProvider data) {
        List<LogSegment> logs = new ArrayList<>(d.checkpoints.get(k).logs());
        if (logs.isEmpty()) {
            return;
        }
        LogSegment s = logs.remove(data.consumeInt(0, logs.size() - 1));
        int owner = data.consumeInt(0, Math.max(0, d.cpus + d.dmaEngines)); // one past the last agent, too (the counts may be edited)
        LogSegment other = new LogSegment(s.kind(), owner, s.entries(), s.rawBytes(), s.compressed());
        switch (data.consumeInt(0, 3)) {
            case 0 -> { } // dropped
            case 1 -> logs.add(other);
            case 2 -> {
                logs.add(s);
                logs.add(other);
            }
            default -> {
                int m = data.consumeInt(0, d.checkpoints.size() - 1);
                if (m != k) {
                    List<LogSegment> there = new ArrayList<>(d.checkpoints.get(m).logs());
                    there.add(s);
                    d.setLogs(m, there);
                } else {
                    logs.add(s);
                }
            }
        }
        d.setLogs(k, logs);
    }

    /** Checkpoint {@code k} dropped, repeated or swapped with the next (its validation interval with it), or a field of it changed. */
    private static void editCheckpoints(DumpDraft d, int k, FuzzedDataProvider data) {
        int op = data.consumeInt(0, 5);
        if (op < 3) {
            rearrange(d.checkpoints, k, op);
            if (d.validation != null) {
                rearrange(d.validation, k, op);
            }
            return;
        }
        CheckpointState c = d.checkpoints.get(k);
        d.checkpoints.set(k, new CheckpointState(
                op == 3 ? EditValues.changedInt(c.number(), data) : c.number(),
                op == 4 ? EditValues.changed(c.cycle(), data) : c.cycle(),
                op == 5 ? EditValues.changed(c.quiesceCycles(), data) : c.quiesceCycles(),
                c.registers(), c.dmaEndingIcs(), c.logs()));
    }

    private static <T> void rearrange(List<T> list, int k, int op) {
        switch (op) {
            case 0 -> {
                if (list.size() > 1) { // a dump without checkpoints is the raw target's (META's count)
                    list.remove(k);
                }
            }
            case 1 -> list.add(k, list.get(k));
            default -> {
                if (k + 1 < list.size()) {
                    list.set(k, list.set(k + 1, list.get(k)));
                }
            }
        }
    }

    /** A DMA engine's IC: at the end of checkpoint {@code k}'s ending interval, or the final one. */
    private static void editDmaIcs(DumpDraft d, int k, FuzzedDataProvider data) {
        boolean last = data.consumeBoolean();
        long[] ics = last ? d.finalDmaIcs : d.checkpoints.get(k).dmaEndingIcs();
        if (ics.length == 0) {
            return;
        }
        int e = data.consumeInt(0, ics.length - 1);
        ics[e] = EditValues.changed(ics[e], data);
        if (last) {
            d.finalDmaIcs = ics;
        } else {
            d.setDmaEndingIcs(k, ics);
        }
    }
}
