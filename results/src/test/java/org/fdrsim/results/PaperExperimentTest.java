package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A smoke run of the paper experiment at the tiny scale, its report files, and determinism. */
class PaperExperimentTest {
    static final PaperExperiment.Options OPTIONS =
            new PaperExperiment.Options("tiny", 2, 1, List.of(), PaperExperiment.Options.paperWorkloads());
    static PaperExperiment.Result parallel;

    @BeforeAll
    static void run() throws Exception {
        parallel = PaperExperiment.run(OPTIONS, 2, Progress.NONE);
    }

    @Test
    void everyRunFinishesAndEveryPaperCategoryIsNonZero() {
        assertThat(parallel.measurements()).allSatisfy(m -> assertThat(m.stop()).doesNotContain("fault", "trigger", "deadlock"));
        for (WorkloadSummary w : parallel.workloads()) {
            for (String c : Categories.ordered()) {
                assertThat(w.rawMBps().get(c).mean()).as(w.workload() + " " + c).isPositive();
                assertThat(w.compressedMBps().get(c).mean()).as(w.workload() + " " + c).isPositive();
            }
            assertThat(w.normalizedBase().mean()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(w.reduction().arcs()).containsKeys("all-arcs", "fdr", "netzer");
            assertThat(w.reduction().arcs().get("fdr")).isLessThanOrEqualTo(w.reduction().arcs().get("all-arcs"));
            assertThat(w.character().deviceInterruptsPerMillion()).isPositive();
            assertThat(w.character().dmaBlocksPerMillion()).isPositive();
        }
        assertThat(parallel.findings()).hasSize(7);
    }

    @Test
    void sequentialAndParallelRunsGiveTheSameNumbers() throws Exception {
        PaperExperiment.Result sequential = PaperExperiment.run(OPTIONS, 1, Progress.NONE);
        assertThat(Outputs.toJson(sequential)).isEqualTo(Outputs.toJson(parallel));
    }

    @Test
    void writesTheReportFilesDeterministically(@TempDir Path a, @TempDir Path b) throws Exception {
        PaperReport.write(new Outputs(a), parallel, "cmd");
        PaperReport.write(new Outputs(b), parallel, "cmd");
        for (String f : List.of("report.md", "results.json", "figure4.csv", "figure5.csv", "table3.csv", "reduction.csv",
                "character.csv", "config.yaml", "seeds.txt", "figure4.png", "figure4.svg", "figure5-compressed.png",
                "figure5-uncompressed.svg")) {
            assertThat(a.resolve(f)).as(f).exists();
            assertThat(Files.size(a.resolve(f))).as(f).isPositive();
        }
        for (String f : List.of("report.md", "results.json", "figure4.csv", "figure5.csv", "table3.csv", "reduction.csv")) {
            assertThat(Files.readString(a.resolve(f))).as(f).isEqualTo(Files.readString(b.resolve(f)));
        }
        String md = Files.readString(a.resolve("report.md"));
        assertThat(md).contains("Figure 4", "Figure 5", "Table 3", "reduction", "Replay-interval memory", "reproduced");
        assertThat(Files.readString(a.resolve("figure4.svg"))).contains("<svg");
    }
}
