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
        ObjectNode o = Figures.head(r.domain(), r.backend(), r.scenarios(), r.maxReplies(), r.solver(), false);
        o.put("game", "lazy");
        o.put("iterations", r.iterations());
        o.put("resumed_at_iteration", r.resumedAt());
        o.put("stop", r.stop());
        ObjectNode budget = o.putObject("budget");
        budget.put("calls", r.budgetCalls()).put("seconds", r.budgetSeconds());
        // a resumed run's budget counts what the runs before it spent (saved with the solver)
        budget.putObject("spent_before_resume").put("calls", r.spentCalls()).put("seconds", r.spentSeconds());
        budget.putObject("spent").put("calls", r.spentCalls() + r.calls())
                .put("seconds", r.spentSeconds() + r.solvingSeconds());
        o.put("infosets", r.infosets());
        o.putObject("visited").put("messages", r.visited().messages()).put("transcripts", r.visited().transcripts())
                .put("dialogues_scored", r.visited().scored());
        o.putObject("tree_size_estimate").put("nodes", r.size().nodes()).put("stderr", r.size().stderr())
                .put("probes", r.size().probes()).put("method", "Knuth random-path estimator, offline");
        estimates(o, r.estimates(), r.range());
        Figures.array(o.putArray("payoff_range"), r.payoffRange());
        o.putObject("calls").put("solver", r.calls()).put("estimation", r.estimationCalls())
                .put("exact", r.exact() == null ? 0 : r.exact().calls())
                .put("total", r.calls() + r.estimationCalls() + (r.exact() == null ? 0 : r.exact().calls()))
                .put("cached", r.cached()).put("tokens", r.tokens());
        o.put("seconds", r.seconds());
        Figures.settings(o, r.actions(), r.observe(), r.seedsPerMessage(), r.judge(), r.roles());
        if (r.exact() != null) {
            SampledExperiment.Exact x = r.exact();
            ObjectNode e = o.putObject("exact_figures");
            e.put("exact", true);
            e.put("nodes", x.nodes()).put("infosets", x.infosets());
            e.put("nash_conv", x.nashConv()).put("relative_nash_conv", x.nashConv() / r.range());
            Figures.array(e.putArray("cfr_gain"), x.cfrGain());
            ObjectNode payoffs = e.putObject("payoffs");
            Figures.array(payoffs.putArray("eq_vs_base"), x.eqVsBase());
            Figures.array(payoffs.putArray("base_vs_base"), x.baseVsBase());
            Figures.array(payoffs.putArray("eq_vs_eq"), x.eqVsEq());
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
        Estimate relative = SeededSampledReport.relative(e.nashConv(), range);
        estimates(o, e.nashConv(), relative, e.responses(), e.cfrGain(), e.eqVsBase(), e.baseVsBase(), e.eqVsEq());
        ArrayNode kept = o.putArray("best_response_kept");
        for (boolean k : e.responseKept()) {
            kept.add(k);
        }
        o.put("interval", "student-t 95% over " + e.playouts() + " paired playouts");
        o.put("playouts", e.playouts());
        o.put("response_iterations", e.responseIterations());
    }

    /** The estimated figures, in the exact report's names ({@link Figures}), plus the best responses' gains. */
    private static void estimates(ObjectNode o, Estimate nashConv, Estimate relative, Estimate[] responses,
                                  Estimate[] cfrGain, Estimate[] eqVsBase, Estimate[] baseVsBase,
                                  Estimate[] eqVsEq) {
        Figures.figure(o, "nash_conv", nashConv);
        Figures.figure(o, "relative_nash_conv", relative);
        o.put("nash_conv_kind", "lower bound: sum over players of a sampled best response's gain, paired playouts");
        Figures.figures(o, "best_response_gain", responses);
        Figures.figures(o, "cfr_gain", cfrGain);
        ObjectNode payoffs = o.has("payoffs") ? (ObjectNode) o.get("payoffs") : o.putObject("payoffs");
        Figures.payoffs(payoffs, eqVsBase, baseVsBase, eqVsEq);
        // stability (gain above NashConv) cannot be read from a lower bound of NashConv
        o.putNull("approximately_stable");
        o.put("approximately_stable_rule", "not judged: nash_conv is only a lower bound when estimated");
    }

    /**
     * The JSON of {@code parley experiment --solver mccfr-os|mccfr-es --json} (one element of its list): the first
     * seed's report with every estimated figure replaced by its value over the seeds ({@link SeededSampledReport}:
     * with one seed the playout interval, with more the t interval over the seeds), {@code seeds},
     * {@code interval}, totals of the account, and {@code per_seed}: each run's report with its {@code seed}.
     * The same contract as {@link ReportWriter#json(SeededReport)}, with {@code "exact": false}.
     */
    public static ObjectNode json(SeededSampledReport s) {
        SampledReport first = s.first();
        ObjectNode o = json(first);
        o.put("seeds", s.seeds().size());
        estimates(o, s.nashConv(), s.relativeNashConv(), s.bestResponseGain(), s.cfrGain(), s.eqVsBase(),
                s.baseVsBase(), s.eqVsEq());
        o.put("interval", s.intervalRule());
        if (s.perSeed().size() > 1) {
            o.remove("best_response_kept");
            o.put("stable_seed_share", (Double) null);
            o.put("iterations", s.perSeed().stream().mapToDouble(SampledReport::iterations).average().orElse(0));
            o.put("infosets", s.perSeed().stream().mapToDouble(SampledReport::infosets).average().orElse(0));
            long solver = s.perSeed().stream().mapToLong(SampledReport::calls).sum();
            long estimation = s.perSeed().stream().mapToLong(SampledReport::estimationCalls).sum();
            long exact = s.perSeed().stream().mapToLong(r -> r.exact() == null ? 0 : r.exact().calls()).sum();
            // the account of the whole run: totals over the seeds, not means
            o.putObject("calls").put("solver", solver).put("estimation", estimation).put("exact", exact)
                    .put("total", solver + estimation + exact)
                    .put("cached", s.perSeed().stream().mapToLong(SampledReport::cached).sum())
                    .put("tokens", s.perSeed().stream().mapToLong(SampledReport::tokens).sum());
            o.put("seconds", s.perSeed().stream().mapToDouble(SampledReport::seconds).sum());
            o.putArray("checkpoints");
        } else {
            o.putNull("stable_seed_share");
        }
        if (s.allExact()) {
            ObjectNode e = o.putObject("exact_figures");
            e.put("exact", true);
            e.put("nodes", first.exact().nodes()).put("infosets", first.exact().infosets());
            Figures.figure(e, "nash_conv", s.exact(SampledExperiment.Exact::nashConv));
            Figures.figure(e, "relative_nash_conv", Estimate.of(s.perSeed().stream()
                    .mapToDouble(r -> r.exact().nashConv() / r.range()).toArray()));
            Figures.figures(e, "cfr_gain", s.exactPerPlayer(SampledExperiment.Exact::cfrGain));
            Figures.payoffs(e.putObject("payoffs"), s.exactPerPlayer(SampledExperiment.Exact::eqVsBase),
                    s.exactPerPlayer(SampledExperiment.Exact::baseVsBase),
                    s.exactPerPlayer(SampledExperiment.Exact::eqVsEq));
        } else {
            o.putNull("exact_figures");
        }
        Figures.perSeed(o, s.seeds(), s.perSeed(), SampledReportWriter::json);
        return o;
    }

    /** Always a list, one element per domain, like {@code parley experiment --json}. */
    public static String jsonText(List<SeededSampledReport> reports) {
        return Figures.text(reports, SampledReportWriter::json);
    }

    /** One checkpoint as one line (standard error, while the run goes on). */
    public static String checkpointLine(String domain, SampledExperiment.Checkpoint c) {
        SampledEstimates e = c.estimates();
        return String.format(Locale.ROOT, "%s: checkpoint at %,d iterations, %,d calls, %.1f s: NashConv >= %s"
                + " (est.), CFR gain %s (est.)", domain, c.iteration(), c.calls(), c.seconds(),
                Figures.pm(e.nashConv()), Figures.list(e.cfrGain()));
    }

    /** The human table: one column per domain, estimated figures marked (est.), exact ones beside when known. */
    public static String table(List<SeededSampledReport> reports) {
        List<String[]> rows = new ArrayList<>();
        rows.add(Figures.row("", reports, s -> s.first().domain()));
        rows.add(Figures.row("backend", reports, s -> s.first().backend()));
        rows.add(Figures.row("scenarios / max replies", reports, s -> s.first().scenarios() + " / "
                + s.first().maxReplies()));
        rows.add(Figures.row("seeds", reports, s -> s.seeds().size() == 1 ? String.valueOf(s.seeds().get(0))
                : s.seeds().size() + " (" + s.seeds().get(0) + ".." + s.seeds().get(s.seeds().size() - 1)
                + "), 95% t interval over seeds"));
        rows.add(Figures.row("tree (estimated nodes)", reports, s -> s.first().size().label() + " (not expanded"
                + (s.first().exact() != null ? "; expanded for the exact figures: " + s.first().exact().nodes()
                + " nodes)" : ")") + (s.perSeed().size() > 1 ? " (first seed)" : "")));
        rows.add(Figures.row("actions / observe / seeds", reports, s -> s.first().actions() + " / "
                + s.first().observe() + " / " + s.first().seedsPerMessage()));
        rows.add(Figures.row("solver", reports, s -> s.first().solver() + " x " + s.first().iterations()
                + " on the lazy game" + (s.first().resumedAt() > 0 ? " (resumed at " + s.first().resumedAt() + ")"
                : "") + (s.perSeed().size() > 1 ? " (first seed)" : "")));
        rows.add(Figures.row("stopped by", reports, s -> s.first().stop()
                + (s.perSeed().size() > 1 ? " (first seed)" : "")));
        rows.add(Figures.row("visited (infosets / messages)", reports, s -> s.first().infosets() + " / "
                + s.first().visited().messages() + (s.perSeed().size() > 1 ? " (first seed)" : "")));
        rows.add(Figures.row("NashConv >= (est., lower bound)", reports, s -> Figures.pm(s.nashConv())
                + " (" + Figures.pct(s.relativeNashConv().mean()) + " of range)"));
        rows.add(Figures.row("CFR gain (est.)", reports, s -> Figures.list(s.cfrGain())));
        rows.add(Figures.row("payoffs eq vs base (est.)", reports, s -> Figures.list(s.eqVsBase())));
        rows.add(Figures.row("payoffs base vs base (est.)", reports, s -> Figures.list(s.baseVsBase())));
        rows.add(Figures.row("payoffs eq vs eq (est.)", reports, s -> Figures.list(s.eqVsEq())));
        if (reports.stream().anyMatch(SeededSampledReport::allExact)) {
            rows.add(Figures.row("NashConv (exact)", reports, s -> !s.allExact() ? "-"
                    : Figures.pm(s.exact(SampledExperiment.Exact::nashConv)) + " (" + Figures.pct(
                    s.exact(SampledExperiment.Exact::nashConv).mean() / s.first().range()) + " of range)"));
            rows.add(Figures.row("CFR gain (exact)", reports, s -> !s.allExact() ? "-"
                    : Figures.list(s.exactPerPlayer(SampledExperiment.Exact::cfrGain))));
        }
        rows.add(Figures.row("calls (solver / estimates / exact)", reports, s -> sum(s, SampledReport::calls)
                + " / " + sum(s, SampledReport::estimationCalls) + " / "
                + sum(s, r -> r.exact() == null ? 0 : r.exact().calls())));
        rows.add(Figures.row("seconds", reports, s -> String.format(Locale.ROOT, "%.2f",
                s.perSeed().stream().mapToDouble(SampledReport::seconds).sum())));
        return Figures.render(rows) + "(est.): estimated by sampling, mean ± half-width of the 95% t interval over"
                + " paired playouts (one seed) or over the seeds\n";
    }

    private static long sum(SeededSampledReport s, java.util.function.ToLongFunction<SampledReport> count) {
        return s.perSeed().stream().mapToLong(count).sum();
    }

    /** report.txt and report.json in {@code dir}. */
    public static List<Path> writeAll(List<SeededSampledReport> reports, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(dir.resolve("report.txt"), table(reports)));
        written.add(Files.writeString(dir.resolve("report.json"), jsonText(reports)));
        return written;
    }
}
