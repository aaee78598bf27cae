package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
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
 * {@code src/test/resources/org/fdrsim/replayer/DumpReplayFuzzTestInputs/readAndReplay/}; the
 * inputs of {@link #edit} (edits of those seeds, among them the ones that catch a weakened
 * verifier, {@code replayer/weakened-verifiers.py}) in {@code .../edit/}.
 */
class DumpReplayFuzzTest {
    /** The sound dumps among the inputs of {@link #readAndReplay}. */
    private static final SoundDumps SOUND = new SoundDumps(DumpReplayFuzzTest.class,
            "DumpReplayFuzzTestInputs/readAndReplay");
    /** What the JDK's and the compressor's own messages say: not the reader's words. */
    private static final List<String> JAVA_WORDS = List.of("java.", "Exception", "For input string",
            "out of bounds for length", "Malformed input");

    @FuzzTest(maxDuration = "10m")
    @Timeout(30)
    void readAndReplay(byte[] input) {
        verdict(SectionSeals.reseal(input), input);
    }

    /**
     * The same property over dumps that stay dumps ({@link DumpEdits} of a sound one): logs that
     * decompress and say something else, checkpoints rearranged, states and counts changed, which
     * raw bytes seldom reach past the LZ4 blocks. And one more: a dump changed only in what replay
     * is compared against and does not start from (a final or later saved state, a block a
     * checkpoint log restores, the validation trace) never replays as bit-exact.
     */
    @FuzzTest(maxDuration = "10m")
    @Timeout(30)
    void edit(FuzzedDataProvider data) {
        DumpEdits.Edited e = DumpEdits.apply(SOUND.pick(data), data);
        byte[] file = CoreDumpWriter.toBytes(e.dump());
        Verdict v = verdict(file, file);
        if (e.onlyExpectedStateChanged() && v != null) {
            assertThat(v.bitExact()).as("a dump whose final or saved state was changed replays as bit-exact").isFalse();
        }
    }

    /**
     * {@code sealed} read and, within the budget, replayed: the verdict, or null when the reader
     * refused it (with a one-line message in its own words; {@code given} is what it may quote)
     * or it asks too much.
     */
    private static Verdict verdict(byte[] sealed, byte[] given) {
        CoreDump dump;
        try {
            dump = CoreDumpReader.read(sealed, "fuzz.fdr");
        } catch (DumpFormatException e) {
            assertThat(e.getMessage()).startsWith("fuzz.fdr: ").doesNotContainPattern("[\\p{Cc}\\p{Zl}\\p{Zp}]"); // no line break of any kind
            String bytes = new String(given, StandardCharsets.ISO_8859_1);
            for (String java : JAVA_WORDS) { // said in the reader's words, unless it quotes the dump's
                if (!bytes.contains(java)) {
                    assertThat(e.getMessage()).doesNotContain(java);
                }
            }
            return null;
        }
        if (DumpBudget.declaredInstructions(dump) > DumpBudget.REPLAY_LIMIT) {
            return null;
        }
        ReplayInput in = DumpReplay.input(dump, 0);
        Verdict v = Verifier.verify(in, DumpReplay.probe(dump), DumpReplay.expected(dump), 1);
        assertThat(v.describe()).isNotBlank();
        assertThat(ReplayParallelism.of(in).instructions()).isNotNegative();
        return v;
    }
}
