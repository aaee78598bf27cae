package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.JsonEdits;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzz target for the files a Slurm sweep keeps and {@code fdr sweep merge}
 * reads back: any bytes as the spec or one shard of a small sweep (the random tester on 2 and 4
 * processors, one seed) whose other files are sound. The merge refuses with one line, in
 * fdrsim's words, or builds the report (report.md, the CSV, the JSON, both charts painted small);
 * and a report is only ever built from each point's planned runs: every measurement is the seed,
 * recorder setting and processor count its place in the shard stands for (worked out here from
 * the sweep's spec, not by the merge's own plan).
 *
 * <p>Input of {@link #merge}: the first byte picks the file replaced (modulo 3: the spec, point 0's
 * shard, point 1's), the rest is its bytes; of {@link #edit}: that file and edits of its JSON tree. Seeds (the three files as fdrsim writes them) and findings:
 * {@code src/test/resources/org/fdrsim/results/SweepShardFuzzTestInputs/merge/} and {@code .../edit/}.
 */
class SweepShardFuzzTest {
    private static final Sweep.Spec SPEC = new Sweep.Spec("random-tester", "tiny", 200, 1, 1, List.of(),
            List.of(Sweep.Param.parse("cpus=2,4")));
    private static final int[] CPUS = {2, 4};
    /** The sound spec and shards, as fdrsim writes them (made once: a point of this sweep runs in milliseconds). */
    private static final byte[][] SOUND = sound();

    @FuzzTest(maxDuration = "10m")
    @Timeout(10)
    void merge(byte[] input) throws IOException {
        if (input.length == 0) {
            return;
        }
        mergeWith(Math.floorMod(input[0], SOUND.length), Arrays.copyOfRange(input, 1, input.length));
    }

    /**
     * The same property over files that stay JSON ({@link JsonEdits}): raw bytes seldom stay JSON
     * with the spec's exact copy inside a shard, which is why {@link #merge} never found an
     * emptied shard by itself.
     */
    @FuzzTest(maxDuration = "10m")
    @Timeout(10)
    void edit(FuzzedDataProvider data) throws IOException {
        int replaced = data.consumeInt(0, SOUND.length - 1);
        mergeWith(replaced, JsonEdits.apply(SOUND[replaced], data));
    }

    private static void mergeWith(int replaced, byte[] bytes) throws IOException {
        Path dir = Files.createTempDirectory("sweep-shard-fuzz");
        try {
            for (int i = 0; i < SOUND.length; i++) {
                Path file = i == 0 ? dir.resolve(SweepReport.SPEC) : SweepReport.shardPath(dir, i - 1);
                Files.createDirectories(file.getParent());
                Files.write(file, i == replaced ? bytes : SOUND[i]);
            }
            Sweep.Result r;
            try {
                r = Sweep.merge(SweepReport.readSpec(dir), SweepReport.readShards(dir));
            } catch (IOException | IllegalArgumentException | ConfigException e) {
                KeptFileRefusal.assertOneLineInOwnWords(e.getMessage(), bytes);
                return;
            }
            for (Sweep.Shard shard : SweepReport.readShards(dir)) {
                List<Measurement> ms = shard.measurements();
                assertThat(ms).as("point %d's runs", shard.point()).hasSize(2 * SPEC.runs());
                for (int i = 0; i < ms.size(); i++) {
                    Measurement m = ms.get(i);
                    assertThat(m.workload()).isEqualTo(SPEC.workload());
                    assertThat(m.seed()).as("point %d run %d's seed", shard.point(), i).isEqualTo(SPEC.baseSeed() + i / 2);
                    assertThat(m.fdr()).as("point %d run %d's recorder", shard.point(), i).isEqualTo(i % 2 == 1);
                    assertThat(m.cpus()).as("point %d run %d's processors", shard.point(), i).isEqualTo(CPUS[shard.point()]);
                    assertThat(m.cycles()).as("point %d run %d's cycles", shard.point(), i).isNotNegative();
                    assertThat(m.instructions()).as("point %d run %d's instructions", shard.point(), i).isNotNegative();
                    assertThat(m.unusable()).isNull();
                }
            }
            assertThat(SweepReport.markdown(r) + SweepReport.csv(r)).isNotBlank();
            Outputs.JSON.valueToTree(r);
            ChartPaint.small(SweepReport.runtimeChart(r));
            ChartPaint.small(SweepReport.logsChart(r));
        } finally {
            KeptFileRefusal.deleteTree(dir);
        }
    }

    private static byte[][] sound() {
        try {
            byte[][] files = new byte[3][];
            files[0] = Outputs.toJson(SPEC).getBytes(StandardCharsets.UTF_8); // as --emit-slurm writes sweep-spec.json
            for (int p = 0; p < 2; p++) {
                files[1 + p] = Outputs.toJson(Sweep.runPoint(SPEC, p, 1, Progress.NONE)).getBytes(StandardCharsets.UTF_8);
            }
            return files;
        } catch (ConfigException e) {
            throw new IllegalStateException(e);
        }
    }
}
