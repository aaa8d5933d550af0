package dev.parley.domain.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A domain's content schemas, each built once for the key it alone depends on (the move, and what the speaker holds
 * or what is on the table). A schema is asked for at every node of a game tree; building it again each time, and the
 * verifier then finding its compiled form by deep equality instead of by identity, was up to a fifth of an offline
 * tree's build. The nodes are shared, so nobody may change them ({@link dev.parley.dialogue.ContentRules#schema}).
 * Thread-safe; it starts again when it holds {@value #LIMIT} schemas, so it stays small whatever is met.
 */
public final class SchemaMemo {

    static final int LIMIT = 4_096;

    private final Map<String, ObjectNode> schemas = new ConcurrentHashMap<>();

    /** The schema for {@code key}, built by {@code build} the first time. */
    public ObjectNode get(String key, Supplier<ObjectNode> build) {
        ObjectNode known = schemas.get(key);
        if (known != null) {
            return known;
        }
        if (schemas.size() >= LIMIT) {
            schemas.clear();
        }
        return schemas.computeIfAbsent(key, k -> build.get());
    }
}
