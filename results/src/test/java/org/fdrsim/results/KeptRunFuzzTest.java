package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fdrsim.machine.config.ConfigException;
import org.fdrsim.machine.config.JsonEdits;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzz target for the files an experiment keeps and reads back (a resumed run,
 * a Slurm array's merge): any bytes as one finished run of a tiny experiment whose other runs
 * are sound. The run is refused with one line naming the file, or the report is built from it
 * (the result, report.md, every CSV, and the three charts painted small, {@link ChartPaint}: XChart
 * checks the data as it paints) with no other exception, and then only from the runs planned
 * (workload, seed and recorder setting as planned, 4 processors, no negative cycles or instructions).
 *
 * <p>Input of {@link #report}: the first byte picks the run replaced (modulo 3: the run without the
 * recorder, with it, the traced one), the rest is its file; of {@link #edit}: that run and
 * {@link JsonEdits} of its sound file. Seeds (the three runs as fdrsim wrote them) and
 * findings: {@code src/test/resources/org/fdrsim/results/KeptRunFuzzTestInputs/report/}. The
 * sound runs ({@code kept-runs/}) are what {@code fdr experiment paper --scale tiny --runs 1
 * --workload oltp} keeps in {@code runs/}; write them again when {@link Measurement} changes.
 */
class KeptRunFuzzTest {
    private static final PaperExperiment.Options OPTIONS = new PaperExperiment.Options("tiny", 1, 1, List.of(),
            List.of("oltp"));
    private static final List<RunSpec> PLAN = PaperExperiment.plan(OPTIONS);
    private static final Path SOUND = Path.of("src", "test", "resources", "org", "fdrsim", "results", "kept-runs");

    @FuzzTest(maxDuration = "10m")
    @Timeout(10)
    void report(byte[] input) throws IOException, ConfigException {
        if (input.length == 0) {
            return;
        }
        reportWith(Math.floorMod(input[0], PLAN.size()), Arrays.copyOfRange(input, 1, input.length));
    }

    /**
     * The same property over run files that stay JSON ({@link JsonEdits} of a sound run): the
     * edits reach what a file that reads well can get wrong, which raw bytes seldom do.
     */
    @FuzzTest(maxDuration = "10m")
    @Timeout(10)
    void edit(FuzzedDataProvider data) throws IOException, ConfigException {
        int replaced = data.consumeInt(0, PLAN.size() - 1);
        byte[] sound = Files.readAllBytes(SOUND.resolve(new RunStore(SOUND).file(PLAN.get(replaced)).getFileName()));
        reportWith(replaced, JsonEdits.apply(sound, data));
    }

    private static void reportWith(int replaced, byte[] bytes) throws IOException, ConfigException {
        Path dir = Files.createTempDirectory("kept-run-fuzz");
        try {
            RunStore store = new RunStore(dir);
            Files.createDirectories(store.file(PLAN.get(0)).getParent());
            for (int i = 0; i < PLAN.size(); i++) {
                Path file = store.file(PLAN.get(i));
                if (i == replaced) {
                    Files.write(file, bytes);
                } else {
                    Files.copy(SOUND.resolve(file.getFileName()), file);
                }
            }
            List<Measurement> runs = new ArrayList<>();
            for (RunSpec spec : PLAN) {
                try {
                    runs.add(store.load(spec));
                } catch (UncheckedIOException e) {
                    assertThat(e.getMessage()).contains(store.file(spec).toString());
                    KeptFileRefusal.assertOneLineInOwnWords(e.getMessage(), bytes);
                    return;
                }
            }
            for (int i = 0; i < PLAN.size(); i++) { // what the report is built from: the runs planned, as they could have run
                Measurement m = runs.get(i);
                RunSpec spec = PLAN.get(i);
                assertThat(List.of(m.workload(), m.seed(), m.fdr())).as("run %d", i)
                        .isEqualTo(List.of(spec.workload(), spec.seed(), spec.fdr()));
                assertThat(m.cpus()).as("run %d's processors (tiny oltp runs on 4)", i).isEqualTo(4);
                assertThat(m.cycles()).as("run %d's cycles", i).isNotNegative();
                assertThat(m.instructions()).as("run %d's instructions", i).isNotNegative();
            }
            PaperExperiment.Result r = PaperExperiment.assemble(OPTIONS, runs);
            Outputs.JSON.valueToTree(r);
            assertThat(PaperReport.markdown(r, "fdr experiment paper --scale tiny")).isNotBlank();
            List<WorkloadSummary> ws = r.workloads();
            assertThat(PaperReport.figure4Csv(ws) + PaperReport.figure5Csv(ws) + PaperReport.table3Csv(r.table3())
                    + PaperReport.reductionCsv(ws) + PaperReport.characterCsv(ws)).isNotBlank();
            double max = Charts.figure5Max(ws);
            ChartPaint.small(Charts.figure4(ws));
            ChartPaint.small(Charts.figure5(ws, false, max));
            ChartPaint.small(Charts.figure5(ws, true, max));
        } finally {
            KeptFileRefusal.deleteTree(dir);
        }
    }
}
