package dev.parley.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.aif.AifGraph;
import dev.parley.aif.AifJson;
import dev.parley.engine.DialogueStatus;
import dev.parley.engine.LegalMove;
import dev.parley.engine.PerformedMove;
import dev.parley.engine.StoreView;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON shapes of DGEP's API. A legal move is {@code {"moveID", "opener", "reply": {var: value or "$var"},
 * "aif": "<JSON-AIF as a string>", "target"?}} ({@code "targets"} is added when the speaker must choose among
 * several addressees). Only seat names appear in responses, never participant tokens.
 */
final class DgepJson {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private DgepJson() {
    }

    static ObjectNode legalMove(LegalMove m) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("moveID", m.moveId());
        o.put("opener", m.opener());
        ObjectNode reply = o.putObject("reply");
        m.reply().forEach(reply::put);
        o.put("aif", compactAif(m));
        if (m.target() != null) {
            o.put("target", m.target());
        }
        if (m.targets().size() > 1) {
            m.targets().forEach(o.putArray("targets")::add);
        }
        return o;
    }

    /** The move's JSON-AIF as one compact string, as DGEP sends it. */
    private static String compactAif(LegalMove m) {
        return compact(m.aif());
    }

    private static String compact(AifGraph g) {
        try {
            return MAPPER.writeValueAsString(MAPPER.readTree(AifJson.toJson(g)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON-AIF", e);
        }
    }

    static ArrayNode legalMoves(List<LegalMove> moves) {
        ArrayNode a = MAPPER.createArrayNode();
        moves.forEach(m -> a.add(legalMove(m)));
        return a;
    }

    /** {@code {seat: [moves]}}. */
    static ObjectNode movesBySeat(Map<String, List<LegalMove>> moves) {
        ObjectNode o = MAPPER.createObjectNode();
        moves.forEach((seat, list) -> o.set(seat, legalMoves(list)));
        return o;
    }

    /**
     * A transcript entry: {@code "text"} is the client's own words when it sent some, else the locution; the
     * locution (the opener with the content filled in) is {@code "locution"} always, and the move's JSON-AIF is
     * {@code "aif"}, a string as in a legal move.
     */
    static ObjectNode transcriptEntry(DialogueService.Entry e) {
        PerformedMove m = e.move();
        ObjectNode o = MAPPER.createObjectNode();
        o.put("index", m.index());
        o.put("player", m.speaker());
        o.put("moveID", m.moveId());
        ObjectNode reply = o.putObject("reply");
        m.reply().forEach(reply::put);
        o.put("target", m.target());
        o.put("text", e.words() != null ? e.words() : m.text());
        o.put("locution", m.text());
        o.put("aif", compact(m.aif()));
        return o;
    }

    /** The dialogue's whole JSON-AIF, as an object. */
    static JsonNode aif(AifGraph g) {
        try {
            return MAPPER.readTree(AifJson.toJson(g));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON-AIF", e);
        }
    }

    /**
     * An AIFdb-style NodeSet: the dialogue's JSON-AIF (nodes, edges, locutions, as {@code parley protocol play
     * --aif-out} writes it) with a participant per seat (locutions name them as {@code personID}), the NodeSet's id
     * (the dialogue's) and whether the dialogue is over.
     */
    static ObjectNode nodeSet(DialogueService.NodeSet n) {
        ObjectNode o = MAPPER.createObjectNode().put("nodeSetID", n.dialogueId()).put("protocol", n.protocol())
                .put("finished", n.finished());
        JsonNode aif = aif(n.aif());
        aif.fields().forEachRemaining(e -> o.set(e.getKey(), e.getValue()));
        if (!o.has("participants")) {
            ArrayNode ps = o.putArray("participants");
            for (String h : n.speakers()) {
                ps.addObject().put("participantID", h).put("firstname", h).put("surname", "");
            }
        }
        return o;
    }

    /** {@code {"player", "stores": [{"id", "owners", "structure", "visibility", "contents"}]}}. */
    static ObjectNode stores(DialogueService.StoresView v) {
        ObjectNode o = MAPPER.createObjectNode().put("player", v.handle());
        ArrayNode a = o.putArray("stores");
        for (StoreView s : v.stores()) {
            ObjectNode st = a.addObject().put("id", s.id());
            s.owners().forEach(st.putArray("owners")::add);
            st.put("structure", s.structure().name().toLowerCase(Locale.ROOT));
            st.put("visibility", s.visibility().name().toLowerCase(Locale.ROOT));
            s.contents().forEach(st.putArray("contents")::add);
        }
        return o;
    }

    static ObjectNode seats(List<DialogueService.SeatView> seats, ObjectNode into) {
        ArrayNode a = into.putArray("players");
        for (DialogueService.SeatView s : seats) {
            ObjectNode o = a.addObject().put("player", s.handle()).put("protocolPlayer", s.player());
            s.roles().forEach(o.putArray("roles")::add);
            o.put("filled", s.filled());
        }
        ArrayNode free = into.putArray("available");
        seats.stream().filter(s -> !s.filled()).forEach(s -> free.add(s.handle()));
        return into;
    }

    static ObjectNode status(DialogueService.StatusView v) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("status", v.engineStatus() == DialogueStatus.ACTIVE ? "active" : "terminated");
        o.put("dialogueID", v.dialogueId());
        o.put("protocol", v.protocol());
        o.put("state", v.engineStatus().name().toLowerCase(Locale.ROOT));
        o.put("waiting", v.waiting());
        o.put("moves", v.moveCount());
        v.speakers().forEach(o.putArray("speakers")::add);
        seats(v.seats(), o);
        return o;
    }

    static ObjectNode error(String message, Map<String, Object> details) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("error", message);
        details.forEach((k, v) -> o.set(k, MAPPER.valueToTree(v)));
        return o;
    }
}
