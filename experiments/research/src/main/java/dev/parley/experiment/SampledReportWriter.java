package dev.parley.experiment;

import com.fasterxml.jackson.databind.node.NullNode;
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

    private SampledReportWriter() {
    }

    public static ObjectNode json(SampledReport r) {
        return ReportJson.tree(model(r, null));
    }

    private static ReportJson.Sampled model(SampledReport r, Long seed) {
        ReportJson.Budget budget = new ReportJson.Budget(r.budgetCalls(), r.budgetSeconds(),
                // a resumed run's budget counts what the runs before it spent (saved with the solver)
                new ReportJson.Spent(r.spentCalls(), r.spentSeconds()),
                new ReportJson.Spent(r.spentCalls() + r.calls(), r.spentSeconds() + r.solvingSeconds()));
        long exactCalls = r.exact() == null ? 0 : r.exact().calls();
        ReportJson.ExactFigures exact = null;
        if (r.exact() != null) {
            SampledExperiment.Exact x = r.exact();
            exact = new ReportJson.ExactFigures(true, x.nodes(), x.infosets(), x.nashConv(), null,
                    x.nashConv() / r.range(), null, x.cfrGain(), null,
                    ReportJson.Payoffs.exact(x.eqVsBase(), x.baseVsBase(), x.eqVsEq()));
        }
        return new ReportJson.Sampled(seed, r.domain(), r.backend(), r.scenarios(), r.maxReplies(), r.solver(),
                false, "lazy", r.iterations(), r.resumedAt(), r.stop(), budget, r.infosets(), visited(r),
                new ReportJson.TreeSizeEstimate(r.size().nodes(), r.size().stderr(), r.size().probes(),
                        "Knuth random-path estimator, offline"), estimates(r.estimates(), r.range()), null,
                r.payoffRange(), new ReportJson.SampledCalls(r.calls(), r.estimationCalls(), exactCalls,
                r.calls() + r.estimationCalls() + exactCalls, r.cached(), r.tokens()), r.seconds(), r.actions(),
                r.observe(), r.seedsPerMessage(), r.judge(), r.roles(), exact,
                r.checkpoints().stream().map(c -> new ReportJson.Checkpoint(c.iteration(), c.calls(), c.seconds(),
                        c.infosets(), false, estimates(c.estimates(), r.range()))).toList(), null, null);
    }

    private static ReportJson.Visited visited(SampledReport r) {
        return new ReportJson.Visited(r.visited().messages(), r.visited().transcripts(), r.visited().scored());
    }

    private static ReportJson.Estimates estimates(SampledEstimates e, double range) {
        return estimates(e.nashConv(), SeededSampledReport.relative(e.nashConv(), range), e.responses(),
                e.cfrGain(), e.eqVsBase(), e.baseVsBase(), e.eqVsEq(), e.responseKept(),
                "student-t 95% over " + e.playouts() + " paired playouts", e.playouts(), e.responseIterations());
    }

    /** The estimated figures, in the exact report's names, plus the best responses' gains. */
    private static ReportJson.Estimates estimates(Estimate nashConv, Estimate relative, Estimate[] responses,
                                                  Estimate[] cfrGain, Estimate[] eqVsBase, Estimate[] baseVsBase,
                                                  Estimate[] eqVsEq, boolean[] kept, String interval, int playouts,
                                                  int responseIterations) {
        return new ReportJson.Estimates(nashConv.mean(), ReportJson.Spread.of(nashConv), relative.mean(),
                ReportJson.Spread.of(relative), ReportJson.Estimates.KIND, ReportJson.means(responses),
                ReportJson.Spreads.of(responses), ReportJson.means(cfrGain), ReportJson.Spreads.of(cfrGain),
                ReportJson.Payoffs.estimated(eqVsBase, baseVsBase, eqVsEq), null, ReportJson.Estimates.NOT_JUDGED,
                kept, interval, playouts, responseIterations);
    }

    /**
     * The JSON of {@code parley experiment --solver mccfr-os|mccfr-es --json} (one element of its list): the first
     * seed's report with every estimated figure replaced by its value over the seeds ({@link SeededSampledReport}:
     * with one seed the playout interval, with more the t interval over the seeds), {@code seeds},
     * {@code interval}, totals of the account, and {@code per_seed}: each run's report with its {@code seed}.
     * The same contract as {@link ReportWriter#json(SeededReport)}, with {@code "exact": false}.
     */
    public static ObjectNode json(SeededSampledReport s) {
        return ReportJson.tree(model(s));
    }

    private static ReportJson.Sampled model(SeededSampledReport s) {
        SampledReport r = s.first();
        boolean several = s.perSeed().size() > 1;
        ReportJson.Sampled one = model(r, null);
        ReportJson.Estimates estimates = estimates(s.nashConv(), s.relativeNashConv(), s.bestResponseGain(),
                s.cfrGain(), s.eqVsBase(), s.baseVsBase(), s.eqVsEq(),
                several ? null : r.estimates().responseKept(), s.intervalRule(), r.estimates().playouts(),
                r.estimates().responseIterations());
        ReportJson.SampledCalls calls = one.calls();
        double seconds = one.seconds();
        if (several) {
            long solver = sum(s, SampledReport::calls);
            long estimation = sum(s, SampledReport::estimationCalls);
            long exact = sum(s, x -> x.exact() == null ? 0 : x.exact().calls());
            // the account of the whole run: totals over the seeds, not means
            calls = new ReportJson.SampledCalls(solver, estimation, exact, solver + estimation + exact,
                    sum(s, SampledReport::cached), sum(s, SampledReport::tokens));
            seconds = s.perSeed().stream().mapToDouble(SampledReport::seconds).sum();
        }
        ReportJson.ExactFigures exact = null;
        if (s.allExact()) {
            Estimate nc = s.exact(SampledExperiment.Exact::nashConv);
            Estimate rel = Estimate.of(s.perSeed().stream().mapToDouble(x -> x.exact().nashConv() / x.range())
                    .toArray());
            Estimate[] gain = s.exactPerPlayer(SampledExperiment.Exact::cfrGain);
            exact = new ReportJson.ExactFigures(true, r.exact().nodes(), r.exact().infosets(), nc.mean(),
                    ReportJson.Spread.of(nc), rel.mean(), ReportJson.Spread.of(rel), ReportJson.means(gain),
                    ReportJson.Spreads.of(gain), ReportJson.Payoffs.estimated(
                    s.exactPerPlayer(SampledExperiment.Exact::eqVsBase),
                    s.exactPerPlayer(SampledExperiment.Exact::baseVsBase),
                    s.exactPerPlayer(SampledExperiment.Exact::eqVsEq)));
        }
        List<ReportJson.Sampled> perSeed = new ArrayList<>();
        for (int i = 0; i < s.perSeed().size(); i++) {
            perSeed.add(model(s.perSeed().get(i), s.seeds().get(i)));
        }
        return new ReportJson.Sampled(null, r.domain(), r.backend(), r.scenarios(), r.maxReplies(), r.solver(),
                false, "lazy", several ? (Number) s.perSeed().stream().mapToDouble(SampledReport::iterations)
                .average().orElse(0) : (Number) r.iterations(), r.resumedAt(), r.stop(), one.budget(), several
                ? (Number) s.perSeed().stream().mapToDouble(SampledReport::infosets).average().orElse(0)
                : (Number) r.infosets(),
                one.visited(), one.treeSizeEstimate(), estimates, NullNode.getInstance(), r.payoffRange(), calls,
                seconds, r.actions(), r.observe(), r.seedsPerMessage(), r.judge(), r.roles(), exact,
                several ? List.of() : one.checkpoints(), s.seeds().size(), perSeed);
    }

    /** Always a list, one element per domain, like {@code parley experiment --json}. */
    public static String jsonText(List<SeededSampledReport> reports) {
        return ReportJson.text(reports, SampledReportWriter::model);
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
