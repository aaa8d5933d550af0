package dev.parley.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON object the model is asked to answer with (structured output): either a flat object of required string
 * and number fields, e.g. {@code {"response": string}}, or any JSON Schema object (nested content such as an offer).
 *
 * @param name   the schema's name, sent to the server
 * @param fields field name to type, all required (flat schemas; empty for a JSON Schema)
 * @param json   a JSON Schema object (draft 2020-12 subset: object, string, integer, number, boolean, array, enum),
 *               or null for a flat schema
 */
public record OutputSchema(String name, Map<String, FieldType> fields, ObjectNode json) {

    public enum FieldType { STRING, NUMBER }

    public OutputSchema {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        json = json == null ? null : json.deepCopy();
    }

    public OutputSchema(String name, Map<String, FieldType> fields) {
        this(name, fields, null);
    }

    public static OutputSchema of(String name, String field, FieldType type) {
        return new OutputSchema(name, Map.of(field, type));
    }

    /** A structured answer described by a JSON Schema object. */
    public static OutputSchema json(String name, ObjectNode schema) {
        return new OutputSchema(name, Map.of(), schema);
    }

    /** The JSON Schema, when this is not a flat schema. */
    public Optional<ObjectNode> jsonSchema() {
        return Optional.ofNullable(json).map(ObjectNode::deepCopy);
    }
}
