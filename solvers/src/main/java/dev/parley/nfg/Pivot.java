package dev.parley.nfg;

/**
 * The Gauss–Jordan pivot of a dense tableau, shared by the simplex of {@link Lp} and the complementary pivoting of
 * {@link LemkeHowson}: the two differ in how they choose the pivot, not in the pivot itself.
 */
final class Pivot {

    private Pivot() {
    }

    /**
     * Divides row {@code row} of {@code t} by its entry in {@code column} and subtracts multiples of it from every
     * other row, so that {@code column} becomes the unit vector of {@code row}. Entries {@code 0..last} of each row
     * take part (the right-hand side included); the column's 1 and 0s are written exactly, not left to round-off,
     * and rows already 0 in the column are skipped.
     */
    static void eliminate(double[][] t, int row, int column, int last) {
        double[] pr = t[row];
        double inv = 1 / pr[column];
        for (int j = 0; j <= last; j++) {
            pr[j] *= inv;
        }
        pr[column] = 1;
        for (int i = 0; i < t.length; i++) {
            if (i != row) {
                double f = t[i][column];
                if (f != 0) {
                    double[] r = t[i];
                    for (int j = 0; j <= last; j++) {
                        r[j] -= f * pr[j];
                    }
                    r[column] = 0;
                }
            }
        }
    }
}
