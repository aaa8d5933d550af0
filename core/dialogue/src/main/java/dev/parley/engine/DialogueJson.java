package dev.parley.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.parley.aif.AifGraph;
import dev.parley.aif.AifJson;
import dev.parley.aif.AifNode;
import dev.parley.dgdl.DgdlException;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Saves a {@link Dialogue} to JSON and restores it exactly: the protocol text travels with the state, so the
 * restored dialogue offers the same moves (with the same AIF) and continues the same way.
 */
public final class DialogueJson {

    static final int FORMAT = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private DialogueJson() {
    }

    /** Everything a dialogue needs to continue, as plain values. */
    public record Snapshot(int format, String protocolSource, String protocolText, List<Participant> participants,
                           Map<String, List<String>> roles, Map<String, List<String>> stores,
                           Map<String, List<String>> initialStores, Map<String, List<String>> everInStores,
                           Map<String, List<MoveTemplate>> next, Map<String, List<MoveTemplate>> future,
                           List<MoveRecord> history, Map<String, String> runtimeVariables, DialogueStatus status,
                           AifState aif) {
    }

    /** A history entry with its AIF as JSON-AIF. */
    public record MoveRecord(int index, String speaker, String moveId, String target, Map<String, String> reply,
                             String text, JsonNode aif) {
    }

    /** Where the dialogue's AIF continues from. */
    public record AifState(long nextId, AifNode lastLocution, List<AifNode> lastPropositions,
                           List<AifNode> propositions) {
    }

    public static String save(Dialogue d) {
        try {
            return MAPPER.writeValueAsString(snapshot(d));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write dialogue state", e);
        }
    }

    static Snapshot snapshot(Dialogue d) {
        DialogueState st = d.state();
        List<MoveRecord> history = new ArrayList<>();
        for (PerformedMove m : st.history()) {
            JsonNode aif;
            try {
                aif = MAPPER.readTree(AifJson.toJson(m.aif()));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot write AIF", e);
            }
            history.add(new MoveRecord(m.index(), m.speaker(), m.moveId(), m.target(), m.reply(), m.text(), aif));
        }
        MoveAif.State a = st.aif();
        return new Snapshot(FORMAT, d.protocol().source(), d.protocol().text(), st.participants(), st.roles(),
                st.stores(), st.initialStores(), st.everInStores(), st.next(), st.future(), history,
                st.runtimeVariables(), st.status(),
                new AifState(a.nextId(), a.lastLocution(), a.lastPropositions(),
                        new ArrayList<>(a.propositions().values())));
    }

    /** Restores a saved dialogue; external conditions from now on go to {@code resolver}. */
    public static Dialogue restore(String json, ExternalConditionResolver resolver) {
        Snapshot s;
        try {
            s = MAPPER.readValue(json, Snapshot.class);
        } catch (JsonProcessingException e) {
            throw new DialogueException("not a saved dialogue: " + dev.parley.json.JsonErrors.describe(e));
        }
        if (s.format() != FORMAT) {
            throw new DialogueException("saved dialogue has format " + s.format() + "; this version reads " + FORMAT);
        }
        Protocol protocol;
        try {
            protocol = ProtocolParser.load(s.protocolText(), s.protocolSource());
        } catch (DgdlException e) {
            throw new DialogueException("the saved protocol no longer loads: " + e.getMessage(), e);
        }
        Map<String, List<String>> roles = new LinkedHashMap<>();
        Map<String, List<MoveTemplate>> next = new LinkedHashMap<>();
        Map<String, List<MoveTemplate>> future = new LinkedHashMap<>();
        for (Participant p : s.participants()) {
            if (protocol.player(p.player()).isEmpty()) {
                throw new DialogueException("saved participant " + p.id() + " plays unknown player " + p.player());
            }
            roles.put(p.id(), require(s.roles(), p.id(), "roles"));
            next.put(p.id(), require(s.next(), p.id(), "next"));
            future.put(p.id(), require(s.future(), p.id(), "future"));
        }
        Map<String, List<String>> stores = new LinkedHashMap<>();
        Map<String, List<String>> initialStores = new LinkedHashMap<>();
        Map<String, List<String>> everInStores = new LinkedHashMap<>();
        for (Protocol.Store st : protocol.stores()) {
            stores.put(st.id(), require(s.stores(), st.id(), "stores"));
            initialStores.put(st.id(), require(s.initialStores(), st.id(), "initialStores"));
            everInStores.put(st.id(), require(s.everInStores(), st.id(), "everInStores"));
        }
        List<PerformedMove> history = new ArrayList<>();
        for (MoveRecord m : s.history()) {
            if (protocol.interaction(m.moveId()).isEmpty() || !roles.containsKey(m.speaker())) {
                throw new DialogueException("saved history entry " + m.index() + " names an unknown move or speaker");
            }
            AifGraph aif = AifJson.read(m.aif().toString());
            history.add(new PerformedMove(m.index(), m.speaker(), m.moveId(), m.target(), m.reply(), m.text(), aif));
        }
        Map<String, AifNode> props = new LinkedHashMap<>();
        for (AifNode n : s.aif().propositions()) {
            props.put(n.text(), n);
        }
        MoveAif.State aif = new MoveAif.State(s.aif().nextId(), s.aif().lastLocution(),
                List.copyOf(s.aif().lastPropositions()), props);
        return Dialogue.restored(protocol, resolver, new DialogueState(s.participants(), roles, stores,
                initialStores, everInStores, next, future, history, s.runtimeVariables(), s.status(), aif));
    }

    private static <T> List<T> require(Map<String, List<T>> map, String key, String what) {
        List<T> v = map == null ? null : map.get(key);
        if (v == null) {
            throw new DialogueException("saved dialogue has no " + what + " for " + key);
        }
        return v;
    }
}
