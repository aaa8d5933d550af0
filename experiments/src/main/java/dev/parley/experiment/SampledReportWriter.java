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

/**
 * Renders sampled experiments: the table (every estimated figure marked "(est.)", exact ones beside them when the
 * tree could be expanded) and the JSON, where the figures keep the names of {@code parley experiment --json} with
 * {@code _stderr} and {@code _ci95}, the report says {@code "exact": false}, and {@code exact_figures} (with
 * {@code "exact": true}) holds the expanded tree's values.
 */
public final class SampledReportWriter {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SampledReportWriter() {
    }

    public static ObjectNode json(SampledReport r) {
        ObjectNode o = JSON.createObjectNode();
        o.put("domain", r.domain());
        o.put("backend", r.backend());
        o.put("scenarios", r.scenarios());
        o.put("max_replies", r.maxReplies());
        o.put("solver", r.solver());
        o.put("game", "lazy");
        o.put("exact", false);
        o.put("iterations", r.iterations());
        o.put("resumed_at_iteration", r.resumedAt());
        o.put("stop", r.stop());
        ObjectNode budget = o.putObject("budget");
        budget.put("calls", r.budgetCalls()).put("seconds", r.budgetSeconds());
        o.put("infosets", r.infosets());
        o.putObject("visited").put("messages", r.visited().messages()).put("transcripts", r.visited().transcripts())
                .put("dialogues_scored", r.visited().scored());
        o.putObject("tree_size_estimate").put("nodes", r.size().nodes()).put("stderr", r.size().stderr())
                .put("probes", r.size().probes()).put("method", "Knuth random-path estimator, offline");
        estimates(o, r.estimates(), r.range());
        array(o.putArray("payoff_range"), r.payoffRange());
        o.putObject("calls").put("solver", r.calls()).put("estimation", r.estimationCalls())
                .put("exact", r.exact() == null ? 0 : r.exact().calls())
                .put("total", r.calls() + r.estimationCalls() + (r.exact() == null ? 0 : r.exact().calls()))
                .put("cached", r.cached()).put("tokens", r.tokens());
        o.put("seconds", r.seconds());
        o.put("actions", r.actions());
        o.put("observe", r.observe());
        o.put("seeds_per_message", r.seedsPerMessage());
        o.put("judge", r.judge());
        r.roles().forEach(o.putArray("roles")::add);
        if (r.exact() != null) {
            SampledExperiment.Exact x = r.exact();
            ObjectNode e = o.putObject("exact_figures");
            e.put("exact", true);
            e.put("nodes", x.nodes()).put("infosets", x.infosets());
            e.put("nash_conv", x.nashConv()).put("relative_nash_conv", x.nashConv() / r.range());
            array(e.putArray("cfr_gain"), x.cfrGain());
            ObjectNode payoffs = e.putObject("payoffs");
            array(payoffs.putArray("eq_vs_base"), x.eqVsBase());
            array(payoffs.putArray("base_vs_base"), x.baseVsBase());
            array(payoffs.putArray("eq_vs_eq"), x.eqVsEq());
        } else {
            o.putNull("exact_figures");
        }
        ArrayNode cps = o.putArray("checkpoints");
        for (SampledExperiment.Checkpoint c : r.checkpoints()) {
            ObjectNode x = cps.addObject();
            x.put("iteration", c.iteration()).put("calls", c.calls()).put("seconds", c.seconds())
                    .put("infosets", c.infosets()).put("exact", false);
            estimates(x, c.estimates(), r.range());
        }
        return o;
    }

    private static void estimates(ObjectNode o, SampledEstimates e, double range) {
        figure(o, "nash_conv", e.nashConv());
        o.put("relative_nash_conv", e.nashConv().mean() / range);
        o.put("nash_conv_kind", "lower bound: sum over players of a sampled best response's gain, paired playouts");
        figures(o, "best_response_gain", e.responses());
        ArrayNode kept = o.putArray("best_response_kept");
        for (boolean k : e.responseKept()) {
            kept.add(k);
        }
        figures(o, "cfr_gain", e.cfrGain());
        ObjectNode payoffs = o.putObject("payoffs");
        figures(payoffs, "eq_vs_base", e.eqVsBase());
        figures(payoffs, "base_vs_base", e.baseVsBase());
        figures(payoffs, "eq_vs_eq", e.eqVsEq());
        o.put("interval", "student-t 95% over " + e.playouts() + " paired playouts");
        o.put("playouts", e.playouts());
        o.put("response_iterations", e.responseIterations());
    }

    private static void figure(ObjectNode o, String field, Estimate e) {
        o.put(field, e.mean());
        o.put(field + "_stderr", e.stderr());
        o.putArray(field + "_ci95").add(e.low()).add(e.high());
    }

    private static void figures(ObjectNode o, String field, Estimate[] es) {
        ArrayNode mean = o.putArray(field);
        ArrayNode stderr = o.putArray(field + "_stderr");
        ArrayNode ci = o.putArray(field + "_ci95");
        for (Estimate e : es) {
            mean.add(e.mean());
            stderr.add(e.stderr());
            ci.addArray().add(e.low()).add(e.high());
        }
    }

    private static void array(ArrayNode a, double[] values) {
        for (double v : values) {
            a.add(v);
        }
    }

    /** Always a list, one element per domain, like {@code parley experiment --json}. */
    public static String jsonText(List<SampledReport> reports) {
        try {
            ArrayNode a = JSON.createArrayNode();
            reports.forEach(r -> a.add(json(r)));
            return JSON.writeValueAsString(a);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One checkpoint as one line (standard error, while the run goes on). */
    public static String checkpointLine(String domain, SampledExperiment.Checkpoint c) {
        SampledEstimates e = c.estimates();
        return String.format(Locale.ROOT, "%s: checkpoint at %,d iterations, %,d calls, %.1f s: NashConv >= %s"
                + " (est.), CFR gain %s (est.)", domain, c.iteration(), c.calls(), c.seconds(),
                ReportWriter.pm(e.nashConv()), list(e.cfrGain()));
    }

    public static String table(List<SampledReport> reports) {
        List<String[]> rows = new ArrayList<>();
        rows.add(row("", reports, SampledReport::domain));
        rows.add(row("backend", reports, SampledReport::backend));
        rows.add(row("scenarios / max replies", reports, r -> r.scenarios() + " / " + r.maxReplies()));
        rows.add(row("tree (estimated nodes)", reports, r -> r.size().label() + " (not expanded"
                + (r.exact() != null ? "; expanded for the exact figures: " + r.exact().nodes() + " nodes)" : ")")));
        rows.add(row("actions / observe / seeds", reports, r -> r.actions() + " / " + r.observe() + " / "
                + r.seedsPerMessage()));
        rows.add(row("solver", reports, r -> r.solver() + " x " + r.iterations() + " on the lazy game"
                + (r.resumedAt() > 0 ? " (resumed at " + r.resumedAt() + ")" : "")));
        rows.add(row("stopped by", reports, SampledReport::stop));
        rows.add(row("visited (infosets / messages)", reports, r -> r.infosets() + " / " + r.visited().messages()));
        rows.add(row("NashConv >= (est., lower bound)", reports, r -> ReportWriter.pm(r.estimates().nashConv())
                + " (" + pct(r.estimates().nashConv().mean() / r.range()) + " of range)"));
        rows.add(row("CFR gain (est.)", reports, r -> list(r.estimates().cfrGain())));
        rows.add(row("payoffs eq vs base (est.)", reports, r -> list(r.estimates().eqVsBase())));
        rows.add(row("payoffs base vs base (est.)", reports, r -> list(r.estimates().baseVsBase())));
        rows.add(row("payoffs eq vs eq (est.)", reports, r -> list(r.estimates().eqVsEq())));
        if (reports.stream().anyMatch(r -> r.exact() != null)) {
            rows.add(row("NashConv (exact)", reports, r -> r.exact() == null ? "-"
                    : ReportWriter.f(r.exact().nashConv()) + " (" + pct(r.exact().nashConv() / r.range())
                    + " of range)"));
            rows.add(row("CFR gain (exact)", reports, r -> r.exact() == null ? "-" : points(r.exact().cfrGain())));
        }
        rows.add(row("calls (solver / estimates / exact)", reports, r -> r.calls() + " / " + r.estimationCalls()
                + " / " + (r.exact() == null ? 0 : r.exact().calls())));
        rows.add(row("seconds", reports, r -> String.format(Locale.ROOT, "%.2f", r.seconds())));
        StringBuilder sb = new StringBuilder();
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                sb.append(r[i]).append(" ".repeat(width[i] - r[i].length() + (i < r.length - 1 ? 2 : 0)));
            }
            sb.append('\n');
        }
        sb.append("(est.): estimated by sampling, mean ± half-width of the 95% t interval over paired playouts\n");
        return sb.toString().replaceAll(" +\n", "\n");
    }

    /** report.txt and report.json in {@code dir}. */
    public static List<Path> writeAll(List<SampledReport> reports, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(dir.resolve("report.txt"), table(reports)));
        written.add(Files.writeString(dir.resolve("report.json"), jsonText(reports)));
        return written;
    }

    private static String[] row(String label, List<SampledReport> reports,
                                java.util.function.Function<SampledReport, String> cell) {
        String[] r = new String[reports.size() + 1];
        r[0] = label;
        for (int i = 0; i < reports.size(); i++) {
            r[i + 1] = cell.apply(reports.get(i));
        }
        return r;
    }

    private static String list(Estimate[] values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(ReportWriter.pm(values[i]));
        }
        return sb.append(']').toString();
    }

    private static String points(double[] values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(ReportWriter.f(values[i]));
        }
        return sb.append(']').toString();
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * v);
    }
}
