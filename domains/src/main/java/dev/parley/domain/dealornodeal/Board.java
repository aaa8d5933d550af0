package dev.parley.domain.dealornodeal;

import java.util.Arrays;

/**
 * One Deal-or-No-Deal board: the pool (how many books, hats and balls) and each player's value per item, each
 * player's values summing to 10 over the pool (Lewis et al. 2017).
 *
 * @param index the board's line in the file, from 0: OpenSpiel's chance outcome for it
 */
public record Board(int index, int[] pool, int[] values0, int[] values1) {

    public Board {
        pool = pool.clone();
        values0 = values0.clone();
        values1 = values1.clone();
    }

    @Override
    public int[] pool() {
        return pool.clone();
    }

    /** A player's value per item. */
    public int[] values(int player) {
        return (player == 0 ? values0 : values1).clone();
    }

    /** The board as a line of the file: {@code pool values0 values1}, each a comma-separated triple. */
    public String line() {
        return triple(pool) + " " + triple(values0) + " " + triple(values1);
    }

    private static String triple(int[] a) {
        return a[0] + "," + a[1] + "," + a[2];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Board b && b.index == index && Arrays.equals(b.pool, pool)
                && Arrays.equals(b.values0, values0) && Arrays.equals(b.values1, values1);
    }

    @Override
    public int hashCode() {
        return 31 * index + line().hashCode();
    }

    @Override
    public String toString() {
        return "board " + index + " (" + line() + ")";
    }
}
