package dev.parley.preface;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import com.networknt.schema.utils.JsonNodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Validates DCRS documents against {@code dcrs.schema.json} (JSON Schema draft 2020-12) with networknt
 * json-schema-validator 2.x. Errors carry JSON pointers, the failed keyword and, for documents read with location
 * tracking (see {@link DcrsReader}), the line and column. Thread-safe; the schema is compiled once.
 */
public final class DcrsValidator {

    /** Classpath location of the schema. */
    public static final String SCHEMA_RESOURCE = "/dev/parley/preface/dcrs.schema.json";

    private static final DcrsValidator INSTANCE = new DcrsValidator();

    private final Schema schema;

    private DcrsValidator() {
        SchemaRegistryConfig config = SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).build();
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                b -> b.schemaRegistryConfig(config));
        try (InputStream in = DcrsValidator.class.getResourceAsStream(SCHEMA_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("DCRS schema missing from the classpath: " + SCHEMA_RESOURCE);
            }
            this.schema = registry.getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the DCRS schema", e);
        }
    }

    public static DcrsValidator get() {
        return INSTANCE;
    }

    /** The violations of {@code document}, ordered by position; empty when it is a valid DCRS. */
    public List<SchemaViolation> validate(JsonNode document) {
        List<SchemaViolation> out = new ArrayList<>();
        for (Error e : schema.validate(document)) {
            String pointer = e.getInstanceLocation().toString();
            if (e.getProperty() != null && "required".equals(e.getKeyword())) {
                pointer = pointer + "/" + e.getProperty(); // point at the missing member, not at its parent
            }
            JsonLocation loc = locationOf(document, e.getInstanceNode(), e.getInstanceLocation().toString());
            int line = loc == null ? 0 : loc.getLineNr();
            int column = loc == null ? 0 : loc.getColumnNr();
            out.add(new SchemaViolation(pointer, e.getKeyword(), stripPointerPrefix(e.getMessage()), line, column));
        }
        out.sort(Comparator.comparingInt(SchemaViolation::line).thenComparingInt(SchemaViolation::column)
                .thenComparing(SchemaViolation::pointer));
        return out;
    }

    /**
     * Where a node was read. Jackson shares one instance of small numbers, booleans and null between documents, so
     * such a node carries no location: then the member's parent (an object or array, which always does) is used.
     */
    private static JsonLocation locationOf(JsonNode document, JsonNode node, String pointer) {
        for (String p = pointer; ; p = p.substring(0, Math.max(0, p.lastIndexOf('/')))) {
            JsonNode n = p.equals(pointer) ? node : document.at(p);
            if (n != null && !n.isMissingNode()) {
                try {
                    return JsonNodes.tokenStreamLocationOf(n);
                } catch (IllegalArgumentException noLocation) {
                    // fall through to the parent
                }
            }
            if (p.isEmpty()) {
                return null;
            }
        }
    }

    /** networknt messages start with the instance location ("/topic/stance: ..."); we print it ourselves. */
    private static String stripPointerPrefix(String message) {
        if (message != null && message.startsWith("/")) {
            int colon = message.indexOf(": ");
            if (colon > 0) {
                return message.substring(colon + 2);
            }
        } else if (message != null && message.startsWith(": ")) {
            return message.substring(2);
        }
        return message;
    }
}
