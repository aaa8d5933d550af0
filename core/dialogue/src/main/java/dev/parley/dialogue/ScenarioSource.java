package dev.parley.dialogue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;

/** Where a domain's scenarios come from: {@code count} scenarios for a seed, the same ones for the same seed. */
@FunctionalInterface
public interface ScenarioSource {

    /** {@code count} scenarios; the first is the domain's default scenario, the rest are seeded draws. */
    List<Scenario> scenarios(int count, long seed);

    /**
     * The usual source: the default scenario, then draws {@code draw-1}, {@code draw-2}, ... from one
     * {@link SplittableRandom} seeded with {@code seed}.
     */
    static ScenarioSource seeded(Scenario defaultScenario, BiFunction<String, SplittableRandom, Scenario> draw) {
        return (count, seed) -> {
            if (count < 1) {
                throw new IllegalArgumentException("the number of scenarios must be at least 1, got " + count);
            }
            List<Scenario> out = new ArrayList<>(count);
            out.add(defaultScenario);
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = 1; i < count; i++) {
                out.add(draw.apply("draw-" + i, random));
            }
            return List.copyOf(out);
        };
    }
}
