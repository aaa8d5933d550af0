package dev.parley.domain.campsite;

import dev.parley.dialogue.PrivateInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The three campsite items, their priorities and points (CaSiNo: every high-priority package is worth 5, medium 4,
 * low 3) and the deal value: for each item, how many of its {@value #PACKAGES} packages each camper gets.
 */
public final class Items {

    /** The item names in a fixed order, as content keys. */
    public static final List<String> NAMES = List.of("food", "water", "firewood");
    public static final int COUNT = 3;
    /** Packages of each item. */
    public static final int PACKAGES = 3;
    /** Points of one package at each priority. */
    public static final int HIGH = 5;
    public static final int MEDIUM = 4;
    public static final int LOW = 3;
    /** What each camper scores when one walks away. */
    public static final int WALK_AWAY = 5;
    /** The most a camper can score: all nine packages. */
    public static final int MAX_POINTS = PACKAGES * (HIGH + MEDIUM + LOW);

    /** The priority levels, highest first, as content values and as CaSiNo writes them (capitalised). */
    public static final List<String> PRIORITIES = List.of("high", "medium", "low");

    private Items() {
    }

    /** The index of an item name (any case), or -1. */
    public static int index(String name) {
        return NAMES.indexOf(name.toLowerCase(Locale.ROOT));
    }

    /** Points of one package at a priority ({@code high}, {@code medium}, {@code low}, any case). */
    public static int pointsOf(String priority) {
        return switch (priority.toLowerCase(Locale.ROOT)) {
            case "high" -> HIGH;
            case "medium" -> MEDIUM;
            case "low" -> LOW;
            default -> throw new IllegalArgumentException("unknown priority '" + priority + "' (high, medium, low)");
        };
    }

    /** The key of an item's points per package in {@link PrivateInfo#numbers()}. */
    public static String pointsKey(int item) {
        return "points." + NAMES.get(item);
    }

    /** A camper's points per package of each item. */
    public static int[] points(PrivateInfo info) {
        int[] p = new int[COUNT];
        for (int i = 0; i < COUNT; i++) {
            p[i] = (int) info.number(pointsKey(i), 0);
        }
        return p;
    }

    /** The priority name of an item for a camper. */
    public static String priority(PrivateInfo info, int item) {
        return switch ((int) info.number(pointsKey(item), 0)) {
            case HIGH -> "high";
            case MEDIUM -> "medium";
            default -> "low";
        };
    }

    /** The item a camper holds at a priority. */
    public static int itemAt(PrivateInfo info, String priority) {
        int want = pointsOf(priority);
        int[] p = points(info);
        for (int i = 0; i < COUNT; i++) {
            if (p[i] == want) {
                return i;
            }
        }
        throw new IllegalStateException(info.role() + " has no " + priority + " item");
    }

    /** Points of a share (packages per item) at these per-package points. */
    public static int worth(int[] share, int[] points) {
        int s = 0;
        for (int i = 0; i < COUNT; i++) {
            s += share[i] * points[i];
        }
        return s;
    }

    /** A deal content value, from the submitter's side: {mine: {item: n}, yours: {item: n}}, every item named. */
    public static Map<String, Object> deal(int[] mine, int[] yours) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put(Campsite.MINE, share(mine));
        d.put(Campsite.YOURS, share(yours));
        return d;
    }

    /** The deal that gives the submitter {@code mine} and the other camper the rest. */
    public static Map<String, Object> dealFor(int[] mine) {
        int[] yours = new int[COUNT];
        for (int i = 0; i < COUNT; i++) {
            yours[i] = PACKAGES - mine[i];
        }
        return deal(mine, yours);
    }

    private static Map<String, Object> share(int[] counts) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < COUNT; i++) {
            m.put(NAMES.get(i), counts[i]);
        }
        return m;
    }

    /** The submitter's side of a deal content value (missing items count 0). */
    public static int[] mine(Object deal) {
        return side(deal, Campsite.MINE);
    }

    /** The other camper's side of a deal content value. */
    public static int[] yours(Object deal) {
        return side(deal, Campsite.YOURS);
    }

    private static int[] side(Object deal, String key) {
        int[] out = new int[COUNT];
        if (deal instanceof Map<?, ?> d && d.get(key) instanceof Map<?, ?> s) {
            for (int i = 0; i < COUNT; i++) {
                Object v = s.get(NAMES.get(i));
                out[i] = v instanceof Number n ? n.intValue() : 0;
            }
        }
        return out;
    }

    /** Why a deal is not a split of the packages (each item's two counts 0..3, summing to 3), or null. */
    public static String illegal(int[] mine, int[] yours) {
        for (int i = 0; i < COUNT; i++) {
            if (mine[i] < 0 || yours[i] < 0 || mine[i] + yours[i] != PACKAGES) {
                return "the " + NAMES.get(i) + " counts " + mine[i] + " + " + yours[i] + " do not split the "
                        + PACKAGES + " packages";
            }
        }
        return null;
    }
}
