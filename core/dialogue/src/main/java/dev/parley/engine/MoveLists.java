package dev.parley.engine;

import dev.parley.dgdl.Effect;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Each participant's {@code next} and {@code future} move lists. Changes are journaled. */
final class MoveLists {

    private final Journal journal;
    private final LinkedHashMap<String, List<MoveTemplate>> next = new LinkedHashMap<>();
    private final LinkedHashMap<String, List<MoveTemplate>> future = new LinkedHashMap<>();

    MoveLists(Journal journal) {
        this.journal = journal;
    }

    MoveLists copy(Journal to) {
        MoveLists c = new MoveLists(to);
        next.forEach((k, v) -> c.next.put(k, new ArrayList<>(v)));
        future.forEach((k, v) -> c.future.put(k, new ArrayList<>(v)));
        return c;
    }

    /** Gives a participant its lists. */
    void seat(String participant, List<MoveTemplate> nextMoves, List<MoveTemplate> futureMoves) {
        next.put(participant, new ArrayList<>(nextMoves));
        future.put(participant, new ArrayList<>(futureMoves));
    }

    List<MoveTemplate> next(String participant) {
        return List.copyOf(next.get(participant));
    }

    List<MoveTemplate> future(String participant) {
        return List.copyOf(future.get(participant));
    }

    /** With backtracking on, {@code future} serves when {@code next} is empty (a read-only view). */
    List<MoveTemplate> available(String participant, boolean backtracking) {
        List<MoveTemplate> n = next.get(participant);
        if (n.isEmpty() && backtracking) {
            return Collections.unmodifiableList(future.get(participant));
        }
        return Collections.unmodifiableList(n);
    }

    Map<String, List<MoveTemplate>> exportNext() {
        return copyOf(next);
    }

    Map<String, List<MoveTemplate>> exportFuture() {
        return copyOf(future);
    }

    private static Map<String, List<MoveTemplate>> copyOf(Map<String, List<MoveTemplate>> m) {
        Map<String, List<MoveTemplate>> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, List.copyOf(v)));
        return out;
    }

    /** Every interaction first clears all {@code next} lists. */
    void clearNext() {
        for (List<MoveTemplate> l : next.values()) {
            if (!l.isEmpty()) {
                List<MoveTemplate> saved = new ArrayList<>(l);
                l.clear();
                journal.push(() -> l.addAll(saved));
            }
        }
    }

    /** Adds a template to a participant's list unless it is there already. */
    void add(Effect.MoveList list, String participant, MoveTemplate t) {
        List<MoveTemplate> l = lists(list).get(participant);
        if (!l.contains(t)) {
            l.add(t);
            journal.push(() -> l.remove(l.size() - 1));
        }
    }

    /** Deletes every template of a move from a participant's list. */
    void delete(Effect.MoveList list, String participant, String moveId) {
        List<MoveTemplate> l = lists(list).get(participant);
        List<MoveTemplate> before = new ArrayList<>(l);
        if (l.removeIf(t -> t.moveId().equals(moveId))) {
            journal.push(() -> {
                l.clear();
                l.addAll(before);
            });
        }
    }

    private Map<String, List<MoveTemplate>> lists(Effect.MoveList list) {
        return list == Effect.MoveList.NEXT ? next : future;
    }
}
