package dev.parley.dialogue;

/** The interval every payoff of a domain lies in. */
public record PayoffRange(double min, double max) {
    public PayoffRange {
        if (!(min < max)) {
            throw new IllegalArgumentException("a payoff range needs min < max, got [" + min + ", " + max + "]");
        }
    }

    public double width() {
        return max - min;
    }

    public double clip(double v) {
        return Math.max(min, Math.min(max, v));
    }
}
