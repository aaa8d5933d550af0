package dev.parley.cli;

/**
 * The one wording of a number an option refuses, naming that option alone and the value given:
 * {@code --threads must be at least 1, got 0}, {@code --port must be between 0 and 65535, got 99999}. Every command
 * checks its counts here, before any work, so that no two commands refuse the same mistake in different words.
 */
final class Bounds {

    private Bounds() {
    }

    static void atLeast(long value, long min, String option) {
        if (value < min) {
            throw new UserInputException(option + " must be at least " + min + ", got " + value);
        }
    }

    static void between(long value, long min, long max, String option) {
        if (value < min || value > max) {
            throw new UserInputException(option + " must be between " + min + " and " + max + ", got " + value);
        }
    }

    /** A real number above 0 (NaN is refused). */
    static void positive(double value, String option) {
        if (!(value > 0)) {
            throw new UserInputException(option + " must be above 0, got " + shown(value));
        }
    }

    /** A real number of 0 or more (NaN is refused). */
    static void notNegative(double value, String option) {
        if (!(value >= 0)) {
            throw new UserInputException(option + " must be at least 0, got " + shown(value));
        }
    }

    /** A real number as its user typed it: {@code 0}, {@code 0.5}, {@code -1}, {@code NaN} (not {@code 0.0}). */
    static String shown(double value) {
        return Double.isFinite(value) ? java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString()
                : String.valueOf(value);
    }
}
