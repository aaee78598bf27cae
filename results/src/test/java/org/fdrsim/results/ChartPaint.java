package org.fdrsim.results;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import org.knowm.xchart.CategoryChart;

/** Paints a chart as rendering it would, into a small image and no file: XChart checks the data as it paints. */
final class ChartPaint {
    private ChartPaint() {}

    static void small(CategoryChart chart) {
        BufferedImage image = new BufferedImage(160, 120, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            chart.paint(g, 160, 120);
        } finally {
            g.dispose();
        }
    }
}
