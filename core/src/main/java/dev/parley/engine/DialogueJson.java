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
import java.util.LinkedHashSet;
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
        Map<String, List<String>> roles = new LinkedHashMap<>();
        d.roles.forEach((k, v) -> roles.put(k, new ArrayList<>(v)));
        Map<String, List<String>> ever = new LinkedHashMap<>();
        d.everInStore.forEach((k, v) -> ever.put(k, new ArrayList<>(v)));
        List<MoveRecord> history = new ArrayList<>();
        for (PerformedMove m : d.history.all()) {
            JsonNode aif;
            try {
                aif = MAPPER.readTree(AifJson.toJson(m.aif()));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("cannot write AIF", e);
            }
            history.add(new MoveRecord(m.index(), m.speaker(), m.moveId(), m.target(), m.reply(), m.text(), aif));
        }
        MoveAif.State a = d.aifState;
        return new Snapshot(FORMAT, d.protocol.source(), d.protocol.text(), d.participants(), roles,
                new LinkedHashMap<>(d.stores), new LinkedHashMap<>(d.initialStores), ever,
                new LinkedHashMap<>(d.next), new LinkedHashMap<>(d.future), history,
                new LinkedHashMap<>(d.runtimeVariables), d.status,
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
        Dialogue d = Dialogue.restored(protocol, resolver);
        for (Participant p : s.participants()) {
            if (protocol.player(p.player()).isEmpty()) {
                throw new DialogueException("saved participant " + p.id() + " plays unknown player " + p.player());
            }
            d.participants.put(p.id(), p);
            d.roles.put(p.id(), new LinkedHashSet<>(require(s.roles(), p.id(), "roles")));
            d.next.put(p.id(), new ArrayList<>(require(s.next(), p.id(), "next")));
            d.future.put(p.id(), new ArrayList<>(require(s.future(), p.id(), "future")));
        }
        for (Protocol.Store st : protocol.stores()) {
            d.stores.put(st.id(), new ArrayList<>(require(s.stores(), st.id(), "stores")));
            d.initialStores.put(st.id(), List.copyOf(require(s.initialStores(), st.id(), "initialStores")));
            d.everInStore.put(st.id(), new LinkedHashSet<>(require(s.everInStores(), st.id(), "everInStores")));
            d.countAll(st.id());
        }
        for (MoveRecord m : s.history()) {
            if (protocol.interaction(m.moveId()).isEmpty() || !d.participants.containsKey(m.speaker())) {
                throw new DialogueException("saved history entry " + m.index() + " names an unknown move or speaker");
            }
            AifGraph aif = AifJson.read(m.aif().toString());
            d.history.append(new PerformedMove(m.index(), m.speaker(), m.moveId(), m.target(), m.reply(), m.text(),
                    aif));
        }
        d.runtimeVariables.putAll(s.runtimeVariables());
        d.status = s.status();
        Map<String, AifNode> props = new LinkedHashMap<>();
        for (AifNode n : s.aif().propositions()) {
            props.put(n.text(), n);
        }
        d.aifState = new MoveAif.State(s.aif().nextId(), s.aif().lastLocution(),
                List.copyOf(s.aif().lastPropositions()), props);
        return d;
    }

    private static <T> List<T> require(Map<String, List<T>> map, String key, String what) {
        List<T> v = map == null ? null : map.get(key);
        if (v == null) {
            throw new DialogueException("saved dialogue has no " + what + " for " + key);
        }
        return v;
    }
}
