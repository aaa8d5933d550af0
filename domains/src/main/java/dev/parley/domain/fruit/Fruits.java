package dev.parley.domain.fruit;

import dev.parley.dialogue.PrivateInfo;
import java.util.List;

/**
 * The four fruits of the game and the text form of a basket: {@code "banana:1"}, {@code "blueberry:1,kiwi:2"}
 * (fruit order, positive counts only; empty for nothing). Baskets are {@code int[4]} in the order of {@link #NAMES}.
 */
public final class Fruits {

    /** The fruits, in a fixed order; public knowledge in every scenario. */
    public static final List<String> NAMES = List.of("apple", "banana", "blueberry", "kiwi");

    static final int COUNT = 4;
    private static final String[] PLURAL = {"apples", "bananas", "blueberries", "kiwis"};
    private static final String[] HAVE_KEYS = {"have.apple", "have.banana", "have.blueberry", "have.kiwi"};
    private static final String[] VALUE_KEYS = {"value.apple", "value.banana", "value.blueberry", "value.kiwi"};

    private Fruits() {
    }

    /** The {@code numbers} key of a fruit count, e.g. {@code have.apple}. */
    public static String haveKey(int fruit) {
        return HAVE_KEYS[fruit];
    }

    /** The {@code numbers} key of a fruit's unit value, e.g. {@code value.apple}. */
    public static String valueKey(int fruit) {
        return VALUE_KEYS[fruit];
    }

    /** A player's endowment. */
    public static int[] have(PrivateInfo info) {
        int[] h = new int[COUNT];
        for (int f = 0; f < COUNT; f++) {
            h[f] = (int) info.number(HAVE_KEYS[f], 0);
        }
        return h;
    }

    /** A player's unit values. */
    public static double[] values(PrivateInfo info) {
        double[] v = new double[COUNT];
        for (int f = 0; f < COUNT; f++) {
            v[f] = info.number(VALUE_KEYS[f], 0);
        }
        return v;
    }

    /** The value of a basket to a player with unit values {@code values}. */
    public static double worth(int[] basket, double[] values) {
        double w = 0;
        for (int f = 0; f < COUNT; f++) {
            w += basket[f] * values[f];
        }
        return w;
    }

    /** Whether {@code have} holds at least {@code basket}. */
    public static boolean covers(int[] have, int[] basket) {
        for (int f = 0; f < COUNT; f++) {
            if (basket[f] > have[f]) {
                return false;
            }
        }
        return true;
    }

    /** The text form, e.g. {@code blueberry:1,kiwi:2}. */
    public static String format(int[] basket) {
        StringBuilder sb = new StringBuilder(24);
        for (int f = 0; f < COUNT; f++) {
            if (basket[f] > 0) {
                if (sb.length() > 0) {
                    sb.append(',');
                }
                sb.append(NAMES.get(f)).append(':').append(basket[f]);
            }
        }
        return sb.toString();
    }

    /** Words for a basket, e.g. {@code 1 blueberry and 2 kiwis}; {@code nothing} when empty. */
    public static String words(int[] basket) {
        StringBuilder sb = new StringBuilder(32);
        int parts = 0;
        for (int f = 0; f < COUNT; f++) {
            if (basket[f] > 0) {
                parts++;
            }
        }
        int seen = 0;
        for (int f = 0; f < COUNT; f++) {
            if (basket[f] > 0) {
                if (seen > 0) {
                    sb.append(seen == parts - 1 ? " and " : ", ");
                }
                sb.append(basket[f]).append(' ').append(basket[f] == 1 ? NAMES.get(f) : PLURAL[f]);
                seen++;
            }
        }
        return parts == 0 ? "nothing" : sb.toString();
    }

    /**
     * Parses the text form. Accepts an empty text (nothing) and repeated fruits (added up).
     *
     * @throws IllegalArgumentException with what was wrong, for an unknown fruit or a bad count
     */
    public static int[] parse(String text) {
        int[] basket = new int[COUNT];
        if (text == null || text.isBlank()) {
            return basket;
        }
        int start = 0;
        int n = text.length();
        while (start <= n) {
            int comma = text.indexOf(',', start);
            int end = comma < 0 ? n : comma;
            int colon = text.indexOf(':', start);
            if (colon < 0 || colon > end) {
                throw new IllegalArgumentException("basket '" + text + "': expected fruit:count at position "
                        + start);
            }
            String fruit = text.substring(start, colon).trim();
            int f = NAMES.indexOf(fruit);
            if (f < 0) {
                throw new IllegalArgumentException("basket '" + text + "': unknown fruit '" + fruit + "' (fruits: "
                        + NAMES + ")");
            }
            int count;
            try {
                count = Integer.parseInt(text.substring(colon + 1, end).trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("basket '" + text + "': the count of " + fruit
                        + " is not a whole number");
            }
            if (count < 0) {
                throw new IllegalArgumentException("basket '" + text + "': the count of " + fruit + " is negative");
            }
            basket[f] += count;
            if (comma < 0) {
                break;
            }
            start = comma + 1;
        }
        return basket;
    }

    /** A basket as typed content: fruit name to a positive count, in fruit order ({@code {"banana": 1}}). */
    public static java.util.Map<String, Object> content(int[] basket) {
        java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
        for (int f = 0; f < COUNT; f++) {
            if (basket[f] > 0) {
                out.put(NAMES.get(f), basket[f]);
            }
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    /** An offer as typed content: {@code {"give": basket, "get": basket}} from the offering trader's side. */
    public static java.util.Map<String, Object> offer(int[] give, int[] get) {
        java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put(FruitTrading.GIVE, content(give));
        out.put(FruitTrading.GET, content(get));
        return java.util.Collections.unmodifiableMap(out);
    }

    /**
     * The basket of typed content ({@code {"banana": 1}}); null or a non-map is the empty basket.
     *
     * @throws IllegalArgumentException for an unknown fruit or a count that is not a non-negative whole number
     */
    public static int[] basket(Object content) {
        int[] basket = new int[COUNT];
        if (!(content instanceof java.util.Map<?, ?> m)) {
            return basket;
        }
        for (java.util.Map.Entry<?, ?> e : m.entrySet()) {
            int f = NAMES.indexOf(String.valueOf(e.getKey()));
            if (f < 0) {
                throw new IllegalArgumentException("unknown fruit '" + e.getKey() + "' (fruits: " + NAMES + ")");
            }
            if (!(e.getValue() instanceof Integer n) || n < 0) {
                throw new IllegalArgumentException("the count of " + e.getKey() + " must be a whole number >= 0, not "
                        + e.getValue());
            }
            basket[f] += n;
        }
        return basket;
    }

    /** The give side of an offer's typed content. */
    public static int[] gives(Object offer) {
        return offer instanceof java.util.Map<?, ?> m ? basket(m.get(FruitTrading.GIVE)) : new int[COUNT];
    }

    /** The get side of an offer's typed content. */
    public static int[] gets(Object offer) {
        return offer instanceof java.util.Map<?, ?> m ? basket(m.get(FruitTrading.GET)) : new int[COUNT];
    }

    /** The number of pieces in a basket. */
    public static int pieces(int[] basket) {
        int n = 0;
        for (int c : basket) {
            n += c;
        }
        return n;
    }
}
