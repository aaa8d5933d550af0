package dev.parley.game;

import java.util.Objects;

/**
 * What kind of game this is, in the vocabulary solvers check before they run.
 *
 * @param dynamics    whether players move in turn or simultaneously
 * @param chance      whether chance nodes exist and how they are given
 * @param information perfect or imperfect information
 * @param utility     the payoff structure (zero-sum solvers refuse general-sum games)
 */
public record GameType(Dynamics dynamics, ChanceMode chance, Information information, Utility utility) {

    public GameType {
        Objects.requireNonNull(dynamics, "dynamics");
        Objects.requireNonNull(chance, "chance");
        Objects.requireNonNull(information, "information");
        Objects.requireNonNull(utility, "utility");
    }

    /** The common case: sequential, explicit chance, imperfect information. */
    public static GameType sequentialImperfect(Utility utility) {
        return new GameType(Dynamics.SEQUENTIAL, ChanceMode.EXPLICIT, Information.IMPERFECT, utility);
    }

    public enum Dynamics { SEQUENTIAL, SIMULTANEOUS }

    /** {@code EXPLICIT}: chance nodes list their outcomes with probabilities. */
    public enum ChanceMode { DETERMINISTIC, EXPLICIT }

    public enum Information { PERFECT, IMPERFECT }

    public enum Utility { ZERO_SUM, CONSTANT_SUM, GENERAL_SUM, IDENTICAL }
}
