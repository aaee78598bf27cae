package org.fdrsim.replayer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.fdrsim.cpu.mem.SparseMemory;
import org.fdrsim.recorder.dump.CoreDump;
import org.fdrsim.recorder.dump.CoreDumpReader;
import org.fdrsim.recorder.dump.CoreDumpWriter;
import org.fdrsim.recorder.dump.DumpMemory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verifier reads the dump's final memory image page by page from the file, after the
 * replay: every difference is still found, and the lowest one is named. The dumps here are
 * written to a file and read back, so the image compared is the one streamed from disk.
 */
class StreamedComparisonTest {
    private static CoreDump recorded;
    private static SparseMemory image;

    @BeforeAll
    static void record() {
        recorded = Recording.record(Recording.example("racy-counter.s"), Recording.config(4, 3, List.of())).dump();
        image = recorded.memory();
    }

    /** Replays {@code recorded} and compares with its final image changed by {@code change}, read from a file. */
    private static Verdict replayWithImage(Path dir, Consumer<SparseMemory> change) throws Exception {
        return replayWith(dir, original -> {
            SparseMemory m = original.copy();
            change.accept(m);
            return m;
        });
    }

    /** Replays {@code recorded} and compares with the final image {@code replace} gives, read from a file. */
    private static Verdict replayWith(Path dir, UnaryOperator<SparseMemory> replace) throws Exception {
        SparseMemory m = replace.apply(image);
        CoreDump tampered = new CoreDump(recorded.formatVersion(), recorded.cpus(), recorded.dmaEngines(),
                recorded.seed(), recorded.configText(), recorded.program(), DumpMemory.of(m), recorded.checkpoints(),
                recorded.finalRegisters(), recorded.finalDmaIcs(), recorded.trigger(), recorded.summary(),
                recorded.validation(), recorded.consoleInput());
        Path file = dir.resolve("t.fdr");
        long size = CoreDumpWriter.write(tampered, file);
        assertThat(Files.size(file)).isEqualTo(size);
        assertThat(Files.readAllBytes(file)).isEqualTo(CoreDumpWriter.toBytes(tampered));
        // The start image is the recorded one: a final image changed in the dump would also
        // change the start (it is unrolled from the final image) and replay would carry it along.
        return Verifier.verify(DumpReplay.input(recorded, 0), DumpReplay.expected(CoreDumpReader.read(file)));
    }

    private static long firstPage() {
        long[] first = {-1};
        image.forEachPage((base, words) -> {
            if (first[0] < 0) {
                first[0] = base;
            }
        });
        return first[0];
    }

    @Test
    void theUntouchedImageVerifies(@TempDir Path dir) throws Exception {
        assertThat(replayWithImage(dir, m -> { }).bitExact()).isTrue();
    }

    @Test
    void oneWordChangedInALoggedPageIsNamed(@TempDir Path dir) throws Exception {
        long address = firstPage() + 8 * 37;
        Verdict v = replayWithImage(dir, m -> m.storeWord(address, m.loadWord(address) ^ 0x40));
        assertThat(v.bitExact()).isFalse();
        assertThat(v.divergence().kind()).isEqualTo(Divergence.Kind.MEMORY);
        assertThat(v.divergence().what()).isEqualTo(String.format("memory word 0x%x differs", address));
    }

    @Test
    void aWordInAPageTheReplayNeverWroteIsNamed(@TempDir Path dir) throws Exception {
        long address = image.size() - 4096 + 8 * 5; // the last page: untouched by the program
        assertThat(image.loadWord(address)).isZero();
        Verdict v = replayWithImage(dir, m -> m.storeWord(address, 99));
        assertThat(v.divergence().what()).isEqualTo(String.format("memory word 0x%x differs", address));
        assertThat(v.divergence().expected()).startsWith("0x63 (99)");
        assertThat(v.divergence().actual()).startsWith("0x0 (0)");
    }

    @Test
    void aPageMissingFromTheImageIsNamedAtItsFirstNonZeroWord(@TempDir Path dir) throws Exception {
        long page = firstPage();
        long firstNonZero = -1;
        for (long a = page; a < page + 4096 && firstNonZero < 0; a += 8) {
            if (image.loadWord(a) != 0) {
                firstNonZero = a;
            }
        }
        assertThat(firstNonZero).isNotNegative();
        long expectedAddress = firstNonZero;
        // The image lists every page but this one, which the replay writes.
        Verdict v = replayWith(dir, m -> {
            SparseMemory without = new SparseMemory(m.size());
            m.forEachPage((base, words) -> {
                if (base != page) {
                    for (int w = 0; w < words.length; w++) {
                        without.storeWord(base + 8L * w, words[w]);
                    }
                }
            });
            return without;
        });
        assertThat(v.divergence().what()).isEqualTo(String.format("memory word 0x%x differs", expectedAddress));
    }

    @Test
    void ofTwoDifferencesTheLowerIsNamed(@TempDir Path dir) throws Exception {
        long low = firstPage() + 8;
        long high = image.size() - 8;
        Verdict v = replayWithImage(dir, m -> {
            m.storeWord(high, 1);
            m.storeWord(low, m.loadWord(low) + 1);
        });
        assertThat(v.divergence().what()).isEqualTo(String.format("memory word 0x%x differs", low));
    }

    /**
     * A start image too large to hold is restored from the dump for each replay, into the last
     * replay's memory once the verifier gives it back: the restored memory is the checkpoint's,
     * whatever the last replay left in it, and replays under several schedules still verify.
     */
    @Test
    void aRebuiltStartImageIsTheCheckpointsWhateverTheLastReplayLeft() {
        ReplayInput input = DumpReplay.input(recorded, 0, 0);
        StartMemory start = input.startMemory();
        SparseMemory used = start.fresh();
        assertThat(used.firstDifference(recorded.memoryAt(0))).isEqualTo(-1);
        used.storeWord(used.size() - 8, 12345); // a page the start image does not have
        used.storeWord(firstPage(), used.loadWord(firstPage()) + 1);
        start.recycle(used);
        SparseMemory again = start.fresh();
        assertThat(again).isSameAs(used);
        assertThat(again.firstDifference(recorded.memoryAt(0))).isEqualTo(-1);
        assertThat(start.fresh()).isNotSameAs(used); // given back once, reused once
        assertThat(Verifier.verify(input, ReplayProbe.NONE, DumpReplay.expected(recorded), 3).bitExact()).isTrue();
    }
}
