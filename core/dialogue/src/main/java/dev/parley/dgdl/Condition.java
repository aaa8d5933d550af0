package dev.parley.dgdl;

/** A requirement, possibly negated with {@code !}. */
public record Condition(boolean negated, Requirement requirement) {
}
