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

    public static String jsonText(List<CostCurve.Result> results) {
        try {
            ArrayNode a = JSON.createArrayNode();
            results.forEach(r -> a.add(json(r)));
            return JSON.writeValueAsString(a);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String table(List<CostCurve.Result> results) {
        StringBuilder sb = new StringBuilder();
        for (CostCurve.Result r : results) {
            sb.append(String.format(Locale.ROOT, "%s, %d scenarios, %d messages (%,d nodes, %s): calls to reach"
                    + " NashConv <= %s (1%% of the payoff range)%n", r.domain(), r.scenarios(), r.maxReplies(),
                    r.nodes(), r.backend(), ReportWriter.f(r.target())));
            for (CostCurve.Series s : r.series()) {
                CostCurve.Point last = s.points().get(s.points().size() - 1);
                double ratio = r.ratioToFull(s);
                sb.append(String.format(Locale.ROOT, "  %-26s %s%s; last point %,d calls, %,d iterations,"
                        + " NashConv %s (%s)%n", s.solver(),
                        s.callsToTarget() < 0 ? "not reached" : String.format(Locale.ROOT, "%,d calls (%,d"
                                + " iterations)", s.callsToTarget(), s.iterationsToTarget()),
                        Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, ", %.2fx full expansion", ratio),
                        last.calls(), last.iteration(), ReportWriter.f(last.nashConv()), s.stop()));
            }
        }
        return sb.toString();
    }

    /** One panel per domain: NashConv (log) against calls (log), the target as a dashed line. */
    public static Path chart(List<CostCurve.Result> results, Path file) throws IOException {
        List<XYChart> panels = new ArrayList<>();
        for (CostCurve.Result r : results) {
            XYChart chart = new XYChartBuilder().width(800).height(500)
                    .title(r.domain() + ", " + r.maxReplies() + " messages: NashConv against model calls")
                    .xAxisTitle("model calls (offline: generations), log scale")
                    .yAxisTitle("NashConv (exact, log scale)").build();
            ChartStyle.apply(chart, true);
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setXAxisDecimalPattern("0.0E0");
            double lo = Double.MAX_VALUE;
            double hi = 0;
            int i = 0;
            for (CostCurve.Series s : r.series()) {
                double[] x = s.points().stream().mapToDouble(p -> Math.max(1, p.calls())).toArray();
                double[] y = s.points().stream().mapToDouble(p -> Math.max(ReportCharts.LOG_FLOOR, p.nashConv()))
                        .toArray();
                for (double v : x) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                XYSeries xy = chart.addSeries(s.solver(), x, y);
                xy.setLineColor(ChartStyle.colour(i));
                xy.setMarkerColor(ChartStyle.colour(i));
                xy.setMarker(i == 0 ? SeriesMarkers.SQUARE : i == 1 ? SeriesMarkers.CIRCLE : SeriesMarkers.DIAMOND);
                xy.setLineStyle(i == 0 ? SeriesLines.SOLID : i == 1 ? SeriesLines.DASH_DOT : SeriesLines.DOT_DOT);
                i++;
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
    public static List<Path> writeAll(List<CostCurve.Result> results, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> out = new ArrayList<>();
        out.add(Files.writeString(dir.resolve("curve.txt"), table(results)));
        out.add(Files.writeString(dir.resolve("curve.json"), jsonText(results)));
        out.add(chart(results, dir.resolve("curve.png")));
        return out;
    }
}
