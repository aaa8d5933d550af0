package dev.parley.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** {@code parley experiment --curve}: the cost curves as a table, JSON ({@code curve.json}) and a chart. */
public final class CostCurveWriter {

    private CostCurveWriter() {
    }

    public static ObjectNode json(CostCurve.Result r) {
        return ReportJson.tree(model(r, null));
    }

    /** {@code curve.json}: a domain's curves, one series per solver; nulls where a series never reached the target. */
    record Curve(@JsonInclude(Include.NON_NULL) Long seed, String domain, String backend, int scenarios,
                 int maxReplies, int nodes, double[] payoffRange, double targetNashConv, double targetShareOfRange,
                 boolean exact, String callsAre, List<Series> series, double seconds,
                 @JsonInclude(Include.NON_NULL) Integer seeds, @JsonInclude(Include.NON_NULL) String interval,
                 @JsonInclude(Include.NON_NULL) String ratioMethod,
                 @JsonInclude(Include.NON_NULL) List<Curve> perSeed) { }

    /** One solver's curve; over seeds the counts are means with their spreads, and the points the mean curve. */
    record Series(String solver, String stop, Number callsToTarget,
                  @JsonUnwrapped(prefix = "calls_to_target_") ReportJson.Spread callsToTargetSpread,
                  Number iterationsToTarget, Double callsRatioToFullExpansion,
                  @JsonUnwrapped(prefix = "calls_ratio_to_full_expansion_") ReportJson.Spread ratioSpread,
                  List<?> points,
                  @JsonInclude(Include.NON_NULL) List<Long> callsToTargetPerSeed,
                  @JsonInclude(Include.NON_NULL) Integer seedsReachingTarget) { }

    /** A point of the mean curve over seeds. */
    record MeanPoint(double calls, double nashConv,
                     @JsonUnwrapped(prefix = "nash_conv_") ReportJson.Spread nashConvSpread) { }

    private static Curve model(CostCurve.Result r, Long seed) {
        List<Series> series = new ArrayList<>();
        for (CostCurve.Series s : r.series()) {
            boolean reached = s.callsToTarget() >= 0;
            double ratio = r.ratioToFull(s);
            series.add(new Series(s.solver(), s.stop(), reached ? s.callsToTarget() : null, null,
                    reached ? s.iterationsToTarget() : null, Double.isNaN(ratio) ? null : ratio, null, s.points(),
                    null, null));
        }
        return new Curve(seed, r.domain(), r.backend(), r.scenarios(), r.maxReplies(), r.nodes(), r.payoffRange(),
                r.target(), CostCurve.TARGET_SHARE, true,
                "generator requests (memo misses), plus dialogues scored when an LLM judges", series, r.seconds(),
                null, null, null, null);
    }

    /**
     * The curves over the seeds: the first seed's shape ({@link #json(CostCurve.Result)}) with, per series,
     * {@code calls_to_target} (the mean over the seeds), {@code calls_to_target_stderr}, {@code _ci95},
     * {@code _per_seed}, {@code calls_ratio_to_full_expansion} (the ratio of the means) with its {@code _stderr}
     * and {@code _ci95} (delta method, paired seeds) and, with more than one seed, {@code points} as the mean curve
     * ({@code nash_conv}, {@code nash_conv_stderr}, {@code nash_conv_ci95} at each call count); {@code per_seed}
     * holds each seed's curves with its {@code seed}. Null where not every seed reached the target.
     */
    public static ObjectNode json(SeededCurve c) {
        return ReportJson.tree(model(c));
    }

    private static Curve model(SeededCurve c) {
        Curve one = model(c.first(), null);
        boolean several = c.seeds().size() > 1;
        List<Series> series = new ArrayList<>();
        for (int s = 0; s < one.series().size(); s++) {
            final int q = s;
            Series first = one.series().get(s);
            List<Long> perSeed = c.perSeed().stream().map(r -> r.series().get(q).callsToTarget())
                    .map(v -> v < 0 ? null : v).toList();
            Estimate calls = c.callsToTarget(s);
            Number callsToTarget = null;
            Number iterationsToTarget = null;
            if (calls != null) {
                // one seed: the counts stay integers, as before seeds were taken
                callsToTarget = several ? (Number) calls.mean() : first.callsToTarget();
                iterationsToTarget = several ? (Number) c.iterationsToTarget(s).mean() : first.iterationsToTarget();
            }
            Estimate ratio = c.ratioToFull(s);
            String stop = !several ? first.stop() : "per seed: " + String.join("; ", c.perSeed().stream()
                    .map(r -> r.series().get(q).stop()).toList());
            List<?> points = !several ? first.points() : c.meanCurve(s).stream()
                    .map(p -> new MeanPoint(p.calls(), p.nashConv().mean(), ReportJson.Spread.of(p.nashConv())))
                    .toList();
            series.add(new Series(first.solver(), stop, callsToTarget, ReportJson.Spread.of(calls),
                    iterationsToTarget, ratio == null ? null : ratio.mean(), ReportJson.Spread.of(ratio), points,
                    perSeed, c.reached(s)));
        }
        List<Curve> perSeed = new ArrayList<>();
        for (int i = 0; i < c.perSeed().size(); i++) {
            perSeed.add(model(c.perSeed().get(i), c.seeds().get(i)));
        }
        return new Curve(null, one.domain(), one.backend(), one.scenarios(), one.maxReplies(), one.nodes(),
                one.payoffRange(), one.targetNashConv(), one.targetShareOfRange(), true, one.callsAre(), series,
                several ? c.perSeed().stream().mapToDouble(CostCurve.Result::seconds).sum() : one.seconds(),
                c.seeds().size(), "student-t 95% over " + c.seeds().size() + " seeds",
                "ratio of the means of calls to target; delta-method standard error over paired seeds, student-t"
                        + " 95% interval", perSeed);
    }

    public static String jsonText(List<SeededCurve> reports) {
        return ReportJson.text(reports, CostCurveWriter::model);
    }

    public static String table(List<SeededCurve> results) {
        StringBuilder sb = new StringBuilder();
        for (SeededCurve c : results) {
            CostCurve.Result r = c.first();
            int n = c.seeds().size();
            sb.append(String.format(Locale.ROOT, "%s, %d scenarios, %d messages (%,d nodes%s, %s): calls to reach"
                    + " NashConv <= %s (1%% of the payoff range)%s%n", r.domain(), r.scenarios(), r.maxReplies(),
                    r.nodes(), n > 1 ? ", first seed" : "", r.backend(), ReportWriter.f(r.target()),
                    n > 1 ? ", over " + n + " seeds (mean ± half-width of the 95% t interval)" : ""));
            for (int s = 0; s < r.series().size(); s++) {
                CostCurve.Series series = r.series().get(s);
                Estimate calls = c.callsToTarget(s);
                Estimate ratio = c.ratioToFull(s);
                String reached;
                if (calls == null) {
                    reached = n == 1 ? "not reached" : "reached by " + c.reached(s) + " of " + n + " seeds";
                } else if (n == 1) {
                    reached = String.format(Locale.ROOT, "%,d calls (%,d iterations)", series.callsToTarget(),
                            series.iterationsToTarget());
                } else {
                    reached = String.format(Locale.ROOT, "%,.0f ± %,.0f calls", calls.mean(), calls.halfWidth());
                }
                String times = ratio == null || s == 0 ? "" : n == 1
                        ? String.format(Locale.ROOT, ", %.2fx full expansion", ratio.mean())
                        : String.format(Locale.ROOT, ", %.2f ± %.2fx full expansion", ratio.mean(), ratio.halfWidth());
                if (n == 1) {
                    CostCurve.Point last = series.points().get(series.points().size() - 1);
                    sb.append(String.format(Locale.ROOT, "  %-26s %s%s; last point %,d calls, %,d iterations,"
                            + " NashConv %s (%s)%n", series.solver(), reached, times, last.calls(),
                            last.iteration(), ReportWriter.f(last.nashConv()), series.stop()));
                } else {
                    final int q = s;
                    sb.append(String.format(Locale.ROOT, "  %-26s %s%s; per seed: %s%n", series.solver(), reached,
                            times, String.join(", ", c.perSeed().stream().map(x -> x.series().get(q).callsToTarget())
                                    .map(v -> v < 0 ? "not reached" : String.format(Locale.ROOT, "%,d", v))
                                    .toList())));
                }
            }
        }
        return sb.toString();
    }

    /**
     * One panel per domain: NashConv (log) against calls (log), the target as a dashed line; over several seeds
     * each solver's mean curve with its 95% t band.
     */
    public static Path chart(List<SeededCurve> results, Path file) throws IOException {
        List<XYChart> panels = new ArrayList<>();
        for (SeededCurve c : results) {
            CostCurve.Result r = c.first();
            boolean seeded = c.seeds().size() > 1;
            XYChart chart = new XYChartBuilder().width(900).height(500)
                    .title(r.domain() + ", " + r.maxReplies() + " messages: NashConv against model calls"
                            + (seeded ? " (" + c.seeds().size() + " seeds: mean, 95% t band)" : ""))
                    .xAxisTitle("model calls (offline: generations), log scale")
                    .yAxisTitle("NashConv (exact, log scale)").build();
            ChartStyle.apply(chart, true);
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setYAxisLogarithmic(true);
            // calls are whole numbers: 10, 100, 1,000 read faster than 1.0E1, 1.0E2, 1.0E3
            chart.getStyler().setXAxisDecimalPattern("#,##0");
            double lo = Double.MAX_VALUE;
            double hi = 0;
            // on the log axis a band's lower bound at or below zero is drawn at a tenth of the smallest mean
            double floor = Math.max(ReportCharts.LOG_FLOOR, java.util.stream.IntStream.range(0, r.series().size())
                    .boxed().flatMap(i -> c.meanCurve(i).stream()).mapToDouble(p -> p.nashConv().mean()).filter(v -> v > 0).min().orElse(1) / 10);
            for (int i = 0; i < r.series().size(); i++) {
                List<SeededCurve.MeanPoint> mean = c.meanCurve(i);
                if (mean.isEmpty()) {
                    continue;
                }
                int n = mean.size();
                double[] x = new double[n];
                double[] y = new double[n];
                double[] bx = new double[2 * n];
                double[] by = new double[2 * n];
                for (int k = 0; k < n; k++) {
                    SeededCurve.MeanPoint p = mean.get(k);
                    x[k] = Math.max(1, p.calls());
                    y[k] = Math.max(ReportCharts.LOG_FLOOR, p.nashConv().mean());
                    bx[k] = x[k];
                    by[k] = Math.max(floor, p.nashConv().low());
                    bx[2 * n - 1 - k] = x[k];
                    by[2 * n - 1 - k] = Math.max(floor, p.nashConv().high());
                    lo = Math.min(lo, x[k]);
                    hi = Math.max(hi, x[k]);
                }
                if (seeded) {
                    XYSeries band = chart.addSeries(r.series().get(i).solver() + " (95%)", bx, by);
                    band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
                    band.setFillColor(ChartStyle.band(i));
                    band.setLineColor(ChartStyle.band(i));
                    band.setMarker(SeriesMarkers.NONE);
                    band.setShowInLegend(false);
                }
                XYSeries xy = chart.addSeries(r.series().get(i).solver(), x, y);
                xy.setLineColor(ChartStyle.colour(i));
                xy.setMarkerColor(ChartStyle.colour(i));
                // a mean curve has a point at every call count some seed measured: markers would hide the line
                xy.setMarker(seeded && i > 0 ? SeriesMarkers.NONE : i == 0 ? SeriesMarkers.SQUARE
                        : i == 1 ? SeriesMarkers.CIRCLE : SeriesMarkers.DIAMOND);
                xy.setLineStyle(i == 0 ? SeriesLines.SOLID : i == 1 ? SeriesLines.DASH_DOT : SeriesLines.DOT_DOT);
            }
            XYSeries t = chart.addSeries("1% of payoff range", new double[] {lo, hi * 1.2},
                    new double[] {r.target(), r.target()});
            t.setMarker(SeriesMarkers.NONE).setLineStyle(SeriesLines.DASH_DASH).setLineColor(ChartStyle.colour(4));
            panels.add(chart);
        }
        BitmapEncoder.saveBitmap(panels, panels.size(), 1, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    /** curve.txt, curve.json and curve.png in {@code dir}. */
    public static List<Path> writeAll(List<SeededCurve> results, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> out = new ArrayList<>();
        out.add(Files.writeString(dir.resolve("curve.txt"), table(results)));
        out.add(Files.writeString(dir.resolve("curve.json"), jsonText(results)));
        out.add(chart(results, dir.resolve("curve.png")));
        return out;
    }
}
