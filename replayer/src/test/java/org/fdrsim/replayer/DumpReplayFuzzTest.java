package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.DumpFormatException;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzz target for the dump reader and the replayer: any bytes, with every
 * section's CRC recomputed ({@link SectionSeals}) so mutations reach the parsers, read as a
 * dump or give one {@link DumpFormatException} with a one-line message; a dump that reads
 * replays to a verdict (bit-exact or a divergence, which includes deadlocks and logs that
 * cannot be replayed), never another exception.
 *
 * <p>Seeds (dumps recorded from the examples) and findings:
 * {@code src/test/resources/org/fdrsim/replayer/DumpReplayFuzzTestInputs/readAndReplay/}.
 */
class DumpReplayFuzzTest {
    /**
     * Dumps that declare more instructions than this are read but not replayed: replaying a
     * long (real or forged) recording is slow, not wrong, and would only slow the fuzzer.
     */
    private static final long REPLAY_BUDGET = 2_000_000;
    /** What the JDK's and the compressor's own messages say: not the reader's words. */
    private static final List<String> JAVA_WORDS = List.of("java.", "Exception", "For input string",
            "out of bounds for length", "Malformed input");

    @FuzzTest(maxDuration = "10m")
    @Timeout(30)
    void readAndReplay(byte[] input) {
        CoreDump dump;
        try {
            dump = CoreDumpReader.read(SectionSeals.reseal(input), "fuzz.fdr");
        } catch (DumpFormatException e) {
            assertThat(e.getMessage()).startsWith("fuzz.fdr: ").doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}]"); // no line break of any kind
            String bytes = new String(input, StandardCharsets.ISO_8859_1);
            for (String java : JAVA_WORDS) { // said in the reader's words, unless it quotes the dump's
                if (!bytes.contains(java)) {
                    assertThat(e.getMessage()).doesNotContain(java);
                }
            }
            return;
        }
        if (DumpBudget.declaredInstructions(dump) > REPLAY_BUDGET) {
            return;
        }
        ReplayInput in = DumpReplay.input(dump, 0);
        Verdict v = Verifier.verify(in, DumpReplay.probe(dump), DumpReplay.expected(dump), 1);
        assertThat(v.describe()).isNotBlank();
        assertThat(ReplayParallelism.of(in).instructions()).isNotNegative();
    }
}
