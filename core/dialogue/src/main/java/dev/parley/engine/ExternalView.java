package dev.parley.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dgdl.Protocol;
import java.util.Locale;

/** The state an external condition is shown: protocol, status, participants with roles, history, public stores. */
final class ExternalView {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ExternalView() {
    }

    static JsonNode of(Protocol protocol, DialogueStatus status, Roles roles, History history, Stores stores) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("protocol", protocol.id());
        root.put("status", status.name().toLowerCase(Locale.ROOT));
        ArrayNode ps = root.putArray("participants");
        for (Participant p : roles.participants()) {
            ObjectNode o = ps.addObject().put("id", p.id()).put("player", p.player());
            roles.of(p.id()).forEach(o.putArray("roles")::add);
        }
        ArrayNode h = root.putArray("history");
        for (PerformedMove m : history.all()) {
            ObjectNode o = h.addObject().put("speaker", m.speaker()).put("move", m.moveId()).put("target", m.target());
            m.reply().forEach(o.putObject("reply")::put);
        }
        ObjectNode st = root.putObject("stores");
        for (Protocol.Store s : protocol.stores()) {
            if (s.visibility() == Protocol.Visibility.PUBLIC) {
                stores.contents(s.id()).forEach(st.putArray(s.id())::add);
            }
        }
        return root;
    }
}
