package dev.parley.experiment;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;

/**
 * A confusion matrix as a PNG heat map: instruction given down the side, instruction recognised along the bottom,
 * each cell's count written in it, shaded from white (none) to the palette's blue (a whole row's messages).
 */
public final class ConfusionChart {

    private ConfusionChart() {
    }

    /** @param matrix {@code matrix[i][j]}: messages made under {@code labels[i]} classified as {@code labels[j]} */
    public static Path write(String title, List<String> labels, long[][] matrix, Path file) throws IOException {
        int k = labels.size();
        HeatMapChart chart = new HeatMapChartBuilder().width(140 + 110 * k).height(120 + 90 * k).title(title)
                .xAxisTitle("recognised as").yAxisTitle("instructed").build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setShowValue(true);
        chart.getStyler().setRangeColors(new Color[] {Color.WHITE, ChartStyle.colour(0)});
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setMin(0);
        long most = 1;
        for (long[] row : matrix) {
            long total = 0;
            for (long c : row) {
                total += c;
            }
            most = Math.max(most, total);
        }
        chart.getStyler().setMax(most);
        chart.getStyler().setHeatMapValueDecimalPattern("0");
        List<Number[]> cells = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                // y runs upwards: the first label at the top
                cells.add(new Number[] {j, k - 1 - i, matrix[i][j]});
            }
        }
        List<String> down = new ArrayList<>(labels);
        java.util.Collections.reverse(down);
        chart.addSeries("messages", labels, down, cells);
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }
}
