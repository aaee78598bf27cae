package org.fdrsim.results;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.style.Styler;

/** The reports' charts (XChart), rendered headless to PNG and SVG bytes. */
public final class Charts {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {}

    /** A chart as PNG and SVG. */
    public record Rendered(byte[] png, byte[] svg) {}

    public static Rendered render(CategoryChart chart) throws IOException {
        byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        ByteArrayOutputStream svg = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        return new Rendered(png, svg.toByteArray());
    }

    /** Figure 4: normalized runtime without and with FDR per workload, 95% confidence intervals as error bars. */
    public static CategoryChart figure4(List<WorkloadSummary> ws) {
        CategoryChart chart = new CategoryChartBuilder().width(720).height(420)
                .title("Runtime without and with FDR (normalized, 95% CI)").xAxisTitle("workload")
                .yAxisTitle("normalized runtime").build();
        style(chart);
        List<String> x = new ArrayList<>();
        List<Double> base = new ArrayList<>();
        List<Double> baseErr = new ArrayList<>();
        List<Double> fdr = new ArrayList<>();
        List<Double> fdrErr = new ArrayList<>();
        for (WorkloadSummary w : ws) {
            x.add(w.workload());
            base.add(w.normalizedBase().mean());
            baseErr.add(w.normalizedBase().ciHalf());
            fdr.add(w.normalizedFdr().mean());
            fdrErr.add(w.normalizedFdr().ciHalf());
        }
        chart.addSeries("without FDR", x, base, baseErr);
        chart.addSeries("with FDR", x, fdr, fdrErr);
        chart.getStyler().setYAxisMin(0.0);
        return chart;
    }

    /** Figure 5: stacked log-size breakdown per workload, MB per simulated second per processor. */
    public static CategoryChart figure5(List<WorkloadSummary> ws, boolean compressed) {
        CategoryChart chart = new CategoryChartBuilder().width(720).height(420)
                .title((compressed ? "Compressed" : "Uncompressed") + " log size")
                .xAxisTitle("workload").yAxisTitle("MB / simulated second / processor").build();
        style(chart);
        chart.getStyler().setStacked(true);
        List<String> x = new ArrayList<>();
        for (WorkloadSummary w : ws) {
            x.add(w.workload());
        }
        for (String c : Categories.ordered()) {
            List<Double> y = new ArrayList<>();
            for (WorkloadSummary w : ws) {
                Map<String, Summary> m = compressed ? w.compressedMBps() : w.rawMBps();
                y.add(m.get(c).mean());
            }
            chart.addSeries(c, x, y);
        }
        return chart;
    }

    /** A sweep: one bar per point, the mean of {@code values} with its interval. */
    public static CategoryChart sweep(String title, String yTitle, List<String> points, List<Summary> values) {
        CategoryChart chart = new CategoryChartBuilder().width(720).height(420).title(title).xAxisTitle("point")
                .yAxisTitle(yTitle).build();
        style(chart);
        List<Double> y = new ArrayList<>();
        List<Double> e = new ArrayList<>();
        for (Summary s : values) {
            y.add(s.mean());
            e.add(s.ciHalf());
        }
        chart.addSeries(yTitle, points, y, e);
        return chart;
    }

    private static void style(CategoryChart chart) {
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setToolTipsEnabled(false);
    }
}
