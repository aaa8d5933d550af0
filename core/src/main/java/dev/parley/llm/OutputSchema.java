package dev.parley.llm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A flat JSON object the model is asked to answer with (structured output), e.g. {@code {"response": string}}.
 *
 * @param name   the schema's name, sent to the server
 * @param fields field name to type, all required
 */
public record OutputSchema(String name, Map<String, FieldType> fields) {

    public enum FieldType { STRING, NUMBER }

    public OutputSchema {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public static OutputSchema of(String name, String field, FieldType type) {
        return new OutputSchema(name, Map.of(field, type));
    }
}
