package dev.parley.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/**
 * The PNG charts of {@code parley experiment --out}: NashConv along the run on a log axis, gain and NashConv as
 * shares of each domain's payoff range (so domains share an axis) with players by role name and 95% error bars,
 * and the instruction mass in one panel per domain.
 */
final class ReportCharts {

    /** Log axes cannot show 0; a NashConv below this is drawn at it. */
    static final double LOG_FLOOR = 1e-9;

    private ReportCharts() {
    }

    static Path nashConv(List<SeededReport> reports, Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(800).height(500).title("NashConv of the average policy (mean over seeds)")
                .xAxisTitle("iteration").yAxisTitle("NashConv (log scale)").build();
        ChartStyle.apply(chart, true);
        chart.getStyler().setYAxisLogarithmic(true);
        for (SeededReport s : reports) {
            ExperimentReport first = s.first();
            double[] x = first.curve().stream().mapToDouble(p -> p[0]).toArray();
            double[] y = new double[x.length];
            for (int i = 0; i < y.length; i++) {
                final int k = i;
                y[i] = Math.max(LOG_FLOOR, s.of(r -> r.curve().get(k)[1]).mean());
            }
            chart.addSeries(first.domain(), x, y).setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    static Path gain(List<SeededReport> reports, Path file) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(500)
                .title("CFR gain vs NashConv, share of the payoff range (95% intervals)")
                .xAxisTitle("domain").yAxisTitle("share of payoff range").build();
        ChartStyle.apply(chart, false);
        List<String> domains = reports.stream().map(s -> s.first().domain()).toList();
        List<Number> nc = new ArrayList<>();
        List<Number> ncErr = new ArrayList<>();
        for (SeededReport s : reports) {
            double range = range(s);
            nc.add(s.nashConv().mean() / range);
            ncErr.add(s.nashConv().halfWidth() / range);
        }
        chart.addSeries("NashConv", domains, nc, ncErr);
        int players = reports.stream().mapToInt(SeededReport::players).max().orElse(0);
        for (int p = 0; p < players; p++) {
            List<Number> g = new ArrayList<>();
            List<Number> err = new ArrayList<>();
            java.util.LinkedHashSet<String> roles = new java.util.LinkedHashSet<>();
            for (SeededReport s : reports) {
                boolean has = p < s.players();
                double range = range(s);
                g.add(has ? s.cfrGain()[p].mean() / range : 0.0);
                err.add(has ? s.cfrGain()[p].halfWidth() / range : 0.0);
                if (has) {
                    roles.add(s.first().roles().get(p));
                }
            }
            chart.addSeries("CFR gain, " + String.join(" / ", roles), domains, g, err);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    /** One panel per domain: per role, the solver's share of play per instruction. */
    static Path instructionMass(List<SeededReport> reports, Path file) throws IOException {
        List<CategoryChart> panels = new ArrayList<>();
        for (SeededReport s : reports) {
            ExperimentReport first = s.first();
            CategoryChart chart = new CategoryChartBuilder().width(600).height(400)
                    .title(first.domain() + ": share of play per instruction").xAxisTitle("role")
                    .yAxisTitle("share").build();
            ChartStyle.apply(chart, false);
            for (int i = 0; i < first.instructions().size(); i++) {
                List<Number> values = new ArrayList<>();
                for (int p = 0; p < first.instructionMass().length; p++) {
                    final int q = p;
                    final int k = i;
                    values.add(s.of(r -> r.instructionMass()[q][k]).mean());
                }
                chart.addSeries(first.instructions().get(i), first.roles().subList(0, values.size()), values);
            }
            panels.add(chart);
        }
        BitmapEncoder.saveBitmap(panels, panels.size(), 1, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    static double range(SeededReport s) {
        double[] r = s.first().payoffRange();
        return r[1] - r[0];
    }
}
