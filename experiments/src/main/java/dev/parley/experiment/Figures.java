package dev.parley.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The one shape of a reported figure, shared by the exact ({@link ReportWriter}) and the estimated
 * ({@link SampledReportWriter}) reports: in JSON a figure is {@code <field>}, {@code <field>_stderr} and
 * {@code <field>_ci95} (per player: three lists), in a table {@code mean ± half-width}; a report says which kind
 * its figures are with {@code "exact"}. The column tables of both reports are rendered here too.
 */
final class Figures {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Figures() {
    }

    /** What every report starts with: the run it is and whether its figures are exact. */
    static ObjectNode head(String domain, String backend, int scenarios, int maxReplies, String solver,
                           boolean exact) {
        ObjectNode o = JSON.createObjectNode();
        o.put("domain", domain);
        o.put("backend", backend);
        o.put("scenarios", scenarios);
        o.put("max_replies", maxReplies);
        o.put("solver", solver);
        o.put("exact", exact);
        return o;
    }

    /** The game's settings, as every report ends. */
    static void settings(ObjectNode o, String actions, String observe, int seedsPerMessage, String judge,
                         List<String> roles) {
        o.put("actions", actions);
        o.put("observe", observe);
        o.put("seeds_per_message", seedsPerMessage);
        o.put("judge", judge);
        roles.forEach(o.putArray("roles")::add);
    }

    /** {@code per_seed}: each run's report in the one-seed shape, with its {@code seed} first. */
    static <T> void perSeed(ObjectNode o, List<Long> seeds, List<T> runs, Function<T, ObjectNode> json) {
        ArrayNode perSeed = o.putArray("per_seed");
        for (int i = 0; i < runs.size(); i++) {
            ObjectNode one = JSON.createObjectNode().put("seed", seeds.get(i));
            one.setAll(json.apply(runs.get(i)));
            perSeed.add(one);
        }
    }

    /** The reports as {@code --json} prints them: always a list, one element per domain. */
    static <T> String text(List<T> reports, Function<T, ObjectNode> json) {
        try {
            ArrayNode a = JSON.createArrayNode();
            reports.forEach(r -> a.add(json.apply(r)));
            return JSON.writeValueAsString(a);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code field}, {@code field_stderr}, {@code field_ci95: [low, high]}. */
    static void figure(ObjectNode o, String field, Estimate e) {
        o.put(field, e.mean());
        o.put(field + "_stderr", e.stderr());
        o.putArray(field + "_ci95").add(e.low()).add(e.high());
    }

    /** One figure per player: {@code field} (the means), {@code field_stderr}, {@code field_ci95} (pairs). */
    static void figures(ObjectNode o, String field, Estimate[] es) {
        ArrayNode mean = o.putArray(field);
        ArrayNode stderr = o.putArray(field + "_stderr");
        ArrayNode ci = o.putArray(field + "_ci95");
        for (Estimate e : es) {
            mean.add(e.mean());
            stderr.add(e.stderr());
            ci.addArray().add(e.low()).add(e.high());
        }
    }

    /** The payoff table's three profiles, each per player, under {@code payoffs}. */
    static void payoffs(ObjectNode payoffs, Estimate[] eqVsBase, Estimate[] baseVsBase, Estimate[] eqVsEq) {
        figures(payoffs, "eq_vs_base", eqVsBase);
        figures(payoffs, "base_vs_base", baseVsBase);
        figures(payoffs, "eq_vs_eq", eqVsEq);
    }

    static void array(ArrayNode a, double[] values) {
        for (double v : values) {
            a.add(v);
        }
    }

    /** mean ± half-width; a point (one seed of an exact run) prints alone. */
    static String pm(Estimate e) {
        return e.stderr() == 0 && e.low() == e.high() ? f(e.mean()) : f(e.mean()) + " ± " + f(e.halfWidth());
    }

    static String list(Estimate[] values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(pm(values[i]));
        }
        return sb.append(']').toString();
    }

    /** Four decimals; a small non-zero figure (DCFR's NashConv) in scientific form, so it does not print as 0. */
    static String f(double v) {
        if (v != 0 && Math.abs(v) < 5e-4) {
            return String.format(Locale.ROOT, "%.2e", v);
        }
        return String.format(Locale.ROOT, "%.4f", v);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * v);
    }

    /** A row of a column table: the label, then one cell per report. */
    static <R> String[] row(String label, List<R> reports, Function<R, String> cell) {
        String[] r = new String[reports.size() + 1];
        r[0] = label;
        for (int i = 0; i < reports.size(); i++) {
            r[i + 1] = cell.apply(reports.get(i));
        }
        return r;
    }

    /** The rows, each column padded to its widest cell, trailing spaces dropped. */
    static String render(List<String[]> rows) {
        int[] width = new int[rows.get(0).length];
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
            sb.append('\n');
        }
        return sb.toString().replaceAll(" +\n", "\n");
    }
}
