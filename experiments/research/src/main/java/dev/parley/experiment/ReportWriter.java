package dev.parley.experiment;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Renders experiment reports: a text table, the JSON contract and CSV; the PNG charts are {@link ReportCharts}. */
public final class ReportWriter {

    private ReportWriter() {
    }

    /** The JSON contract of {@code parley experiment --json}, one seed. */
    public static ObjectNode json(ExperimentReport r) {
        return ReportJson.tree(model(r, null));
    }

    private static ReportJson.Exact model(ExperimentReport r, Long seed) {
        return new ReportJson.Exact(seed, r.domain(), r.backend(), r.scenarios(), r.maxReplies(), r.solver(), true,
                r.iterations(), r.nodes(), r.infosets(), r.nashConv(), null, r.relativeNashConv(), null,
                r.payoffRange(), r.cfrGain(), null, ReportJson.Payoffs.exact(r.eqVsBase(), r.baseVsBase(),
                r.eqVsEq()), r.approximatelyStable(), null, null, instructionMass(r, (p, i) -> r.instructionMass()[p][i]),
                r.curve().stream().map(point -> new ReportJson.CurvePoint((int) point[0], point[1])).toList(),
                new ReportJson.Calls(r.calls(), r.cached(), r.tokens()), r.seconds(), r.actions(), r.observe(),
                r.seedsPerMessage(), r.judge(), r.roles(), ReportJson.Verification.of(r.verification()), null, null,
                null);
    }

    /** One dialogue as a line of {@code dialogues.jsonl}. */
    public static ObjectNode json(DialogueReader.ReadDialogue d) {
        return ReportJson.tree(dialogue(d, null));
    }

    private static ReportJson.Dialogue dialogue(DialogueReader.ReadDialogue d, String domain) {
        return new ReportJson.Dialogue(d.profile(), d.scenario(), d.probability(), d.payoffs(),
                d.messages().stream().map(m -> new ReportJson.Message(m.player(), m.role(), m.move(),
                        m.instruction(), m.content(), m.text())).toList(), domain);
    }

    /** {@code dialogues.jsonl}: every kept dialogue of every report, one JSON object a line, profiles in order. */
    public static String dialoguesJsonl(List<ExperimentReport> reports) {
        StringBuilder sb = new StringBuilder();
        for (ExperimentReport r : reports) {
            for (List<DialogueReader.ReadDialogue> list : r.dialogues().values()) {
                for (DialogueReader.ReadDialogue d : list) {
                    try {
                        sb.append(ReportJson.COMPACT.writeValueAsString(dialogue(d, r.domain()))).append('\n');
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

    /**
     * The JSON contract of {@code parley experiment --json} (one element of its list): the one-seed fields holding
     * the means over the seeds, {@code <field>_stderr} and {@code <field>_ci95} beside every figure of the table,
     * and {@code per_seed}, the per-seed reports in the one-seed shape (each with its {@code seed}).
     */
    public static ObjectNode json(SeededReport s) {
        return ReportJson.tree(model(s));
    }

    private static ReportJson.Exact model(SeededReport s) {
        ExperimentReport r = s.first();
        // the account of the whole run: totals over the seeds, not means
        Map<String, Long> reasons = new TreeMap<>();
        Map<String, Long> abandoned = new TreeMap<>();
        s.perSeed().forEach(x -> x.verification().byReason().forEach((k, n) -> reasons.merge(k, n, Long::sum)));
        s.perSeed().forEach(x -> x.verification().abandonedByReason()
                .forEach((k, n) -> abandoned.merge(k, n, Long::sum)));
        var verification = new ReportJson.Verification(sum(s, x -> x.verification().requested()),
                sum(s, x -> x.verification().rejected()), reasons, sum(s, x -> x.verification().abandoned()),
                abandoned);
        List<ReportJson.CurvePoint> curve = new ArrayList<>();
        for (int i = 0; i < r.curve().size(); i++) {
            final int k = i;
            curve.add(new ReportJson.CurvePoint((int) r.curve().get(i)[0], s.of(x -> x.curve().get(k)[1]).mean()));
        }
        List<ReportJson.Exact> perSeed = new ArrayList<>();
        for (int i = 0; i < s.perSeed().size(); i++) {
            perSeed.add(model(s.perSeed().get(i), s.seeds().get(i)));
        }
        Estimate nc = s.nashConv();
        Estimate rel = s.relativeNashConv();
        return new ReportJson.Exact(null, r.domain(), r.backend(), r.scenarios(), r.maxReplies(), r.solver(), true,
                r.iterations(), meanCount(s, ExperimentReport::nodes), meanCount(s, ExperimentReport::infosets),
                nc.mean(), ReportJson.Spread.of(nc), rel.mean(), ReportJson.Spread.of(rel), r.payoffRange(),
                ReportJson.means(s.cfrGain()), ReportJson.Spreads.of(s.cfrGain()),
                ReportJson.Payoffs.estimated(s.eqVsBase(), s.baseVsBase(), s.eqVsEq()), s.approximatelyStable(),
                "every cfr_gain_ci95 low above nash_conv_ci95 high", s.stableShare(),
                instructionMass(r, (p, i) -> s.of(x -> x.instructionMass()[p][i]).mean()), curve,
                new ReportJson.Calls(sum(s, ExperimentReport::calls), sum(s, ExperimentReport::cached),
                        sum(s, ExperimentReport::tokens)),
                s.perSeed().stream().mapToDouble(ExperimentReport::seconds).sum(), r.actions(), r.observe(),
                r.seedsPerMessage(), r.judge(), r.roles(), verification, s.seeds().size(), "student-t 95%",
                perSeed);
    }

    /** A player's and an instruction's mass. */
    private interface Mass {
        double of(int player, int instruction);
    }

    /** {@code player_<p>}, then each instruction's mass, in the instructions' order. */
    private static Map<String, Map<String, Double>> instructionMass(ExperimentReport r, Mass mass) {
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        for (int p = 0; p < r.instructionMass().length; p++) {
            Map<String, Double> player = new LinkedHashMap<>();
            for (int i = 0; i < r.instructions().size(); i++) {
                player.put(r.instructions().get(i), mass.of(p, i));
            }
            out.put("player_" + p, player);
        }
        return out;
    }

    /** A count that is the same for every seed stays an integer (so one seed prints its figure exactly). */
    private static Number meanCount(SeededReport s, java.util.function.ToIntFunction<ExperimentReport> count) {
        int[] values = s.perSeed().stream().mapToInt(count).toArray();
        boolean same = java.util.Arrays.stream(values).allMatch(v -> v == values[0]);
        return same ? (Number) values[0] : (Number) java.util.Arrays.stream(values).average().orElse(0);
    }

    private static long sum(SeededReport s, java.util.function.ToLongFunction<ExperimentReport> count) {
        return s.perSeed().stream().mapToLong(count).sum();
    }

    /** {@code parley experiment --json}: always a list, one element per domain (one shape for scripts). */
    public static String jsonText(List<SeededReport> reports) {
        return ReportJson.text(reports, ReportWriter::model);
    }

    /** The human table: one column per domain, figures as mean ± half-width of the 95% interval. */
    public static String table(List<SeededReport> reports) {
        List<String[]> rows = new ArrayList<>();
        rows.add(Figures.row("", reports, s -> s.first().domain()));
        rows.add(Figures.row("backend", reports, s -> s.first().backend()));
        rows.add(Figures.row("scenarios / max replies", reports, s -> s.first().scenarios() + " / " + s.first().maxReplies()));
        rows.add(Figures.row("seeds", reports, s -> seedsLabel(s.seeds())));
        rows.add(Figures.row("tree (nodes / infosets)", reports, s -> s.first().nodes() + " / " + s.first().infosets()
                + (s.perSeed().size() > 1 ? " (first seed)" : "")));
        rows.add(Figures.row("actions / observe / seeds", reports, s -> s.first().actions() + " / " + s.first().observe()
                + " / " + s.first().seedsPerMessage()));
        rows.add(Figures.row("solver", reports, s -> s.first().solver() + " x " + s.first().iterations()));
        rows.add(Figures.row("NashConv", reports, s -> pm(s.nashConv()) + " (" + Figures.pct(s.relativeNashConv().mean())
                + " of range)"));
        rows.add(Figures.row("CFR gain", reports, s -> Figures.list(s.cfrGain())));
        rows.add(Figures.row("payoffs eq vs base", reports, s -> Figures.list(s.eqVsBase())));
        rows.add(Figures.row("payoffs base vs base", reports, s -> Figures.list(s.baseVsBase())));
        rows.add(Figures.row("payoffs eq vs eq", reports, s -> Figures.list(s.eqVsEq())));
        rows.add(Figures.row("gain > NashConv (approx. ESS)", reports, Figures::stability));
        rows.add(Figures.row("calls (new / cached, tokens)", reports, s -> (sum(s, ExperimentReport::calls)
                - sum(s, ExperimentReport::cached)) + " / " + sum(s, ExperimentReport::cached) + ", "
                + sum(s, ExperimentReport::tokens)));
        rows.add(Figures.row("verification (refused / asked)", reports, s -> sum(s, r -> r.verification().rejected())
                + " / " + sum(s, r -> r.verification().requested())));
        rows.add(Figures.row("seconds", reports, s -> String.format(Locale.ROOT, "%.2f",
                s.perSeed().stream().mapToDouble(ExperimentReport::seconds).sum())));
        if (reports.size() > 1) {
            double nc = reports.stream().mapToDouble(s -> s.nashConv().mean()).average().orElse(0);
            double gain = reports.stream().flatMap(s -> java.util.Arrays.stream(s.cfrGain()))
                    .mapToDouble(Estimate::mean).average().orElse(0);
            rows.add(new String[] {"average NashConv / CFR gain (all domains)", f(nc) + " / " + f(gain)});
        }
        return Figures.render(rows);
    }

    private static String seedsLabel(List<Long> seeds) {
        return seeds.size() == 1 ? String.valueOf(seeds.get(0))
                : seeds.size() + " (" + seeds.get(0) + ".." + seeds.get(seeds.size() - 1) + "), 95% t interval";
    }

    /** mean ± half-width; a single seed prints the point alone. */
    public static String pm(Estimate e) {
        return Figures.pm(e);
    }

    /** Four decimals; a small non-zero figure (DCFR's NashConv) in scientific form, so it does not print as 0. */
    public static String f(double v) {
        return Figures.f(v);
    }

    /**
     * One line per domain and player: the means, then each figure's standard error and 95% interval bounds, then
     * the number of seeds. With one seed the columns before {@code seeds} are today's figures.
     */
    public static String csv(List<SeededReport> reports) {
        StringBuilder sb = new StringBuilder("domain,backend,player,role,nash_conv,cfr_gain,eq_vs_base,base_vs_base,"
                + "eq_vs_eq,iterations,seconds,nash_conv_stderr,nash_conv_low,nash_conv_high,cfr_gain_stderr,"
                + "cfr_gain_low,cfr_gain_high,seeds\n");
        for (SeededReport s : reports) {
            ExperimentReport r = s.first();
            Estimate nc = s.nashConv();
            for (int p = 0; p < s.players(); p++) {
                Estimate g = s.cfrGain()[p];
                sb.append(String.format(Locale.ROOT,
                        "%s,\"%s\",%d,%s,%.10g,%.10g,%.10g,%.10g,%.10g,%d,%.3f,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%d%n",
                        r.domain(), r.backend().replace("\"", "'"), p, r.roles().get(p), nc.mean(), g.mean(),
                        s.eqVsBase()[p].mean(), s.baseVsBase()[p].mean(), s.eqVsEq()[p].mean(), r.iterations(),
                        s.perSeed().stream().mapToDouble(ExperimentReport::seconds).sum(), nc.stderr(), nc.low(),
                        nc.high(), g.stderr(), g.low(), g.high(), s.perSeed().size()));
            }
        }
        return sb.toString();
    }

    /**
     * Writes report.txt, report.json, report.csv, dialogues.jsonl (the first seed's dialogues), the three PNG
     * charts and report.html (all of it in one self-contained page) into {@code dir}.
     */
    public static List<Path> writeAll(List<SeededReport> reports, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<ExperimentReport> firsts = reports.stream().map(SeededReport::first).toList();
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(dir.resolve("report.txt"), table(reports)));
        written.add(Files.writeString(dir.resolve("report.json"), jsonText(reports)));
        written.add(Files.writeString(dir.resolve("report.csv"), csv(reports)));
        written.add(Files.writeString(dir.resolve("dialogues.jsonl"), dialoguesJsonl(firsts)));
        written.add(ReportCharts.nashConv(reports, dir.resolve("nash_conv.png")));
        written.add(ReportCharts.gain(reports, dir.resolve("gain_vs_nash_conv.png")));
        written.add(ReportCharts.instructionMass(reports, dir.resolve("instruction_mass.png")));
        written.add(ReportHtml.write(reports, dir));
        return written;
    }
}
