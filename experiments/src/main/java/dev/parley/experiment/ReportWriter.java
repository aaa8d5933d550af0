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
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/** Renders experiment reports: a text table, the JSON contract, CSV and PNG charts. */
public final class ReportWriter {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportWriter() {
    }

    /** The JSON contract of {@code parley experiment --json}. */
    public static ObjectNode json(ExperimentReport r) {
        ObjectNode o = JSON.createObjectNode();
        o.put("domain", r.domain());
        o.put("backend", r.backend());
        o.put("scenarios", r.scenarios());
        o.put("max_replies", r.maxReplies());
        o.put("solver", r.solver());
        o.put("iterations", r.iterations());
        o.put("nodes", r.nodes());
        o.put("infosets", r.infosets());
        o.put("nash_conv", r.nashConv());
        o.put("relative_nash_conv", r.relativeNashConv());
        array(o.putArray("payoff_range"), r.payoffRange());
        array(o.putArray("cfr_gain"), r.cfrGain());
        ObjectNode payoffs = o.putObject("payoffs");
        array(payoffs.putArray("eq_vs_base"), r.eqVsBase());
        array(payoffs.putArray("base_vs_base"), r.baseVsBase());
        array(payoffs.putArray("eq_vs_eq"), r.eqVsEq());
        o.put("approximately_stable", r.approximatelyStable());
        ObjectNode mass = o.putObject("instruction_mass");
        for (int p = 0; p < r.instructionMass().length; p++) {
            ObjectNode player = mass.putObject("player_" + p);
            for (int i = 0; i < r.instructions().size(); i++) {
                player.put(r.instructions().get(i), r.instructionMass()[p][i]);
            }
        }
        ArrayNode curve = o.putArray("nash_conv_curve");
        for (double[] point : r.curve()) {
            curve.addObject().put("iteration", (int) point[0]).put("nash_conv", point[1]);
        }
        o.putObject("calls").put("total", r.calls()).put("cached", r.cached()).put("tokens", r.tokens());
        o.put("seconds", r.seconds());
        o.put("actions", r.actions());
        o.put("observe", r.observe());
        o.put("seeds_per_message", r.seedsPerMessage());
        o.put("judge", r.judge());
        ObjectNode v = o.putObject("verification");
        v.put("requested", r.verification().requested()).put("rejected", r.verification().rejected());
        ObjectNode by = v.putObject("by_reason");
        r.verification().byReason().forEach(by::put);
        return o;
    }

    /** One dialogue as a line of {@code dialogues.jsonl}. */
    public static ObjectNode json(DialogueReader.ReadDialogue d) {
        ObjectNode o = JSON.createObjectNode();
        o.put("profile", d.profile());
        o.put("scenario", d.scenario());
        o.put("probability", d.probability());
        array(o.putArray("payoffs"), d.payoffs());
        ArrayNode messages = o.putArray("messages");
        for (DialogueReader.ReadMessage m : d.messages()) {
            ObjectNode x = messages.addObject();
            x.put("player", m.player()).put("role", m.role()).put("move", m.move()).put("instruction",
                    m.instruction());
            x.set("content", JSON.valueToTree(m.content()));
            x.put("text", m.text());
        }
        return o;
    }

    /** {@code dialogues.jsonl}: every kept dialogue of every report, one JSON object a line, profiles in order. */
    public static String dialoguesJsonl(List<ExperimentReport> reports) {
        StringBuilder sb = new StringBuilder();
        ObjectMapper compact = new ObjectMapper();
        for (ExperimentReport r : reports) {
            for (List<DialogueReader.ReadDialogue> list : r.dialogues().values()) {
                for (DialogueReader.ReadDialogue d : list) {
                    ObjectNode line = json(d);
                    line.put("domain", r.domain());
                    try {
                        sb.append(compact.writeValueAsString(line)).append('\n');
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
        }
        return sb.toString();
    }

    /** The {@code n} most probable dialogues of each profile, as a person reads them. */
    public static String dialoguesText(List<ExperimentReport> reports, int n) {
        StringBuilder sb = new StringBuilder();
        for (ExperimentReport r : reports) {
            sb.append("\n== ").append(r.domain()).append(": the most probable dialogues ==\n");
            for (List<DialogueReader.ReadDialogue> list : r.dialogues().values()) {
                list.stream().limit(n).forEach(d -> sb.append(DialogueReader.render(d)));
            }
        }
        return sb.toString();
    }

    private static void array(ArrayNode a, double[] values) {
        for (double v : values) {
            a.add(v);
        }
    }

    public static String jsonText(List<ExperimentReport> reports) {
        try {
            if (reports.size() == 1) {
                return JSON.writeValueAsString(json(reports.get(0)));
            }
            ArrayNode a = JSON.createArrayNode();
            reports.forEach(r -> a.add(json(r)));
            return JSON.writeValueAsString(a);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The human table: one column per domain, plus the average across domains when there are several. */
    public static String table(List<ExperimentReport> reports) {
        List<String[]> rows = new ArrayList<>();
        rows.add(header(reports));
        rows.add(row("backend", reports, r -> r.backend()));
        rows.add(row("scenarios / max replies", reports, r -> r.scenarios() + " / " + r.maxReplies()));
        rows.add(row("tree (nodes / infosets)", reports, r -> r.nodes() + " / " + r.infosets()));
        rows.add(row("actions / observe / seeds", reports, r -> r.actions() + " / " + r.observe() + " / "
                + r.seedsPerMessage()));
        rows.add(row("solver", reports, r -> r.solver() + " x " + r.iterations()));
        rows.add(row("NashConv", reports, r -> f(r.nashConv()) + " (" + pct(r.relativeNashConv()) + " of range)"));
        rows.add(row("CFR gain", reports, r -> list(r.cfrGain())));
        rows.add(row("payoffs eq vs base", reports, r -> list(r.eqVsBase())));
        rows.add(row("payoffs base vs base", reports, r -> list(r.baseVsBase())));
        rows.add(row("payoffs eq vs eq", reports, r -> list(r.eqVsEq())));
        rows.add(row("gain > NashConv (approx. ESS)", reports, r -> r.approximatelyStable() ? "yes" : "no"));
        rows.add(row("calls (new / cached, tokens)", reports,
                r -> (r.calls() - r.cached()) + " / " + r.cached() + ", " + r.tokens()));
        rows.add(row("verification (refused / asked)", reports, r -> r.verification().rejected() + " / "
                + r.verification().requested()));
        rows.add(row("seconds", reports, r -> String.format(Locale.ROOT, "%.2f", r.seconds())));
        if (reports.size() > 1) {
            double nc = reports.stream().mapToDouble(ExperimentReport::nashConv).average().orElse(0);
            double gain = reports.stream().flatMapToDouble(r -> java.util.Arrays.stream(r.cfrGain())).average()
                    .orElse(0);
            rows.add(new String[] {"average NashConv / CFR gain (all domains)", f(nc) + " / " + f(gain)});
        }
        return render(rows);
    }

    private static String[] header(List<ExperimentReport> reports) {
        String[] h = new String[reports.size() + 1];
        h[0] = "";
        for (int i = 0; i < reports.size(); i++) {
            h[i + 1] = reports.get(i).domain();
        }
        return h;
    }

    private static String[] row(String label, List<ExperimentReport> reports,
                                java.util.function.Function<ExperimentReport, String> cell) {
        String[] r = new String[reports.size() + 1];
        r[0] = label;
        for (int i = 0; i < reports.size(); i++) {
            r[i + 1] = cell.apply(reports.get(i));
        }
        return r;
    }

    private static String render(List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                sb.append(r[i]).append(" ".repeat(width[i] - r[i].length() + (i < r.length - 1 ? 2 : 0)));
            }
            sb.setLength(sb.length() - (r.length > 0 ? 0 : 0));
            sb.append('\n');
        }
        return sb.toString().replaceAll(" +\n", "\n");
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * v);
    }

    private static String list(double[] values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(f(values[i]));
        }
        return sb.append(']').toString();
    }

    /** One line per domain and player: domain, player, nash_conv, cfr_gain, eq_vs_base, base_vs_base, eq_vs_eq. */
    public static String csv(List<ExperimentReport> reports) {
        StringBuilder sb = new StringBuilder(
                "domain,backend,player,nash_conv,cfr_gain,eq_vs_base,base_vs_base,eq_vs_eq,iterations,seconds\n");
        for (ExperimentReport r : reports) {
            for (int p = 0; p < r.cfrGain().length; p++) {
                sb.append(String.format(Locale.ROOT, "%s,\"%s\",%d,%.10g,%.10g,%.10g,%.10g,%.10g,%d,%.3f%n",
                        r.domain(), r.backend().replace("\"", "'"), p, r.nashConv(), r.cfrGain()[p],
                        r.eqVsBase()[p], r.baseVsBase()[p], r.eqVsEq()[p], r.iterations(), r.seconds()));
            }
        }
        return sb.toString();
    }

    /** Writes report.txt, report.json, report.csv, dialogues.jsonl and the three PNG charts into {@code dir}. */
    public static List<Path> writeAll(List<ExperimentReport> reports, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(dir.resolve("report.txt"), table(reports)));
        written.add(Files.writeString(dir.resolve("report.json"), jsonText(reports)));
        written.add(Files.writeString(dir.resolve("report.csv"), csv(reports)));
        written.add(Files.writeString(dir.resolve("dialogues.jsonl"), dialoguesJsonl(reports)));
        written.add(nashConvChart(reports, dir.resolve("nash_conv.png")));
        written.add(gainChart(reports, dir.resolve("gain_vs_nash_conv.png")));
        written.add(massChart(reports, dir.resolve("instruction_mass.png")));
        return written;
    }

    private static Path nashConvChart(List<ExperimentReport> reports, Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(800).height(500).title("NashConv of the average policy")
                .xAxisTitle("iteration").yAxisTitle("NashConv").build();
        for (ExperimentReport r : reports) {
            double[] x = r.curve().stream().mapToDouble(p -> p[0]).toArray();
            double[] y = r.curve().stream().mapToDouble(p -> p[1]).toArray();
            chart.addSeries(r.domain(), x, y);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    private static Path gainChart(List<ExperimentReport> reports, Path file) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(800).height(500).title("CFR gain vs NashConv")
                .xAxisTitle("domain").yAxisTitle("payoff").build();
        List<String> domains = reports.stream().map(ExperimentReport::domain).toList();
        chart.addSeries("NashConv", domains, reports.stream().map(r -> (Number) r.nashConv()).toList());
        int players = reports.stream().mapToInt(r -> r.cfrGain().length).max().orElse(0);
        for (int p = 0; p < players; p++) {
            final int q = p;
            chart.addSeries("CFR gain, player " + p, domains, reports.stream()
                    .map(r -> (Number) (q < r.cfrGain().length ? r.cfrGain()[q] : 0.0)).toList());
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    private static Path massChart(List<ExperimentReport> reports, Path file) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(500)
                .title("Solver policy: share of play per instruction").xAxisTitle("domain / player")
                .yAxisTitle("share").build();
        List<String> categories = new ArrayList<>();
        for (ExperimentReport r : reports) {
            for (int p = 0; p < r.instructionMass().length; p++) {
                categories.add(r.domain() + " / " + p);
            }
        }
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        reports.forEach(r -> names.addAll(r.instructions()));
        for (String name : names) {
            List<Number> values = new ArrayList<>();
            for (ExperimentReport r : reports) {
                int i = r.instructions().indexOf(name);
                for (int p = 0; p < r.instructionMass().length; p++) {
                    values.add(i < 0 ? 0.0 : r.instructionMass()[p][i]);
                }
            }
            chart.addSeries(name, categories, values);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }
}
