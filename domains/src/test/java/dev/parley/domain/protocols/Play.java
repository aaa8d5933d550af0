package dev.parley.domain.protocols;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueStatus;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import dev.parley.engine.StoreView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scripted dialogue over a bundled protocol, checking after every step the legal moves of every participant
 * and the contents of every store exactly. Specs: legal {@code "A: Claim, Why | B:"}; stores
 * {@code "CSA: x; y | CSB:"}.
 */
final class Play {

    final Dialogue dialogue;

    Play(String protocol) {
        var p = ProtocolLibrary.load(protocol);
        dialogue = Dialogue.start(p, p.players().stream().map(pl -> new Participant(pl.id(), pl.id())).toList());
    }

    Play move(String speaker, String moveId, String... reply) {
        return moveTo(speaker, moveId, null, reply);
    }

    Play moveTo(String speaker, String moveId, String target, String... reply) {
        MoveOutcome o = dialogue.perform(speaker, moveId, reply(reply), target);
        assertThat(o.accepted()).as(speaker + " " + moveId + ": " + o.reason()).isTrue();
        return this;
    }

    Play rejected(String speaker, String moveId, String reason, String... reply) {
        String before = dev.parley.engine.DialogueJson.save(dialogue);
        MoveOutcome o = dialogue.perform(speaker, moveId, reply(reply), null);
        assertThat(o.accepted()).isFalse();
        assertThat(o.reason()).isEqualTo(reason);
        assertThat(dev.parley.engine.DialogueJson.save(dialogue)).isEqualTo(before);
        return this;
    }

    Play text(String expected) {
        assertThat(dialogue.history().get(dialogue.history().size() - 1).text()).isEqualTo(expected);
        return this;
    }

    Play legal(String spec) {
        Map<String, List<String>> expected = byName(spec, ",");
        Map<String, List<String>> actual = new LinkedHashMap<>();
        for (Participant p : dialogue.participants()) {
            actual.put(p.id(), dialogue.legalMoveIds(p.id()));
        }
        assertThat(actual).as("legal moves after " + dialogue.history().size() + " move(s)").isEqualTo(expected);
        return this;
    }

    Play stores(String spec) {
        Map<String, List<String>> expected = byName(spec, ";");
        Map<String, List<String>> actual = new LinkedHashMap<>();
        for (StoreView s : dialogue.stores()) {
            actual.put(s.id(), s.contents());
        }
        assertThat(actual).as("stores after " + dialogue.history().size() + " move(s)").isEqualTo(expected);
        return this;
    }

    Play reply(String participant, String moveId, String expected) {
        assertThat(dialogue.legalMoves(participant).stream().filter(m -> m.moveId().equals(moveId))
                .map(m -> m.reply().toString()).toList()).as("replies of " + moveId).contains(expected);
        return this;
    }

    Play status(DialogueStatus s) {
        assertThat(dialogue.status()).isEqualTo(s);
        return this;
    }

    /** A spec such as {@code "Pro: Argue, Close | Con:"}: each name before a colon, with the items after it. */
    private static Map<String, List<String>> byName(String spec, String itemSeparator) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String part : spec.split("\\|")) {
            String[] kv = part.split(":", 2);
            out.put(kv[0].trim(), items(kv[1], itemSeparator));
        }
        return out;
    }

    private static List<String> items(String s, String sep) {
        List<String> out = new ArrayList<>();
        for (String x : s.split(sep)) {
            if (!x.isBlank()) {
                out.add(x.trim());
            }
        }
        return out;
    }

    private static Map<String, String> reply(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String s : kv) {
            String[] p = s.split("=", 2);
            m.put(p[0], p[1]);
        }
        return m;
    }

    @Override
    public String toString() {
        return Arrays.toString(dialogue.history().toArray());
    }
}
