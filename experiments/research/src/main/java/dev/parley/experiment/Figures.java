package dev.parley.experiment;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The one shape of a reported figure in a table, shared by the exact ({@link ReportWriter}) and the estimated
 * ({@link SampledReportWriter}) reports: {@code mean ± half-width}, and the column tables of both. In JSON the same
 * figure is {@code <field>}, {@code <field>_stderr} and {@code <field>_ci95} ({@link ReportJson}).
 */
final class Figures {

    private Figures() {
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

    /**
     * The approximate-stability reading in words: judged on the 95% intervals, and with several seeds also how many
     * seeds meet it alone ("no on the 95% intervals; yes in 2 of 3 seeds"), which a bare share of seeds left cryptic.
     */
    static String stability(SeededReport s) {
        String verdict = s.approximatelyStable() ? "yes" : "no";
        int n = s.perSeed().size();
        if (n == 1) {
            return verdict;
        }
        return verdict + " on the 95% intervals; yes in " + s.stableSeeds() + " of " + n + " seeds";
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
