package org.fdrsim.recorder.dump;

import java.util.ArrayList;
import java.util.List;
import org.fdrsim.cpu.core.ArchState;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.buffer.LogSegment;
import org.fdrsim.recorder.compress.ChunkCompressor;

/**
 * A checkpoint section (CKPT): the saved processor states, DMA engine ICs and the log segments
 * of the interval it starts. Writer and reader side by side.
 */
final class CheckpointSection {
    private CheckpointSection() {}

    static DumpOutput write(CheckpointState c) {
        DumpOutput o = new DumpOutput();
        o.u32(c.number());
        o.u64(c.cycle());
        o.u64(c.quiesceCycles());
        ProcessorStates.write(o, c.registers());
        ProcessorStates.writeIcs(o, c.dmaEndingIcs());
        o.u32(c.logs().size());
        for (LogSegment s : c.logs()) {
            o.u8(s.kind().ordinal());
            o.u32(s.owner());
            o.u64(s.entries());
            o.u64(s.rawBytes());
            byte[] stored = s.compressed();
            o.u32(stored.length);
            o.bytes(stored);
        }
        return o;
    }

    static CheckpointState read(DumpInput in, int cpus, int engines, int codeLength, long memoryBytes,
            int version) throws DumpFormatException {
        int number = (int) in.u32();
        long cycle = in.u64();
        long quiesce = in.u64();
        List<ArchState> regs = ProcessorStates.read(in, cpus, codeLength);
        long[] dma = ProcessorStates.readIcs(in, engines);
        int segments = in.count(in.remaining() / 25, "log segment count");
        List<LogSegment> logs = new ArrayList<>();
        LogKind[] kinds = LogKind.values();
        for (int i = 0; i < segments; i++) {
            int k = in.u8();
            if (k >= kinds.length) {
                throw in.malformed("log segment " + i + " has kind " + k);
            }
            long owner = in.u32();
            long owners = DumpChecks.owners(kinds[k], cpus, engines);
            if (owner >= owners) {
                throw in.malformed("log segment " + i + " (" + kinds[k].key() + ") has owner " + owner + ", expected 0.."
                        + (owners - 1));
            }
            LogSegment previous = logs.isEmpty() ? null : logs.get(logs.size() - 1);
            if (previous != null && (previous.kind().ordinal() > k
                    || previous.kind().ordinal() == k && previous.owner() >= owner)) {
                throw in.malformed("log segment " + i + " (" + kinds[k].key() + " " + owner
                        + ") is out of order, expected segments by kind, then owner, once each");
            }
            long entries = in.u64();
            long raw = in.u64();
            int n = in.count(in.remaining(), "log segment length");
            byte[] stored = in.bytes(n);
            if (version < CoreDumpWriter.LITTLE_ENDIAN_CHUNKS) {
                stored = ChunkCompressor.fromBigEndianHeaders(stored);
            }
            logs.add(DumpChecks.logSegment(in, i, new LogSegment(kinds[k], (int) owner, entries, raw, stored), memoryBytes));
        }
        in.expectEnd();
        return new CheckpointState(number, cycle, quiesce, regs, dma, logs);
    }
}
