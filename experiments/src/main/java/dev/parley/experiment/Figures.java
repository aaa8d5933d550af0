package dev.parley.experiment;

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

    private Figures() {
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
