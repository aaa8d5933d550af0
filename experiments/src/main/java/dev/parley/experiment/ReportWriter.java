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

/** Renders experiment reports: a text table, the JSON contract and CSV; the PNG charts are {@link ReportCharts}. */
public final class ReportWriter {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportWriter() {
    }

    /** The JSON contract of {@code parley experiment --json}. */
    public static ObjectNode json(ExperimentReport r) {
        ObjectNode o = Figures.head(r.domain(), r.backend(), r.scenarios(), r.maxReplies(), r.solver(), true);
        o.put("iterations", r.iterations());
        o.put("nodes", r.nodes());
        o.put("infosets", r.infosets());
        o.put("nash_conv", r.nashConv());
        o.put("relative_nash_conv", r.relativeNashConv());
        Figures.array(o.putArray("payoff_range"), r.payoffRange());
        Figures.array(o.putArray("cfr_gain"), r.cfrGain());
        ObjectNode payoffs = o.putObject("payoffs");
        Figures.array(payoffs.putArray("eq_vs_base"), r.eqVsBase());
        Figures.array(payoffs.putArray("base_vs_base"), r.baseVsBase());
        Figures.array(payoffs.putArray("eq_vs_eq"), r.eqVsEq());
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
        Figures.settings(o, r.actions(), r.observe(), r.seedsPerMessage(), r.judge(), r.roles());
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
        Figures.array(o.putArray("payoffs"), d.payoffs());
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

    /**
     * The JSON contract of {@code parley experiment --json} (one element of its list): today's fields holding the
     * means over the seeds, {@code <field>_stderr} and {@code <field>_ci95} beside every figure of the table, and
     * {@code per_seed}, the per-seed reports in the one-seed shape (each with its {@code seed}).
     */
    public static ObjectNode json(SeededReport s) {
        ExperimentReport first = s.first();
        ObjectNode o = json(first);
        o.put("seeds", s.seeds().size());
        o.put("interval", "student-t 95%");
        o.put("nodes", meanCount(s, ExperimentReport::nodes));
        o.put("infosets", meanCount(s, ExperimentReport::infosets));
        Figures.figure(o, "nash_conv", s.nashConv());
        Figures.figure(o, "relative_nash_conv", s.relativeNashConv());
        Figures.figures(o, "cfr_gain", s.cfrGain());
        ObjectNode payoffs = (ObjectNode) o.get("payoffs");
        Figures.payoffs(payoffs, s.eqVsBase(), s.baseVsBase(), s.eqVsEq());
        o.put("approximately_stable", s.approximatelyStable());
        o.put("approximately_stable_rule", "every cfr_gain_ci95 low above nash_conv_ci95 high");
        o.put("stable_seed_share", s.stableShare());
        ObjectNode mass = (ObjectNode) o.get("instruction_mass");
        for (int p = 0; p < first.instructionMass().length; p++) {
            ObjectNode player = (ObjectNode) mass.get("player_" + p);
            for (int i = 0; i < first.instructions().size(); i++) {
                final int q = p;
                final int k = i;
                player.put(first.instructions().get(i), s.of(r -> r.instructionMass()[q][k]).mean());
            }
        }
        ArrayNode curve = o.putArray("nash_conv_curve");
        for (int i = 0; i < first.curve().size(); i++) {
            final int k = i;
            curve.addObject().put("iteration", (int) first.curve().get(i)[0])
                    .put("nash_conv", s.of(r -> r.curve().get(k)[1]).mean());
        }
        // the account of the whole run: totals over the seeds, not means
        o.putObject("calls").put("total", sum(s, ExperimentReport::calls)).put("cached",
                sum(s, ExperimentReport::cached)).put("tokens", sum(s, ExperimentReport::tokens));
        o.put("seconds", s.perSeed().stream().mapToDouble(ExperimentReport::seconds).sum());
        ObjectNode v = o.putObject("verification");
        v.put("requested", sum(s, r -> r.verification().requested()))
                .put("rejected", sum(s, r -> r.verification().rejected()));
        ObjectNode by = v.putObject("by_reason");
        java.util.Map<String, Long> reasons = new java.util.TreeMap<>();
        s.perSeed().forEach(r -> r.verification().byReason().forEach((k, n) -> reasons.merge(k, n, Long::sum)));
        reasons.forEach(by::put);
        Figures.perSeed(o, s.seeds(), s.perSeed(), ReportWriter::json);
        return o;
    }

    /** A count that is the same for every seed stays an integer (so one seed prints today's figure exactly). */
    private static com.fasterxml.jackson.databind.JsonNode meanCount(SeededReport s,
                                                                      java.util.function.ToIntFunction<ExperimentReport> count) {
        int[] values = s.perSeed().stream().mapToInt(count).toArray();
        boolean same = java.util.Arrays.stream(values).allMatch(v -> v == values[0]);
        return same ? JSON.getNodeFactory().numberNode(values[0])
                : JSON.getNodeFactory().numberNode(java.util.Arrays.stream(values).average().orElse(0));
    }

    private static long sum(SeededReport s, java.util.function.ToLongFunction<ExperimentReport> count) {
        return s.perSeed().stream().mapToLong(count).sum();
    }

    /** {@code parley experiment --json}: always a list, one element per domain (one shape for scripts). */
    public static String jsonText(List<SeededReport> reports) {
        return Figures.text(reports, ReportWriter::json);
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
        rows.add(Figures.row("gain > NashConv (approx. ESS)", reports, s -> (s.approximatelyStable() ? "yes" : "no")
                + (s.perSeed().size() > 1 ? " (intervals; " + Figures.pct(s.stableShare()) + " of seeds)" : "")));
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
