package dev.parley.server.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The stored form of a snapshot: the engine's saved state with what the move log already holds left out (the
 * history, and the AIF propositions seen so far, which are rebuilt from the log's AIF). Here, apart from the
 * engine, because the schema's migration writes snapshots too.
 */
public final class SnapshotFormat {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SnapshotFormat() {
    }

    /** The engine state {@code state} (as {@code DialogueJson} saves it) without its history. */
    public static String withoutHistory(JsonNode state) {
        ObjectNode copy = state.deepCopy();
        copy.putArray("history");
        if (copy.path("aif") instanceof ObjectNode aif) {
            aif.putArray("propositions");
        }
        try {
            return JSON.writeValueAsString(copy);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a snapshot", e);
        }
    }
}
