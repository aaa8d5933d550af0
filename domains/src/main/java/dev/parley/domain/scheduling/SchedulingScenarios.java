package dev.parley.domain.scheduling;

import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Meeting-scheduling scenarios. The first is OpenSpiel's default (Alice away Tue, Wed, Sat, preferences Mon 10,
 * Tue 5, Wed 15, Thu 3, Fri 2, Sat 1, Sun 1; Bob away Mon, Wed, Sat, preferences 5, 5, 5, 1, 1, 1, 1). The others
 * are seeded draws, valid by construction: each player is away on 0 to 3 distinct days, every preference is a whole
 * number from 1 to 15, and at least one day is free for both (Bob's days away are drawn again until it is).
 */
public final class SchedulingScenarios {

    /** The topic every scheduling scenario shares (public). */
    public static final String TOPIC = "Two colleagues must agree on one day of the week (Monday to Sunday) to meet.";

    static final int MAX_AWAY = 3;
    static final int MAX_PREF = 15;

    private SchedulingScenarios() {
    }

    public static Scenario defaultScenario() {
        return scenario("default",
                new boolean[]{false, true, true, false, false, true, false}, new double[]{10, 5, 15, 3, 2, 1, 1},
                new boolean[]{true, false, true, false, false, true, false}, new double[]{5, 5, 5, 1, 1, 1, 1});
    }

    static Scenario draw(String id, SplittableRandom random) {
        boolean[] awayA = awayDays(random);
        boolean[] awayB;
        do {
            awayB = awayDays(random);
        } while (!someCommonFreeDay(awayA, awayB));
        double[] prefA = new double[Days.COUNT];
        double[] prefB = new double[Days.COUNT];
        for (int d = 0; d < Days.COUNT; d++) {
            prefA[d] = 1 + random.nextInt(MAX_PREF);
            prefB[d] = 1 + random.nextInt(MAX_PREF);
        }
        return scenario(id, awayA, prefA, awayB, prefB);
    }

    private static boolean[] awayDays(SplittableRandom random) {
        boolean[] away = new boolean[Days.COUNT];
        int n = random.nextInt(MAX_AWAY + 1);
        for (int placed = 0; placed < n; ) {
            int d = random.nextInt(Days.COUNT);
            if (!away[d]) {
                away[d] = true;
                placed++;
            }
        }
        return away;
    }

    private static boolean someCommonFreeDay(boolean[] a, boolean[] b) {
        for (int d = 0; d < Days.COUNT; d++) {
            if (!a[d] && !b[d]) {
                return true;
            }
        }
        return false;
    }

    /** A scenario from days away and preferences (Mon..Sun). */
    public static Scenario scenario(String id, boolean[] awayA, double[] prefA, boolean[] awayB, double[] prefB) {
        return new Scenario(id, TOPIC, List.of(info("Alice", awayA, prefA), info("Bob", awayB, prefB)));
    }

    private static PrivateInfo info(String role, boolean[] away, double[] pref) {
        Map<String, Double> numbers = new HashMap<>();
        List<String> awayNames = new ArrayList<>();
        StringBuilder prefs = new StringBuilder("How much you would like to meet on each day: ");
        for (int d = 0; d < Days.COUNT; d++) {
            if (pref[d] < 0) {
                throw new IllegalArgumentException(role + ": preferences must not be negative");
            }
            numbers.put(Days.awayKey(d), away[d] ? 1.0 : 0.0);
            numbers.put(Days.prefKey(d), pref[d]);
            if (away[d]) {
                awayNames.add(Days.FULL.get(d));
            }
            prefs.append(d == 0 ? "" : ", ").append(Days.FULL.get(d)).append(' ').append(number(pref[d]));
        }
        prefs.append('.');
        String awayLine = awayNames.isEmpty() ? "You are in the office every day of the week."
                : "You are out of office on " + join(awayNames) + ".";
        List<String> knowledge = List.of("You are " + role + ". " + awayLine, prefs.toString(),
                "A meeting on a day you are out of office is worth nothing to you.");
        return new PrivateInfo(role, "", knowledge, numbers);
    }

    private static String join(List<String> items) {
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
