package dev.parley.psro;

import dev.parley.game.Policy;
import java.util.Objects;

/**
 * One member of a player's PSRO population: a named policy. Only its owner's infosets are ever queried, so a policy
 * may leave other players' infosets out.
 */
public record Strategy(String name, Policy policy) {
    public Strategy {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(policy, "policy");
    }
}
