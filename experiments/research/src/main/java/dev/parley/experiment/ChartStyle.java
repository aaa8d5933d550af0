package dev.parley.experiment;

import java.awt.Color;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * What every Parley chart shares so that a reader can use it: colours that stay distinguishable (the Okabe–Ito
 * palette, safe for colour-blind readers) and tick labels with their leading zero ({@code 0.25}, not {@code .25}).
 */
final class ChartStyle {

    /**
     * Okabe & Ito (2008), ordered so that neighbours differ most: blue, orange, bluish green, reddish purple,
     * black, sky blue, vermillion, yellow.
     */
    static final Color[] PALETTE = {new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73),
        new Color(0xCC79A7), new Color(0x000000), new Color(0x56B4E9), new Color(0xD55E00), new Color(0xF0E442)};

    private ChartStyle() {
    }

    static Color colour(int i) {
        return PALETTE[i % PALETTE.length];
    }

    /** The colour at a quarter opacity: an interval band behind its line. */
    static Color band(int i) {
        Color c = colour(i);
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), 60);
    }

    static void apply(Chart<?, ?> chart, boolean logY) {
        Styler s = chart.getStyler();
        s.setSeriesColors(PALETTE);
        s.setChartBackgroundColor(Color.WHITE);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        if (s instanceof org.knowm.xchart.style.AxesChartStyler a) {
            // log axes print powers of ten in scientific form; linear ones keep their leading zero
            a.setYAxisDecimalPattern(logY ? "0.0E0" : "0.0###");
        }
    }
}
