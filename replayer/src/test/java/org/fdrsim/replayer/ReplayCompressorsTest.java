package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fdrsim.cpu.run.StopCause;
import org.fdrsim.recorder.buffer.LogKind;
import org.fdrsim.recorder.dump.CheckpointState;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.recorder.buffer.LogSegment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Dumps recorded with every compressor, and with delta-coded race entries, replay bit-exact from every checkpoint. */
class ReplayCompressorsTest {

    @ParameterizedTest(name = "compressor {0}, race entries {1}")
    @CsvSource({"lz4, fixed9", "deflate, fixed9", "none, fixed9", "lz4, delta", "deflate, delta"})
    void replaysBitExact(String compressor, String encoding) throws Exception {
        Recording r = Recording.record(Recording.randomTester(1500), Recording.config(4, 3,
                List.of("checkpoint.interval=20000 cycles", "recorder.compressor=" + compressor,
                        "recorder.raceEncoding=" + encoding)));
        assertThat(r.result().cause()).isEqualTo(StopCause.ALL_HALTED);
        CoreDump dump = CoreDumpReader.read(CoreDumpWriter.toBytes(r.dump()), "mem.fdr");
        assertThat(dump.formatVersion()).isEqualTo(CoreDumpWriter.VERSION);
        long raw = 0;
        long packed = 0;
        for (CheckpointState c : dump.checkpoints()) {
            for (LogSegment s : c.segments(LogKind.MEMORY_RACE)) {
                raw += s.rawBytes();
                packed += s.compressedBytes();
                assertThat(s.decompress()).hasSize((int) s.rawBytes());
            }
        }
        assertThat(raw).isPositive();
        if (compressor.equals("none")) {
            assertThat(packed).isEqualTo(raw);
        } else if (compressor.equals("deflate")) {
            assertThat(packed).isLessThan(raw);
        }
        for (int k = 0; k < dump.checkpoints().size(); k++) {
            Verdict v = DumpReplay.verify(dump, k);
            assertThat(v.bitExact()).as("from checkpoint " + k + ": " + v.describe()).isTrue();
        }
    }
}
