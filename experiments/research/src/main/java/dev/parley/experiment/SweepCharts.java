package dev.parley.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The charts of {@code parley sweep}: a metric against dialogue length (max replies) with its 95% interval as a
 * band, one line per solver or domain (every parameter that varies, except the length, names a line). Figures are
 * shares of each domain's payoff range, so domains share an axis; NashConv is on a log axis. Cells of a sampling
 * solver are estimates: their line is dashed and named "est.", its band the 95% interval of the estimate (over
 * the paired playouts with one seed, over the seeds with more), and its NashConv is a lower bound.
 */
public final class SweepCharts {

    private static final List<String> LENGTH = List.of("max_replies");

    private SweepCharts() {
    }

    /** Writes sweep_nash_conv.png and sweep_gain.png into {@code dir}. */
    public static List<Path> writeAll(List<ObjectNode> cells, Path dir) throws IOException {
        return List.of(nashConv(cells, dir.resolve("sweep_nash_conv.png")),
                gain(cells, dir.resolve("sweep_gain.png")));
    }

    static Path nashConv(List<ObjectNode> cells, Path file) throws IOException {
        XYChart chart = chart("NashConv, share of payoff range (95% t interval)", "NashConv / range (log scale)",
                true);
        int colour = 0;
        double floor = logFloor(cells);
        for (Map.Entry<String, List<ObjectNode>> line : lines(cells, true).entrySet()) {
            add(chart, line.getKey(), line.getValue(), colour, 0, exact(line.getValue().get(0)) ? 0 : ESTIMATED,
                    floor, s -> estimate(s, "relative_nash_conv"));
            colour++;
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    /** One panel per domain: each role's CFR gain and NashConv, per remaining line key, as shares of the range. */
    static Path gain(List<ObjectNode> cells, Path file) throws IOException {
        Map<String, List<ObjectNode>> byDomain = new LinkedHashMap<>();
        for (ObjectNode c : cells) {
            byDomain.computeIfAbsent(c.get("params").get("domain").asText(), k -> new ArrayList<>()).add(c);
        }
        List<XYChart> panels = new ArrayList<>();
        for (Map.Entry<String, List<ObjectNode>> d : byDomain.entrySet()) {
            XYChart chart = chart(d.getKey() + ": CFR gain and NashConv, share of payoff range (95% t interval)",
                    "share of payoff range", false);
            // colour says which figure (each role's gain, NashConv), line style and marker say which solver
            int style = 0;
            for (Map.Entry<String, List<ObjectNode>> line : lines(d.getValue(), false).entrySet()) {
                int lineStyle = exact(line.getValue().get(0)) ? EXACT_STYLES[style % EXACT_STYLES.length]
                        : ESTIMATED;
                String prefix = line.getKey().isEmpty() ? "" : line.getKey() + ", ";
                JsonNode first = line.getValue().get(0).get("summary");
                for (int p = 0; p < first.get("cfr_gain").size(); p++) {
                    final int q = p;
                    String role = first.has("roles") ? first.get("roles").get(p).asText() : "player " + p;
                    add(chart, prefix + "gain " + role, line.getValue(), p, style, lineStyle, Double.NaN, s -> share(s,
                            estimateAt(s, "cfr_gain", q)));
                }
                add(chart, prefix + (exact(line.getValue().get(0)) ? "NashConv" : "NashConv lower bound"),
                        line.getValue(), ChartStyle.PALETTE.length - 4, style, lineStyle, Double.NaN,
                        s -> estimate(s, "relative_nash_conv"));
                style++;
            }
            panels.add(chart);
        }
        BitmapEncoder.saveBitmap(panels, panels.size(), 1, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    private static XYChart chart(String title, String yTitle, boolean log) {
        XYChart chart = new XYChartBuilder().width(900).height(450).title(title)
                .xAxisTitle("dialogue length (max replies)").yAxisTitle(yTitle).build();
        ChartStyle.apply(chart, log);
        chart.getStyler().setYAxisLogarithmic(log);
        chart.getStyler().setXAxisDecimalPattern("0");
        return chart;
    }

    /** The line and, behind it, its interval band (a polygon: the lower bounds left to right, the upper back). */
    private static final java.awt.BasicStroke[] STYLES = {SeriesLines.SOLID,
        SeriesLines.DASH_DASH, SeriesLines.DOT_DOT, SeriesLines.DASH_DOT};
    private static final org.knowm.xchart.style.markers.Marker[] MARKERS = {SeriesMarkers.CIRCLE,
        SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP};

    /** Estimated cells (a sampling solver): a dashed line; exact lines never use the dash. */
    private static final int ESTIMATED = 1;
    private static final int[] EXACT_STYLES = {0, 2, 3};

    /** Whether a cell's figures are exact (an expanded tree); a sampled cell's summary says {@code "exact": false}. */
    static boolean exact(ObjectNode cell) {
        return cell.get("summary").path("exact").asBoolean(true);
    }

    /**
     * @param marker the line's marker (which solver or setting)
     * @param style  the line's stroke: {@link #ESTIMATED} (dashed) for estimated cells
     * @param floor on a log axis, where values at or below zero are drawn (a band's lower bound can be negative);
     *              NaN on a linear axis
     */
    private static void add(XYChart chart, String name, List<ObjectNode> cells, int colour, int marker, int style,
                            double floor, java.util.function.Function<JsonNode, double[]> figure) {
        boolean log = !Double.isNaN(floor);
        TreeMap<Integer, double[]> points = new TreeMap<>();
        for (ObjectNode c : cells) {
            points.put(c.get("params").get("max_replies").asInt(), figure.apply(c.get("summary")));
        }
        int n = points.size();
        double[] x = new double[n];
        double[] y = new double[n];
        double[] bx = new double[2 * n];
        double[] by = new double[2 * n];
        int i = 0;
        for (Map.Entry<Integer, double[]> e : points.entrySet()) {
            x[i] = e.getKey();
            y[i] = log ? Math.max(floor, e.getValue()[0]) : e.getValue()[0];
            bx[i] = e.getKey();
            by[i] = log ? Math.max(floor, e.getValue()[1]) : e.getValue()[1];
            bx[2 * n - 1 - i] = e.getKey();
            by[2 * n - 1 - i] = log ? Math.max(floor, e.getValue()[2]) : e.getValue()[2];
            i++;
        }
        XYSeries band = chart.addSeries(name + " (95%)", bx, by);
        band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
        band.setFillColor(ChartStyle.band(colour));
        band.setLineColor(ChartStyle.band(colour));
        band.setMarker(SeriesMarkers.NONE);
        band.setShowInLegend(false);
        XYSeries line = chart.addSeries(name, x, y);
        line.setLineColor(ChartStyle.colour(colour));
        line.setMarkerColor(ChartStyle.colour(colour));
        line.setMarker(MARKERS[marker % MARKERS.length]);
        line.setLineStyle(STYLES[style % STYLES.length]);
    }

    /** A tenth of the smallest positive relative NashConv: where a lower bound at or below zero is drawn. */
    private static double logFloor(List<ObjectNode> cells) {
        double min = cells.stream().mapToDouble(c -> c.get("summary").get("relative_nash_conv").asDouble())
                .filter(v -> v > 0).min().orElse(ReportCharts.LOG_FLOOR * 10);
        return Math.max(ReportCharts.LOG_FLOOR, min / 10);
    }

    /** Cells grouped into lines: the key names every varying parameter but the length (and the domain if asked). */
    static Map<String, List<ObjectNode>> lines(List<ObjectNode> cells, boolean withDomain) {
        List<String> varying = new ArrayList<>();
        if (!cells.isEmpty()) {
            java.util.LinkedHashSet<String> fields = new java.util.LinkedHashSet<>();
            cells.forEach(c -> c.get("params").fieldNames().forEachRemaining(fields::add));
            for (String f : fields) {
                if (LENGTH.contains(f) || (!withDomain && f.equals("domain"))) {
                    continue;
                }
                // a field only some cells have (a sampled cell's budget) varies only among the cells that have it
                long distinct = cells.stream().map(c -> c.get("params").get(f)).filter(v -> v != null && !v.isNull())
                        .map(JsonNode::asText).distinct().count();
                if (distinct > 1 || (withDomain && f.equals("domain"))) {
                    varying.add(f);
                }
            }
        }
        Map<String, List<ObjectNode>> out = new LinkedHashMap<>();
        for (ObjectNode c : cells) {
            List<String> parts = new ArrayList<>();
            for (String f : varying) {
                JsonNode v = c.get("params").get(f);
                if (v == null || v.isNull()) {
                    continue;
                }
                parts.add(f.equals("domain") || f.equals("solver") ? c.get("params").get(f).asText()
                        : f + " " + c.get("params").get(f).asText());
            }
            if (!exact(c)) {
                parts.add("est.");
            }
            out.computeIfAbsent(String.join(", ", parts), k -> new ArrayList<>()).add(c);
        }
        return out;
    }

    /** {mean, low, high} of a scalar figure. */
    static double[] estimate(JsonNode s, String field) {
        return new double[] {s.get(field).asDouble(), s.get(field + "_ci95").get(0).asDouble(),
            s.get(field + "_ci95").get(1).asDouble()};
    }

    static double[] estimateAt(JsonNode s, String field, int p) {
        return new double[] {s.get(field).get(p).asDouble(), s.get(field + "_ci95").get(p).get(0).asDouble(),
            s.get(field + "_ci95").get(p).get(1).asDouble()};
    }

    static double[] share(JsonNode s, double[] e) {
        double range = s.get("payoff_range").get(1).asDouble() - s.get("payoff_range").get(0).asDouble();
        return new double[] {e[0] / range, e[1] / range, e[2] / range};
    }
}
