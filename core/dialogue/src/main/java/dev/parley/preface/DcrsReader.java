package dev.parley.preface;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.serialization.node.LocationJsonNodeFactoryFactory;
import com.networknt.schema.utils.JsonNodes;
import dev.parley.io.InputFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** Reads a DCRS document: JSON syntax, then the schema, then binding to {@link Dcrs}. Thread-safe. */
public final class DcrsReader {

    /** Jackson mapper for DCRS documents (snake_case names come from the records' annotations). */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private DcrsReader() {
    }

    public static Dcrs read(Path file) {
        return parse(InputFiles.readText(file), file.toString());
    }

    /**
     * Parses and validates {@code text}; {@code source} names it in messages (a file name, or "request").
     *
     * @throws DcrsException with one line per violation: source, line, column, JSON pointer, rule
     */
    public static Dcrs parse(String text, String source) {
        JsonNode tree;
        try {
            tree = JsonNodes.readTree(MAPPER, text, LocationJsonNodeFactoryFactory.getInstance());
        } catch (IllegalArgumentException | IllegalStateException e) {
            if (e.getCause() instanceof JsonProcessingException jpe) {
                throw new DcrsException(dev.parley.json.JsonErrors.inFile(source, jpe), jpe);
            }
            throw new DcrsException(source + ": malformed JSON: " + e.getMessage(), e);
        }
        if (tree == null || tree.isMissingNode()) {
            throw new DcrsException(source + ": empty document, expected a DCRS JSON object", List.of());
        }
        return bind(tree, source);
    }

    /** Validates an already parsed document and binds it. */
    public static Dcrs bind(JsonNode tree, String source) {
        List<SchemaViolation> violations = DcrsValidator.get().validate(tree);
        if (!violations.isEmpty()) {
            String lines = violations.stream().map(v -> source + ": " + v.describe())
                    .collect(Collectors.joining("\n"));
            throw new DcrsException(violations.size() == 1 ? lines
                    : source + ": " + violations.size() + " schema violations:\n" + lines, violations);
        }
        try {
            return MAPPER.treeToValue(tree, Dcrs.class);
        } catch (JsonProcessingException e) {
            // the schema accepts what binding accepts; reaching this is a mismatch between the two
            throw new DcrsException(source + ": " + dev.parley.json.JsonErrors.located(e), e);
        }
    }
}
