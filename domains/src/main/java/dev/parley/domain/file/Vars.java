package dev.parley.domain.file;

import dev.cel.runtime.CelVariableResolver;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The values of the variables an expression reads, by place. What a speaker's expressions see is built from its
 * own information and the public transcript only; the payoff's variables see every player.
 */
final class Vars {

    /** The history variables: an expression reading one of these depends on the node, not only on the player. */
    static final java.util.Set<String> DYNAMIC = java.util.Set.of("answered.", "answering", "answered_move", "turn",
            "my_turns", "instruction", "tone.", "history");

    private Vars() {
    }

    /** A resolver over layers, the first layer that has the name wins. */
    static CelVariableResolver of(Map<String, ?> first, Map<String, ?> second) {
        return name -> {
            Object v = first.get(name);
            return Optional.ofNullable(v != null ? v : second.get(name));
        };
    }

    static CelVariableResolver of(Map<String, ?> only) {
        return name -> Optional.ofNullable(only.get(name));
    }

    /** The speaker's own variables: {@code my.*}, {@code public.*}, the constants and {@code me}. */
    static Map<String, Object> own(FileGame g, PrivateInfo me, int speaker) {
        Map<String, Object> v = new HashMap<>(g.constants());
        g.privateVars().forEach((n, d) -> v.put("my." + n, d.read(me, "")));
        g.publicVars().forEach((n, d) -> v.put("public." + n, d.read(me, "public.")));
        v.put("me", (long) speaker);
        return v;
    }

    /**
     * The public transcript as CEL reads it: a list of {@code {speaker: int, move: string, content: map}}, the
     * content's whole numbers as CEL's int.
     */
    static List<Object> history(List<Message> transcript) {
        List<Object> out = new ArrayList<>(transcript.size());
        for (Message m : transcript) {
            Map<String, Object> e = new HashMap<>();
            e.put("speaker", (long) m.speaker());
            e.put("move", m.moveId());
            e.put("content", cel(m.content()));
            out.add(e);
        }
        return out;
    }

    private static Object cel(Object v) {
        if (v instanceof Integer i) {
            return (long) i;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.forEach((k, x) -> out.put(String.valueOf(k), cel(x)));
            return out;
        }
        if (v instanceof List<?> l) {
            return l.stream().map(Vars::cel).toList();
        }
        return v;
    }

    /** The CEL values of a move's content, as {@code content.NAME}. */
    static Map<String, Object> content(FileGame.MoveSpec move, Map<String, Object> content) {
        Map<String, Object> v = new HashMap<>();
        move.content().forEach((n, spec) -> {
            if (!content.containsKey(n)) {
                throw new IllegalArgumentException("the content has no " + n);
            }
            v.put("content." + n, spec.type().cel(content.get(n)));
        });
        return v;
    }

    /** Every player's variables by role ({@code Alice.have}), and the list {@code players}. */
    static Map<String, Object> everyone(FileGame g, Scenario scenario) {
        Map<String, Object> v = new HashMap<>(g.constants());
        List<Object> players = new ArrayList<>();
        for (int p = 0; p < g.roles().size(); p++) {
            PrivateInfo info = scenario.player(p);
            Map<String, Object> mine = new LinkedHashMap<>();
            String role = g.roles().get(p);
            g.privateVars().forEach((n, d) -> {
                Object x = d.read(info, "");
                v.put(role + "." + n, x);
                mine.put(n, x);
            });
            players.add(mine);
        }
        v.put("players", players);
        g.publicVars().forEach((n, d) -> v.put("public." + n, d.read(scenario.player(0), "public.")));
        return v;
    }
}
