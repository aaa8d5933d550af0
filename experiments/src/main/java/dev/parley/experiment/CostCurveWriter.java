package dev.parley.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
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

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CostCurveWriter() {
    }

    public static ObjectNode json(CostCurve.Result r) {
        ObjectNode o = JSON.createObjectNode();
        o.put("domain", r.domain());
        o.put("backend", r.backend());
        o.put("scenarios", r.scenarios());
        o.put("max_replies", r.maxReplies());
        o.put("nodes", r.nodes());
        o.putArray("payoff_range").add(r.payoffRange()[0]).add(r.payoffRange()[1]);
        o.put("target_nash_conv", r.target());
        o.put("target_share_of_range", CostCurve.TARGET_SHARE);
        o.put("exact", true);
        o.put("calls_are", "generator requests (memo misses), plus dialogues scored when an LLM judges");
        ArrayNode series = o.putArray("series");
        for (CostCurve.Series s : r.series()) {
            ObjectNode x = series.addObject();
            x.put("solver", s.solver());
            x.put("stop", s.stop());
            if (s.callsToTarget() >= 0) {
                x.put("calls_to_target", s.callsToTarget()).put("iterations_to_target", s.iterationsToTarget());
            } else {
                x.putNull("calls_to_target").putNull("iterations_to_target");
            }
            double ratio = r.ratioToFull(s);
            if (Double.isNaN(ratio)) {
                x.putNull("calls_ratio_to_full_expansion");
            } else {
                x.put("calls_ratio_to_full_expansion", ratio);
            }
            ArrayNode pts = x.putArray("points");
            for (CostCurve.Point p : s.points()) {
                pts.addObject().put("calls", p.calls()).put("iteration", p.iteration()).put("nash_conv",
                        p.nashConv());
            }
        }
        o.put("seconds", r.seconds());
        return o;
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
        ObjectNode o = json(c.first());
        o.put("seeds", c.seeds().size());
        o.put("interval", "student-t 95% over " + c.seeds().size() + " seeds");
        o.put("ratio_method", "ratio of the means of calls to target; delta-method standard error over paired"
                + " seeds, student-t 95% interval");
        ArrayNode series = (ArrayNode) o.get("series");
        for (int s = 0; s < series.size(); s++) {
            ObjectNode x = (ObjectNode) series.get(s);
            final int q = s;
            ArrayNode perSeed = x.putArray("calls_to_target_per_seed");
            c.perSeed().forEach(r -> {
                long v = r.series().get(q).callsToTarget();
                if (v < 0) {
                    perSeed.addNull();
                } else {
                    perSeed.add(v);
                }
            });
            x.put("seeds_reaching_target", c.reached(s));
            Estimate calls = c.callsToTarget(s);
            if (calls != null) {
                Figures.figure(x, "calls_to_target", calls);
                if (c.seeds().size() == 1) {
                    // one seed: the counts stay integers, as before seeds were taken
                    x.put("calls_to_target", c.first().series().get(s).callsToTarget());
                } else {
                    x.put("iterations_to_target", c.iterationsToTarget(s).mean());
                }
            } else {
                x.putNull("calls_to_target").putNull("calls_to_target_stderr").putNull("calls_to_target_ci95")
                        .putNull("iterations_to_target");
            }
            Estimate ratio = c.ratioToFull(s);
            if (ratio != null) {
                Figures.figure(x, "calls_ratio_to_full_expansion", ratio);
            } else {
                x.putNull("calls_ratio_to_full_expansion").putNull("calls_ratio_to_full_expansion_stderr")
                        .putNull("calls_ratio_to_full_expansion_ci95");
            }
            if (c.seeds().size() > 1) {
                x.put("stop", "per seed: " + String.join("; ", c.perSeed().stream()
                        .map(r -> r.series().get(q).stop()).toList()));
                ArrayNode pts = x.putArray("points");
                for (SeededCurve.MeanPoint p : c.meanCurve(s)) {
                    ObjectNode point = pts.addObject().put("calls", p.calls());
                    Figures.figure(point, "nash_conv", p.nashConv());
                }
            }
        }
        if (c.seeds().size() > 1) {
            o.put("seconds", c.perSeed().stream().mapToDouble(CostCurve.Result::seconds).sum());
        }
        Figures.perSeed(o, c.seeds(), c.perSeed(), CostCurveWriter::json);
        return o;
    }

    public static String jsonText(List<SeededCurve> reports) {
        return Figures.text(reports, CostCurveWriter::json);
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
