package dev.parley.study;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Spearman's rank correlation with a 95% interval from Fisher's z transform, with the standard error
 * √(1.06 / (n − 3)) of Fieller, Hartley and Pearson (1957) for rank correlations. Ties take their mean rank.
 *
 * @param rho  the correlation, NaN when either side is constant (no ranking to compare) or n < 2
 * @param low  the interval's lower end (NaN when n < 4 or rho is NaN)
 * @param high the interval's upper end
 */
public record RankCorrelation(double rho, double low, double high) {

    public static RankCorrelation spearman(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("rank correlation of " + x.length + " and " + y.length + " values");
        }
        int n = x.length;
        if (n < 2) {
            return new RankCorrelation(Double.NaN, Double.NaN, Double.NaN);
        }
        double rho = pearson(ranks(x), ranks(y));
        if (Double.isNaN(rho) || n < 4) {
            return new RankCorrelation(rho, Double.NaN, Double.NaN);
        }
        if (Math.abs(rho) >= 1) {
            return new RankCorrelation(rho, rho, rho);
        }
        double z = 0.5 * Math.log((1 + rho) / (1 - rho));
        double se = Math.sqrt(1.06 / (n - 3));
        return new RankCorrelation(rho, Math.tanh(z - Proportion.Z * se), Math.tanh(z + Proportion.Z * se));
    }

    /** Ranks from 1, ties sharing their mean rank. */
    static double[] ranks(double[] v) {
        Integer[] order = new Integer[v.length];
        for (int i = 0; i < v.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> v[i]));
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; ) {
            int j = i;
            while (j + 1 < v.length && v[order[j + 1]] == v[order[i]]) {
                j++;
            }
            double mean = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                r[order[k]] = mean;
            }
            i = j + 1;
        }
        return r;
    }

    static double pearson(double[] a, double[] b) {
        int n = a.length;
        double ma = 0;
        double mb = 0;
        for (int i = 0; i < n; i++) {
            ma += a[i];
            mb += b[i];
        }
        ma /= n;
        mb /= n;
        double sab = 0;
        double saa = 0;
        double sbb = 0;
        for (int i = 0; i < n; i++) {
            sab += (a[i] - ma) * (b[i] - mb);
            saa += (a[i] - ma) * (a[i] - ma);
            sbb += (b[i] - mb) * (b[i] - mb);
        }
        return saa == 0 || sbb == 0 ? Double.NaN : sab / Math.sqrt(saa * sbb);
    }
}
