package dev.parley.engine;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A deterministic resolver: a value per {@code extURI} id, and a fallback for the others (none: an unknown id fails
 * the move). Used in tests and as the configurable offline default.
 */
public final class FixedExternalConditionResolver implements ExternalConditionResolver {

    private final Map<String, Boolean> values;
    private final Optional<Boolean> fallback;

    public FixedExternalConditionResolver(Map<String, Boolean> values, Boolean fallback) {
        this.values = Map.copyOf(new LinkedHashMap<>(values));
        this.fallback = Optional.ofNullable(fallback);
    }

    /** Every condition has the same value. */
    public static FixedExternalConditionResolver always(boolean value) {
        return new FixedExternalConditionResolver(Map.of(), value);
    }

    @Override
    public boolean test(String id, String uri, Supplier<JsonNode> state) throws ExternalConditionException {
        Boolean v = values.get(id);
        if (v != null) {
            return v;
        }
        return fallback.orElseThrow(() -> new ExternalConditionException(
                "external condition " + id + " has no configured value"));
    }
}
