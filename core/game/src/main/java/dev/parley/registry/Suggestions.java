package dev.parley.registry;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** "Did you mean ...?" for a mistyped name: the known names within a small edit distance, nearest first. */
public final class Suggestions {

    private Suggestions() {
    }

    /** Known names at most a third of the typed name's length (at least 2) edits away, nearest first. */
    public static List<String> near(String typed, List<String> known) {
        String t = typed.toLowerCase(Locale.ROOT);
        int limit = Math.max(2, t.length() / 3);
        return known.stream().filter(k -> distance(t, k.toLowerCase(Locale.ROOT)) <= limit)
                .sorted(Comparator.comparingInt(k -> distance(t, k.toLowerCase(Locale.ROOT)))).toList();
    }

    /** {@code "; did you mean x?"}, or "" when nothing is near. */
    public static String didYouMean(String typed, List<String> known) {
        List<String> near = near(typed, known);
        return near.isEmpty() ? "" : "; did you mean " + String.join(" or ", near.subList(0, Math.min(2,
                near.size()))) + "?";
    }

    /** Levenshtein distance (insertions, deletions, substitutions), in two rows. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] swap = prev;
            prev = cur;
            cur = swap;
        }
        return prev[b.length()];
    }
}
