package dev.parley.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * Two blocks of code timed against each other by the thread's CPU time, interleaved round by round (the first block
 * first in even rounds, the second first in odd ones), as {@link CpuCompare} compares builds and {@link FormCompare}
 * the solver's forms: each block's µs of CPU per call in every round, and the ratio second / first of every round.
 */
record CpuPair(double[][] us, double[] ratio) {

    /** One timed block: the calls measured, all of them. */
    interface Block {
        void run() throws Throwable;
    }

    /** Times {@code rounds} rounds of both blocks, each block making {@code calls} calls. */
    static CpuPair time(int rounds, int calls, Block first, Block second) throws Throwable {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Block[] pair = {first, second};
        double[][] us = new double[2][rounds];
        double[] ratio = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            int[] order = r % 2 == 0 ? new int[] {0, 1} : new int[] {1, 0};
            for (int b : order) {
                long t0 = threads.getCurrentThreadCpuTime();
                pair[b].run();
                us[b][r] = (threads.getCurrentThreadCpuTime() - t0) / 1e3 / calls;
            }
            ratio[r] = us[1][r] / us[0][r];
        }
        return new CpuPair(us, ratio);
    }

    /** The block's µs per call over the rounds, as {@code min-max}. */
    String range(int block) {
        return String.format(Locale.ROOT, "%.1f-%.1f", min(us[block]), max(us[block]));
    }

    /** The ratios over the rounds, as {@code median (min-max)}. */
    String ratios() {
        return String.format(Locale.ROOT, "%.3f (%.3f-%.3f)", median(ratio), min(ratio), max(ratio));
    }

    private static double min(double[] xs) {
        return Arrays.stream(xs).min().orElseThrow();
    }

    private static double max(double[] xs) {
        return Arrays.stream(xs).max().orElseThrow();
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
