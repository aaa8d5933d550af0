package dev.parley.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code report.html}: the experiment as one self-contained page, readable offline: the table of figures with their
 * 95% intervals, the charts inlined as data URIs, and the most probable dialogues of each profile (first seed).
 * No script, no external resource.
 */
public final class ReportHtml {

    /** Dialogues shown per profile. */
    static final int DIALOGUES_SHOWN = 3;
    private static final List<String[]> CHARTS = List.of(
            new String[] {"nash_conv.png", "NashConv of the average policy along the run"},
            new String[] {"gain_vs_nash_conv.png", "CFR gain against NashConv, as shares of the payoff range"},
            new String[] {"instruction_mass.png", "Instruction mass of the equilibrium, by player"});

    private ReportHtml() {
    }

    /** Writes {@code dir/report.html}, inlining the charts already written in {@code dir} (missing ones skipped). */
    public static Path write(List<SeededReport> reports, Path dir) throws IOException {
        return Files.writeString(dir.resolve("report.html"), render(reports, dir));
    }

    static String render(List<SeededReport> reports, Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        String domains = String.join(", ", reports.stream().map(s -> s.first().domain()).toList());
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<link rel=\"icon\" href=\"data:,\">\n")
                .append("<title>Parley report: ").append(esc(domains)).append("</title>\n<style>\n").append(STYLE)
                .append("</style>\n</head>\n<body>\n<main>\n<h1>Parley experiment report</h1>\n<p class=\"lead\">")
                .append(esc(domains)).append(". Figures are means over the seeds; with more than one seed each is ")
                .append("followed by the half-width of its 95% Student-t interval and the interval itself.</p>\n");
        table(sb, reports);
        sb.append("<h2>Charts</h2>\n");
        for (String[] c : CHARTS) {
            Path png = dir.resolve(c[0]);
            if (!Files.isRegularFile(png)) {
                continue;
            }
            sb.append("<figure><img src=\"data:image/png;base64,")
                    .append(Base64.getEncoder().encodeToString(Files.readAllBytes(png))).append("\" alt=\"")
                    .append(esc(c[1])).append("\"><figcaption>").append(esc(c[1])).append(" (")
                    .append(esc(c[0])).append(")</figcaption></figure>\n");
        }
        sb.append("<h2>The most probable dialogues</h2>\n");
        for (SeededReport s : reports) {
            dialogues(sb, s.first());
        }
        sb.append("</main>\n</body>\n</html>\n");
        return sb.toString();
    }

    private static void table(StringBuilder sb, List<SeededReport> reports) {
        sb.append("<h2>Figures</h2>\n<table class=\"figures\">\n<thead><tr><th scope=\"col\">figure</th>");
        for (SeededReport s : reports) {
            sb.append("<th scope=\"col\">").append(esc(s.first().domain())).append("</th>");
        }
        sb.append("</tr></thead>\n<tbody>\n");
        row(sb, "backend", reports, s -> esc(s.first().backend()));
        row(sb, "scenarios / max replies", reports, s -> s.first().scenarios() + " / " + s.first().maxReplies());
        row(sb, "seeds", reports, s -> s.seeds().size() == 1 ? String.valueOf(s.seeds().get(0))
                : s.seeds().size() + " (" + s.seeds().get(0) + ".." + s.seeds().get(s.seeds().size() - 1) + ")");
        row(sb, "solver", reports, s -> esc(s.first().solver()) + " &times; " + s.first().iterations());
        row(sb, "tree (nodes / infosets)", reports, s -> s.first().nodes() + " / " + s.first().infosets());
        row(sb, "NashConv", reports, s -> est(s.nashConv()));
        row(sb, "relative NashConv", reports, s -> est(s.relativeNashConv()));
        row(sb, "CFR gain", reports, s -> ests(s.cfrGain(), s.first().roles()));
        row(sb, "payoffs eq vs base", reports, s -> ests(s.eqVsBase(), s.first().roles()));
        row(sb, "payoffs base vs base", reports, s -> ests(s.baseVsBase(), s.first().roles()));
        row(sb, "payoffs eq vs eq", reports, s -> ests(s.eqVsEq(), s.first().roles()));
        row(sb, "gain &gt; NashConv (approx. ESS)", reports, Figures::stability);
        sb.append("</tbody>\n</table>\n");
    }

    private static void row(StringBuilder sb, String label, List<SeededReport> reports,
                            Function<SeededReport, String> cell) {
        sb.append("<tr><th scope=\"row\">").append(label).append("</th>");
        for (SeededReport s : reports) {
            sb.append("<td>").append(cell.apply(s)).append("</td>");
        }
        sb.append("</tr>\n");
    }

    /** mean ± half-width [low, high]; one seed: the figure alone. */
    static String est(Estimate e) {
        String mean = ReportWriter.f(e.mean());
        if (e.stderr() == 0 && e.low() == e.high()) {
            return "<span class=\"mean\">" + mean + "</span>";
        }
        return "<span class=\"mean\">" + mean + "</span> &plusmn; " + ReportWriter.f(e.halfWidth())
                + " <span class=\"ci\">[" + ReportWriter.f(e.low()) + ", " + ReportWriter.f(e.high()) + "]</span>";
    }

    private static String ests(Estimate[] es, List<String> roles) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < es.length; i++) {
            parts.add(esc(i < roles.size() ? roles.get(i) : "player " + i) + ": " + est(es[i]));
        }
        return String.join("<br>", parts);
    }

    private static void dialogues(StringBuilder sb, ExperimentReport r) {
        sb.append("<h3>").append(esc(r.domain())).append("</h3>\n");
        for (Map.Entry<String, List<DialogueReader.ReadDialogue>> e : r.dialogues().entrySet()) {
            sb.append("<h4>").append(esc(e.getKey().replace('_', ' '))).append("</h4>\n");
            int k = 0;
            for (DialogueReader.ReadDialogue d : e.getValue()) {
                if (k++ == DIALOGUES_SHOWN) {
                    break;
                }
                List<String> pay = new ArrayList<>();
                double[] p = d.payoffs();
                for (int i = 0; i < p.length; i++) {
                    pay.add(esc(i < r.roles().size() ? r.roles().get(i) : "player " + i) + " "
                            + String.format(Locale.ROOT, "%+.2f", p[i]));
                }
                sb.append("<section class=\"dialogue\"><p class=\"meta\">scenario ").append(esc(d.scenario()))
                        .append(", probability ").append(String.format(Locale.ROOT, "%.4f", d.probability()))
                        .append(", payoffs ").append(String.join(", ", pay)).append("</p>\n<ol>\n");
                for (DialogueReader.ReadMessage m : d.messages()) {
                    sb.append("<li><b>").append(esc(m.role())).append("</b> <code>").append(esc(m.move()))
                            .append(m.instruction() == null ? "" : "/" + esc(m.instruction())).append("</code> ")
                            .append(esc(m.text())).append("</li>\n");
                }
                sb.append("</ol></section>\n");
            }
        }
    }

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static final String STYLE = """
            body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0; }
            main { max-width: 70rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
            h1 { font-size: 1.6rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ccc; }
            .lead { color: #444; }
            table.figures { border-collapse: collapse; width: 100%; }
            table.figures th, table.figures td { border: 1px solid #ccc; padding: .35rem .6rem; text-align: left;
              vertical-align: top; }
            table.figures thead th { background: #f0f3f7; }
            .ci { color: #555; font-size: .9em; white-space: nowrap; }
            figure { margin: 1rem 0; } figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
            figcaption { color: #444; font-size: .9rem; }
            section.dialogue { border-left: 3px solid #0072b2; padding-left: .8rem; margin: .8rem 0; }
            .meta { color: #444; margin: 0; } code { background: #f3f3f3; padding: 0 .2rem; }
            """;
}
