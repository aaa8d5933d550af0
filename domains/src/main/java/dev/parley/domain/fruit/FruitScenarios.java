package dev.parley.domain.fruit;

import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Fruit-trading scenarios. The first is OpenSpiel's default (Alice: 1 apple, 2 bananas, values apple 10, banana 5,
 * blueberry 1, kiwi 3; Bob: 5 blueberries, 3 kiwis, values 8, 7, 2, 2). The others are seeded draws, valid by
 * construction: the four fruits are split two and two between the traders (so each has something to give and
 * something to want), each owned fruit has 1 to 5 pieces, and every unit value is a whole number from 1 to 10.
 */
public final class FruitScenarios {

    /** The topic every fruit scenario shares (public). */
    public static final String TOPIC = "Two traders negotiate a swap of fruit. Fruits: apple, banana, blueberry, kiwi.";

    static final int MAX_PIECES = 5;
    static final int MAX_VALUE = 10;

    private FruitScenarios() {
    }

    /** OpenSpiel's default scenario. */
    public static Scenario defaultScenario() {
        return scenario("default", new int[]{1, 2, 0, 0}, new double[]{10, 5, 1, 3},
                new int[]{0, 0, 5, 3}, new double[]{8, 7, 2, 2});
    }

    static Scenario draw(String id, SplittableRandom random) {
        int[] order = {0, 1, 2, 3};
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int[] haveA = new int[Fruits.COUNT];
        int[] haveB = new int[Fruits.COUNT];
        haveA[order[0]] = 1 + random.nextInt(MAX_PIECES);
        haveA[order[1]] = 1 + random.nextInt(MAX_PIECES);
        haveB[order[2]] = 1 + random.nextInt(MAX_PIECES);
        haveB[order[3]] = 1 + random.nextInt(MAX_PIECES);
        double[] valueA = new double[Fruits.COUNT];
        double[] valueB = new double[Fruits.COUNT];
        for (int f = 0; f < Fruits.COUNT; f++) {
            valueA[f] = 1 + random.nextInt(MAX_VALUE);
            valueB[f] = 1 + random.nextInt(MAX_VALUE);
        }
        return scenario(id, haveA, valueA, haveB, valueB);
    }

    /** A scenario from endowments and unit values (fruit order of {@link Fruits#NAMES}). */
    public static Scenario scenario(String id, int[] haveA, double[] valueA, int[] haveB, double[] valueB) {
        return new Scenario(id, TOPIC, List.of(info("Alice", haveA, valueA), info("Bob", haveB, valueB)));
    }

    private static PrivateInfo info(String role, int[] have, double[] value) {
        Map<String, Double> numbers = new HashMap<>();
        for (int f = 0; f < Fruits.COUNT; f++) {
            if (have[f] < 0 || value[f] < 0) {
                throw new IllegalArgumentException(role + ": fruit counts and values must not be negative");
            }
            numbers.put(Fruits.haveKey(f), (double) have[f]);
            numbers.put(Fruits.valueKey(f), value[f]);
        }
        StringBuilder values = new StringBuilder("You value each ");
        for (int f = 0; f < Fruits.COUNT; f++) {
            if (f > 0) {
                values.append(f == Fruits.COUNT - 1 ? " and each " : ", each ");
            }
            values.append(Fruits.NAMES.get(f)).append(" at ").append(number(value[f]));
        }
        values.append('.');
        List<String> knowledge = List.of(
                "You are " + role + ". You have " + Fruits.words(have) + ".",
                values.toString(),
                "You want to end with a basket worth more to you; a trade happens only if both of you agree.");
        return new PrivateInfo(role, "", knowledge, numbers);
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
