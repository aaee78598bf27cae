package org.fdrsim.recorder.dump;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogSegment;

/**
 * A retained logical checkpoint and the logs of the checkpoint interval that begins at it
 * (until the next retained checkpoint, or the trigger for the newest).
 *
 * <p>To restore memory at checkpoint K: start from the dump's final (coherent) memory image
 * and, for every retained checkpoint from the newest down to K, apply its
 * {@code CACHE_CHECKPOINT} entries (72 B: 8 B little-endian block address + 8 little-endian
 * words of the block's old coherent value) as plain block stores. Within one interval every
 * block appears at most once, so the order inside an interval does not matter; intervals are
 * unrolled newest first. See {@code org.fdrsim.checkpoint.MemoryRestorer} and
 * docs/checkpoints.md.
 *
 * @param number         checkpoint number since the run began (0 = the initial state at cycle 0)
 * @param cycle          the cycle at which processors stopped for it (the checkpoint time)
 * @param quiesceCycles  what the 2-phase quiesce cost: drain of outstanding transactions plus
 *                       the fixed register-save/handshake cost; processors resumed at
 *                       {@code cycle + quiesceCycles}
 * @param registers      every processor's saved state, by cpu; {@code instructionCount} is the
 *                       IC the ENDING interval reached (0 for checkpoint 0)
 * @param dmaEndingIcs   every DMA engine's IC at the end of the ending interval, by engine index
 * @param logs           the segments of every log for the interval beginning here, in
 *                       {@link LogKind} order then owner order; logs with no entries may be absent
 */
public record CheckpointState(int number, long cycle, long quiesceCycles, List<ArchState> registers,
        long[] dmaEndingIcs, List<LogSegment> logs) {
    public CheckpointState {
        registers = List.copyOf(registers);
        dmaEndingIcs = dmaEndingIcs.clone();
        logs = List.copyOf(logs);
    }

    @Override
    public long[] dmaEndingIcs() {
        return dmaEndingIcs.clone();
    }

    /** The segment of {@code kind} for {@code owner}, or an empty one. */
    public LogSegment segment(LogKind kind, int owner) {
        for (LogSegment s : logs) {
            if (s.kind() == kind && s.owner() == owner) {
                return s;
            }
        }
        return LogSegment.empty(kind, owner);
    }

    /** Every segment of {@code kind}, by owner. */
    public List<LogSegment> segments(LogKind kind) {
        List<LogSegment> out = new ArrayList<>();
        for (LogSegment s : logs) {
            if (s.kind() == kind) {
                out.add(s);
            }
        }
        return out;
    }

    /** Processor {@code cpu}'s saved state. */
    public ArchState registers(int cpu) {
        return registers.get(cpu);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CheckpointState c && c.number == number && c.cycle == cycle
                && c.quiesceCycles == quiesceCycles && c.registers.equals(registers)
                && Arrays.equals(c.dmaEndingIcs, dmaEndingIcs) && c.logs.equals(logs);
    }

    @Override
    public int hashCode() {
        return number * 31 + Long.hashCode(cycle) + registers.hashCode() * 7 + logs.hashCode();
    }
}
