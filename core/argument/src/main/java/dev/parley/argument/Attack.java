package dev.parley.argument;

import java.util.Objects;

/** {@code attacker} attacks {@code attacked}. */
public record Attack(String attacker, String attacked) {

    public Attack {
        Objects.requireNonNull(attacker, "attacker");
        Objects.requireNonNull(attacked, "attacked");
    }

    @Override
    public String toString() {
        return attacker + " → " + attacked;
    }
}
