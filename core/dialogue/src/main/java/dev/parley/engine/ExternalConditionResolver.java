package dev.parley.engine;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Decides external conditions such as {@code uriTest(Id)}. A failure to decide rolls the move back with the reason.
 */
@FunctionalInterface
public interface ExternalConditionResolver {

    /**
     * @param id    the {@code extURI} id
     * @param uri   its URI
     * @param state the dialogue state (built only when asked for): protocol, participants, roles, history, stores
     */
    boolean test(String id, String uri, Supplier<JsonNode> state) throws ExternalConditionException;

    /**
     * The offline default: every external condition holds, unless the system property
     * {@code parley.external.default} says {@code false}. Deterministic and needs no network.
     */
    static ExternalConditionResolver offlineDefault() {
        return new FixedExternalConditionResolver(Map.of(),
                Boolean.parseBoolean(System.getProperty("parley.external.default", "true")));
    }
}
