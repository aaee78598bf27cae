package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The report of an experiment with one run per workload (and one workload): no intervals, no verdicts on them. */
class OneRunReportTest {
    static PaperExperiment.Result result;

    @BeforeAll
    static void run() throws Exception {
        result = PaperExperiment.run(new PaperExperiment.Options("tiny", 1, 1, List.of(), List.of("oltp")), 2,
                Progress.NONE);
    }

    @Test
    void oneRunHasNoIntervalAndNoSignificanceVerdict() {
        String md = PaperReport.markdown(result, "cmd");
        assertThat(md).contains("n = 1: no interval").doesNotContain("+- 0.0000").doesNotContain("disjoint");
        PaperExperiment.Finding slowdown = result.findings().get(0);
        assertThat(slowdown.reproduced()).isNull();
        assertThat(slowdown.verdict()).isEqualTo("no verdict");
        assertThat(slowdown.measured()).contains("n = 1: no interval").doesNotContain("CI");
        assertThat(PaperReport.figure4Csv(result.workloads())).endsWith(",\n"); // no overlap verdict
    }

    @Test
    void oneWorkloadIsNotCalledAMeanOverWorkloadsAndMbIsDefined() {
        String md = PaperReport.markdown(result, "cmd");
        assertThat(md).doesNotContain("mean over workloads").contains("MB is 10^6 bytes");
        assertThat(result.findings().get(1).measured()).startsWith("oltp ");
        assertThat(result.findings().get(5).measured()).startsWith("compression ratio ");
    }

    @Test
    void logsThatLzMadeLargerAreNamed() {
        WorkloadSummary w = result.workloads().get(0);
        String remark = PaperReport.lzLarger(result.workloads());
        boolean any = false;
        for (String c : Categories.ordered()) {
            boolean larger = w.compressedMBps().get(c).mean() > w.rawMBps().get(c).mean() && w.rawMBps().get(c).mean() > 0;
            any |= larger;
            assertThat(remark.contains("oltp " + c + " ")).as(c).isEqualTo(larger);
        }
        assertThat(remark.isEmpty()).isEqualTo(!any);
        assertThat(PaperReport.markdown(result, "cmd")).contains(remark);
    }

    @Test
    void everyLogBufferHasAStallColumn() {
        String md = PaperReport.markdown(result, "cmd");
        assertThat(md).contains("## Log-buffer stalls").containsPattern(
                "\\| workload \\| memoryRace \\| input \\| interrupt \\| dmaRace \\| dmaData \\| cacheCheckpoint \\| memoryCheckpoint \\| all logs");
        assertThat(result.workloads().get(0).stallCycles()).hasSize(7);
    }
}
