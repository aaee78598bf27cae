package org.fdrsim.results;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.style.Styler;

/** The reports' charts (XChart), rendered headless to PNG (twice the layout size), SVG and PDF bytes. */
public final class Charts {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** Layout size in points; the PNG has {@link #PNG_SCALE} times as many pixels each way. */
    static final int WIDTH = 720;
    static final int HEIGHT = 420;
    static final int PNG_SCALE = 2;

    /**
     * Okabe and Ito's palette for colour-blind readers, ordered so that neighbouring series
     * (stacked segments sit next to each other) are at least 30 degrees of hue apart: orange,
     * vermillion and yellow are never neighbours.
     */
    static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73),
            new Color(0xD55E00), new Color(0x56B4E9), new Color(0xF0E442), new Color(0xCC79A7), new Color(0x000000)};

    private Charts() {}

    /** A chart as PNG, SVG and PDF (vector, for papers). */
    public record Rendered(byte[] png, byte[] svg, byte[] pdf) {}

    public static Rendered render(CategoryChart chart) throws IOException {
        return new Rendered(png(chart), vector(chart, VectorGraphicsEncoder.VectorGraphicsFormat.SVG),
                vector(chart, VectorGraphicsEncoder.VectorGraphicsFormat.PDF));
    }

    private static byte[] png(CategoryChart chart) throws IOException {
        BufferedImage image = new BufferedImage(chart.getWidth() * PNG_SCALE, chart.getHeight() * PNG_SCALE,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.scale(PNG_SCALE, PNG_SCALE);
        chart.paint(g, chart.getWidth(), chart.getHeight());
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    private static byte[] vector(CategoryChart chart, VectorGraphicsEncoder.VectorGraphicsFormat format)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(chart, out, format);
        return out.toByteArray();
    }

    /**
     * Figure 4: normalized runtime without and with FDR per workload, 95% confidence intervals
     * as error bars. The y axis is zoomed to the data (as the paper's is), so an effect of a few
     * percent is visible; the axis title says where it starts.
     */
    public static CategoryChart figure4(List<WorkloadSummary> ws) {
        List<String> x = new ArrayList<>();
        List<Double> base = new ArrayList<>();
        List<Double> baseErr = new ArrayList<>();
        List<Double> fdr = new ArrayList<>();
        List<Double> fdrErr = new ArrayList<>();
        double low = Double.MAX_VALUE;
        double high = 0;
        for (WorkloadSummary w : ws) {
            x.add(w.workload());
            base.add(w.normalizedBase().mean());
            baseErr.add(w.normalizedBase().ciHalf());
            fdr.add(w.normalizedFdr().mean());
            fdrErr.add(w.normalizedFdr().ciHalf());
            low = Math.min(low, Math.min(w.normalizedBase().low(), w.normalizedFdr().low()));
            high = Math.max(high, Math.max(w.normalizedBase().high(), w.normalizedFdr().high()));
        }
        double[] axis = zoomedAxis(low, high);
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title("Runtime without and with FDR (normalized, "
                        + (!ws.isEmpty() && ws.get(0).normalizedBase().hasInterval() ? "95% CI" : "n = 1: no interval") + ")")
                .xAxisTitle("workload")
                .yAxisTitle("normalized runtime" + (axis[0] > 0 ? " (axis from " + Outputs.f(axis[0], 2) + ")" : ""))
                .build();
        style(chart);
        chart.addSeries("without FDR", x, base, baseErr);
        chart.addSeries("with FDR", x, fdr, fdrErr);
        chart.getStyler().setYAxisMin(axis[0]);
        chart.getStyler().setYAxisMax(axis[1]);
        return chart;
    }

    /**
     * A y axis that shows the spread of [low, high]: from 0 when the bars' tops differ by more
     * than their height's quarter, else from a round value a little below the lowest point.
     */
    static double[] zoomedAxis(double low, double high) {
        if (!(low < high) || low <= 0 || (high - low) > 0.25 * high) {
            return new double[] {0.0, high * 1.05};
        }
        double margin = Math.max(0.01, 0.25 * (high - low));
        double from = Math.floor((low - margin) * 100) / 100;
        return new double[] {Math.max(0.0, from), Math.ceil((high + margin) * 100) / 100};
    }

    /**
     * Figure 5: stacked log-size breakdown per workload, MB per simulated second per processor.
     * {@code yMax} fixes the axis, so the uncompressed and compressed charts share one scale;
     * each workload's label carries its total's mean and 95% interval.
     */
    public static CategoryChart figure5(List<WorkloadSummary> ws, boolean compressed, double yMax) {
        boolean intervals = !ws.isEmpty() && ws.get(0).totalRawMBps().hasInterval();
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title((compressed ? "Compressed" : "Uncompressed") + " log size (same scale as the "
                        + (compressed ? "uncompressed" : "compressed") + " chart)")
                .xAxisTitle("workload: total MB/s/cpu" + (intervals ? " +- 95% CI" : " (n = 1: no interval)"))
                .yAxisTitle("MB / simulated second / processor").build();
        style(chart);
        chart.getStyler().setStacked(true);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(yMax);
        List<String> x = new ArrayList<>();
        for (WorkloadSummary w : ws) {
            Summary total = compressed ? w.totalCompressedMBps() : w.totalRawMBps();
            // One run has no interval: the axis title says so once instead of every label (they would collide).
            x.add(w.workload() + ": " + (intervals ? total.format(2) : Outputs.f(total.mean(), 2)));
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

    /** The y-axis top both Figure 5 charts share: the largest uncompressed total, plus room. */
    public static double figure5Max(List<WorkloadSummary> ws) {
        double max = 0;
        for (WorkloadSummary w : ws) {
            max = Math.max(max, Math.max(w.totalRawMBps().mean(), w.totalCompressedMBps().mean()));
        }
        return max == 0 ? 1.0 : max * 1.1;
    }

    /**
     * A sweep: one bar per point, labelled with the swept values, the mean of {@code values}
     * with its interval; {@code xTitle} names the swept setting(s).
     */
    public static CategoryChart sweep(String title, String xTitle, String yTitle, List<String> points,
            List<Summary> values) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
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
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setToolTipsEnabled(false);
        chart.getStyler().setSeriesColors(PALETTE);
    }
}
