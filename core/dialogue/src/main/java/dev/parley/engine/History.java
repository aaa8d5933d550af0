package dev.parley.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The moves made so far, indexed so that {@code event(last|past, Move, {content}, User)} is answered from the
 * positions of that move (by speaker, by content value) instead of rescanning the dialogue. Moves are only ever
 * appended or (on roll-back) removed from the end, so each index is a list of ascending positions.
 */
final class History {

    private final List<PerformedMove> moves = new ArrayList<>();
    private final Map<String, List<Integer>> byMove = new HashMap<>();
    private final Map<String, List<Integer>> byMoveSpeaker = new HashMap<>();
    private final Map<String, List<Integer>> byMoveValue = new HashMap<>();

    /** An independent copy (the moves themselves are immutable and shared). */
    History copy() {
        History c = new History();
        for (PerformedMove m : moves) {
            c.append(m);
        }
        return c;
    }

    int size() {
        return moves.size();
    }

    PerformedMove get(int index) {
        return moves.get(index);
    }

    List<PerformedMove> all() {
        return Collections.unmodifiableList(moves);
    }

    void append(PerformedMove m) {
        int i = moves.size();
        moves.add(m);
        byMove.computeIfAbsent(m.moveId(), k -> new ArrayList<>()).add(i);
        byMoveSpeaker.computeIfAbsent(key(m.moveId(), m.speaker()), k -> new ArrayList<>()).add(i);
        for (String v : m.reply().values()) {
            List<Integer> l = byMoveValue.computeIfAbsent(key(m.moveId(), v), k -> new ArrayList<>());
            if (l.isEmpty() || l.get(l.size() - 1) != i) {
                l.add(i);
            }
        }
    }

    /** Undoes the last {@link #append}. */
    void removeLast() {
        int i = moves.size() - 1;
        PerformedMove m = moves.remove(i);
        pop(byMove, m.moveId(), i);
        pop(byMoveSpeaker, key(m.moveId(), m.speaker()), i);
        for (String v : m.reply().values()) {
            pop(byMoveValue, key(m.moveId(), v), i);
        }
    }

    private static void pop(Map<String, List<Integer>> index, String key, int i) {
        List<Integer> l = index.get(key);
        if (l != null && !l.isEmpty() && l.get(l.size() - 1) == i) {
            l.remove(l.size() - 1);
            if (l.isEmpty()) {
                index.remove(key);
            }
        }
    }

    /**
     * Whether some move at a position {@code <= upTo} matches: id {@code moveId}, a speaker among {@code speakers}
     * (null: anyone), and every value of {@code values} among its reply's values.
     */
    boolean anyMatch(String moveId, List<String> speakers, List<String> values, int upTo) {
        // walk the shortest index that must contain every match; positions ascend, so stop past upTo
        if (!values.isEmpty()) {
            List<Integer> shortest = null;
            for (String v : values) {
                List<Integer> l = byMoveValue.getOrDefault(key(moveId, v), List.of());
                if (shortest == null || l.size() < shortest.size()) {
                    shortest = l;
                }
            }
            return scan(shortest, moveId, speakers, values, upTo);
        }
        if (speakers != null) {
            for (String s : speakers) {
                if (scan(byMoveSpeaker.getOrDefault(key(moveId, s), List.of()), moveId, speakers, values, upTo)) {
                    return true;
                }
            }
            return false;
        }
        return scan(byMove.getOrDefault(moveId, List.of()), moveId, null, values, upTo);
    }

    private boolean scan(List<Integer> positions, String moveId, List<String> speakers, List<String> values,
                         int upTo) {
        for (int i : positions) {
            if (i > upTo) {
                return false;
            }
            if (matches(moves.get(i), moveId, speakers, values)) {
                return true;
            }
        }
        return false;
    }

    static boolean matches(PerformedMove m, String moveId, List<String> speakers, List<String> values) {
        if (!m.moveId().equals(moveId)) {
            return false;
        }
        if (speakers != null && !speakers.contains(m.speaker())) {
            return false;
        }
        return m.reply().values().containsAll(values);
    }

    private static String key(String a, String b) {
        return a + '\u0001' + b;
    }
}
