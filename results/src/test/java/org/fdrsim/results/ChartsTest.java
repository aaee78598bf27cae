package org.fdrsim.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;

/** The charts as a reader meets them: labels, scales, intervals, formats and colours. */
class ChartsTest {
    static Sweep.Result sweep;
    static List<WorkloadSummary> paper;

    @BeforeAll
    static void run() throws Exception {
        Sweep.Spec spec = new Sweep.Spec("random-tester", "tiny", 0, 2, 1, List.of(),
                List.of(Sweep.Param.parse("recorder.buffers.memoryRace.drainMBps=1,100")));
        sweep = Sweep.runLocal(spec, 2, Progress.NONE);
        paper = PaperExperiment.run(new PaperExperiment.Options("tiny", 2, 1, List.of(), List.of("oltp")), 2,
                Progress.NONE).workloads();
    }

    @Test
    void sweepChartsNameTheSweptValuesTheParameterAndTheWorkload(@TempDir Path dir) throws Exception {
        SweepReport.write(new Outputs(dir), sweep);
        for (CategoryChart c : List.of(SweepReport.runtimeChart(sweep), SweepReport.logsChart(sweep))) {
            assertThat(c.getTitle()).contains("random-tester").contains("recorder.buffers.memoryRace.drainMBps");
            assertThat(c.getXAxisTitle()).isEqualTo("recorder.buffers.memoryRace.drainMBps");
            List<Object> x = List.copyOf(c.getSeriesMap().values().iterator().next().getXData());
            assertThat(x).containsExactly((Object) "1", "100");
        }
        assertThat(Files.readAllBytes(dir.resolve("sweep-logs.pdf"))).startsWith("%PDF".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void bothFigure5ChartsShareOneScale() {
        double max = Charts.figure5Max(paper);
        CategoryChart raw = Charts.figure5(paper, false, max);
        CategoryChart lz = Charts.figure5(paper, true, max);
        assertThat(raw.getStyler().getYAxisMax()).isEqualTo(lz.getStyler().getYAxisMax()).isEqualTo(max);
        assertThat(max).isGreaterThanOrEqualTo(paper.get(0).totalRawMBps().mean());
    }

    @Test
    void figure5LabelsCarryTheTotalsInterval() {
        CategoryChart lz = Charts.figure5(paper, true, Charts.figure5Max(paper));
        String label = paper.get(0).workload() + ": " + paper.get(0).totalCompressedMBps().format(2);
        List<Object> labels = List.copyOf(lz.getSeriesMap().values().iterator().next().getXData());
        assertThat(labels).contains(label);
        assertThat(label).containsAnyOf("+-", "no interval");
    }

    @Test
    void withOneRunTheAxisSaysNoIntervalOnceAndTheLabelsStayShort() throws Exception {
        List<WorkloadSummary> one = PaperExperiment.run(new PaperExperiment.Options("tiny", 1, 1, List.of(),
                List.of("oltp")), 2, Progress.NONE).workloads();
        CategoryChart lz = Charts.figure5(one, true, Charts.figure5Max(one));
        assertThat(lz.getXAxisTitle()).contains("n = 1: no interval");
        assertThat(Charts.figure4(one).getTitle()).contains("n = 1: no interval").doesNotContain("CI");
        assertThat(Charts.figure4(paper).getTitle()).contains("95% CI");
        List<Object> labels = List.copyOf(lz.getSeriesMap().values().iterator().next().getXData());
        assertThat(labels).containsExactly((Object) ("oltp: " + Outputs.f(one.get(0).totalCompressedMBps().mean(), 2)));
    }

    @Test
    void figure4ZoomsTheAxisOnASmallEffect() {
        double[] axis = Charts.zoomedAxis(0.98, 1.06);
        assertThat(axis[0]).isGreaterThan(0.5).isLessThanOrEqualTo(0.98);
        assertThat(axis[1]).isGreaterThanOrEqualTo(1.06);
        assertThat(Charts.zoomedAxis(0.2, 1.5)[0]).isZero(); // a large spread keeps the axis from 0
    }

    @Test
    void pngsAreTwiceTheLayoutSizeAndPdfsAreVector() throws Exception {
        Charts.Rendered r = Charts.render(Charts.figure4(paper));
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(r.png()));
        assertThat(png.getWidth()).isEqualTo(2 * Charts.WIDTH);
        assertThat(png.getHeight()).isEqualTo(2 * Charts.HEIGHT);
        assertThat(new String(r.pdf(), 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
    }

    @Test
    void neighbouringSeriesColoursAreFarApartInHue() {
        Color[] p = Charts.PALETTE;
        for (int i = 0; i + 1 < p.length; i++) {
            float[] a = Color.RGBtoHSB(p[i].getRed(), p[i].getGreen(), p[i].getBlue(), null);
            float[] b = Color.RGBtoHSB(p[i + 1].getRed(), p[i + 1].getGreen(), p[i + 1].getBlue(), null);
            boolean grey = a[1] < 0.1 || b[1] < 0.1 || a[2] < 0.1 || b[2] < 0.1;
            double hue = Math.abs(a[0] - b[0]);
            hue = Math.min(hue, 1 - hue) * 360;
            assertThat(grey || hue >= 30).as("series %d and %d: %.0f degrees apart", i, i + 1, hue).isTrue();
        }
    }
}
