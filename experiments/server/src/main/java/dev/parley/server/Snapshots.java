package dev.parley.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.aif.AifJson;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueException;
import dev.parley.engine.DialogueJson;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.engine.PerformedMove;
import dev.parley.server.store.SnapshotFormat;
import dev.parley.server.store.StoredMove;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A snapshot is the engine's saved state ({@link DialogueJson}) with what the move log already holds left out: the
 * history, and the AIF propositions seen so far (each is an I node of the move that first said it, so they are
 * rebuilt from the log's AIF). A snapshot's size then depends on the dialogue's stores and move lists, not on how
 * many moves were made, and nothing in the log is written twice.
 */
final class Snapshots {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Snapshots() {
    }

    /** The snapshot of a dialogue now. */
    static String of(Dialogue d) {
        try {
            return withoutHistory(JSON.readTree(DialogueJson.save(d)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the engine wrote a state that is not JSON", e);
        }
    }

    static String withoutHistory(JsonNode state) {
        return SnapshotFormat.withoutHistory(state);
    }

    /** A move's AIF as the log keeps it: compact JSON-AIF. */
    static String aif(PerformedMove m) {
        try {
            return JSON.writeValueAsString(JSON.readTree(AifJson.toJson(m.aif())));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON-AIF", e);
        }
    }

    /**
     * The dialogue at the snapshot: its state, with the history put back from the first {@code seq} log rows.
     *
     * @throws DialogueException when the snapshot or a row cannot be read
     */
    static Dialogue restore(String snapshot, List<StoredMove> logUpToSnapshot,
                            ExternalConditionResolver resolver) {
        ObjectNode state;
        try {
            JsonNode n = JSON.readTree(snapshot);
            if (!(n instanceof ObjectNode o)) {
                throw new DialogueException("the snapshot is not a JSON object");
            }
            state = o;
        } catch (JsonProcessingException e) {
            throw new DialogueException("the snapshot is not JSON: " + e.getOriginalMessage());
        }
        ArrayNode history = state.putArray("history");
        ArrayNode propositions = state.path("aif") instanceof ObjectNode aif ? aif.putArray("propositions") : null;
        if (propositions == null) {
            throw new DialogueException("the snapshot has no AIF state");
        }
        Set<String> seen = new HashSet<>();
        for (StoredMove m : logUpToSnapshot) {
            if (m.aifJson() == null) {
                throw new DialogueException("move " + m.seq() + " has no AIF in the log");
            }
            ObjectNode h = history.addObject();
            h.put("index", m.seq());
            h.put("speaker", m.speaker());
            h.put("moveId", m.moveId());
            h.put("target", m.target());
            ObjectNode reply = h.putObject("reply");
            m.reply().forEach(reply::put);
            h.put("text", m.locution());
            JsonNode aif;
            try {
                aif = JSON.readTree(m.aifJson());
            } catch (JsonProcessingException e) {
                throw new DialogueException("move " + m.seq() + " has AIF that is not JSON");
            }
            h.set("aif", aif);
            // the engine keeps the first node of each proposition text, in the order they were first said
            for (JsonNode n : aif.path("nodes")) {
                if ("I".equals(n.path("type").asText()) && seen.add(n.path("text").asText())) {
                    propositions.add(n);
                }
            }
        }
        try {
            return DialogueJson.restore(JSON.writeValueAsString(state), resolver);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a state", e);
        }
    }
}
