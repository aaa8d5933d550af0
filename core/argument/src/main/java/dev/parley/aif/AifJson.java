package dev.parley.aif;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.parley.io.InputFiles;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and writes JSON-AIF. Reading accepts what AIF corpora contain: ids as numbers or strings, fields Parley does
 * not model (ignored), the AIFdb top level {@code {nodes, edges, locutions, participants?}} and the OVA 3 wrapper
 * {@code {"AIF": {...}}}. Writing emits the AIFdb top level with ids as strings and absent optional fields omitted.
 *
 * <p>Malformed JSON, a missing required field or an unknown node type is an {@link AifFormatException} carrying the
 * source name and, where Jackson reports one, the line and column; a graph that parses but breaks the graph rules
 * (see {@link AifGraph}) is an {@link AifFormatException} whose cause is the {@link AifValidationException}.
 */
public final class AifJson {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, true)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private AifJson() {
    }

    public static AifGraph read(String json) {
        return read(new StringReader(json), "<string>");
    }

    /** Reads one JSON-AIF document; {@code source} names it in error messages. */
    public static AifGraph read(Reader reader, String source) {
        GraphDto dto;
        try {
            dto = MAPPER.readValue(reader, GraphDto.class);
        } catch (JsonProcessingException e) {
            throw formatError(source, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + source + ": " + e.getMessage(), e);
        }
        if (dto == null) {
            throw new AifFormatException(source, 1, 1, "expected a JSON-AIF object, found null", null);
        }
        if (dto.nodes == null && dto.aif != null) {
            dto = dto.aif;
        }
        if (dto.nodes == null) {
            throw new AifFormatException(source, -1, -1,
                    "expected an object with a \"nodes\" list (or an \"AIF\" object holding one)", null);
        }
        try {
            return new AifGraph(
                    nonNull(source, "nodes", dto.nodes).stream().map(NodeDto::toNode).toList(),
                    nonNull(source, "edges", dto.edges).stream().map(e -> new AifEdge(e.edgeID, e.fromID, e.toID))
                            .toList(),
                    nonNull(source, "locutions", dto.locutions).stream()
                            .map(l -> new AifLocution(l.nodeID, l.personID, l.timestamp)).toList(),
                    nonNull(source, "participants", dto.participants).stream()
                            .map(p -> new AifParticipant(p.participantID, p.firstname, p.surname)).toList());
        } catch (AifValidationException e) {
            throw new AifFormatException(source, -1, -1, e.getMessage(), e);
        }
    }

    public static AifGraph read(Path file) throws IOException {
        try (Reader r = InputFiles.openText(file)) {
            return read(r, file.toString());
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static <T> List<T> nonNull(String source, String field, List<T> list) {
        if (list == null) {
            return List.of();
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) {
                throw new AifFormatException(source, -1, -1, field + "[" + i + "] is null; expected an object",
                        null);
            }
        }
        return list;
    }

    private static AifFormatException formatError(String source, JsonProcessingException e) {
        JsonLocation loc = e.getLocation();
        int line = loc == null ? -1 : loc.getLineNr();
        int column = loc == null ? -1 : loc.getColumnNr();
        String problem = dev.parley.json.JsonErrors.describe(e);
        if (e instanceof com.fasterxml.jackson.core.exc.StreamReadException) {
            // not JSON at all, as every malformed JSON file is reported (JsonErrors.inFile)
            problem = "malformed JSON: " + problem;
        } else if (e instanceof ValueInstantiationException && e.getCause() != null) {
            problem = e.getCause().getMessage();
        } else if (e instanceof MismatchedInputException mi && mi.getTargetType() != null) {
            // Jackson names our private wire classes; say what the document should have held instead
            Matcher found = FOUND.matcher(problem);
            if (problem.startsWith("Cannot deserialize")) {
                problem = "expected " + describe(mi.getTargetType())
                        + (found.find() ? ", found " + found.group(1).toLowerCase(Locale.ROOT) : "");
            } else if (problem.startsWith("Missing required creator property")) {
                Matcher name = MISSING.matcher(problem);
                problem = name.find() ? "missing required field \"" + name.group(1) + "\"" : problem;
            }
        }
        if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
            problem = path(m.getPath()) + ": " + problem;
        }
        return new AifFormatException(source, line, column, problem, e);
    }

    private static final Pattern FOUND = Pattern.compile("from (\\w+) value");
    private static final Pattern MISSING = Pattern.compile("property '([^']+)'");

    private static String describe(Class<?> target) {
        if (target == GraphDto.class) {
            return "a JSON-AIF object";
        }
        if (target == NodeDto.class || target == EdgeDto.class || target == LocutionDto.class
                || target == ParticipantDto.class) {
            return "an object";
        }
        if (List.class.isAssignableFrom(target)) {
            return "a list";
        }
        if (target == String.class) {
            return "a number or a string";
        }
        return target.getSimpleName();
    }

    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                if (b.length() > 0) {
                    b.append('.');
                }
                b.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    /** The graph as indented JSON-AIF text. */
    public static String toJson(AifGraph graph) {
        try {
            return MAPPER.writeValueAsString(GraphDto.of(graph));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise an AIF graph", e);
        }
    }

    /**
     * The graph as xAIF, the interchange of Arg-Tech's argument-mining framework: {@code {"AIF": {...}, "text":
     * {"txt": ...}, "dialog": ...}}. The text is the dialogue as xAIF tools show it: each locution's words in a
     * span whose id is its L-node's id, after its speaker; {@code dialog} says whether more than one person spoke.
     * {@link #read} reads it back (the wrapper is unwrapped, the text ignored).
     */
    public static String toXaif(AifGraph graph) {
        com.fasterxml.jackson.databind.node.ObjectNode root = MAPPER.createObjectNode();
        com.fasterxml.jackson.databind.node.ObjectNode aif = MAPPER.valueToTree(GraphDto.of(graph));
        if (!aif.has("participants")) {
            aif.putArray("participants");
        }
        aif.putNull("schemefulfillments");
        aif.putNull("descriptorfulfillments");
        root.set("AIF", aif);
        StringBuilder txt = new StringBuilder();
        java.util.Set<String> speakers = new java.util.LinkedHashSet<>();
        for (AifLocution l : graph.locutions()) {
            String said = graph.node(l.nodeID()).map(AifNode::text).orElse("");
            int colon = said.indexOf(" : ");
            String speaker = colon >= 0 ? said.substring(0, colon) : l.personID();
            String words = colon >= 0 ? said.substring(colon + 3) : said;
            speakers.add(l.personID());
            txt.append(html(speaker)).append(" <span class=\"highlighted\" id=\"").append(html(l.nodeID()))
                    .append("\">").append(html(words)).append("</span><br><br>");
        }
        root.putObject("text").put("txt", txt.toString());
        root.put("dialog", speakers.size() > 1);
        try {
            return MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise an AIF graph", e);
        }
    }

    private static String html(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    public static void write(AifGraph graph, Writer writer) throws IOException {
        MAPPER.writeValue(writer, GraphDto.of(graph));
    }

    public static void write(AifGraph graph, Path file) throws IOException {
        Files.writeString(file, toJson(graph), StandardCharsets.UTF_8);
    }

    // ---- wire format ----

    private static String present(String value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is null; expected a number or a string");
        }
        return value;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    static final class GraphDto {
        @JsonProperty("nodes")
        List<NodeDto> nodes;
        @JsonProperty("edges")
        List<EdgeDto> edges;
        @JsonProperty("locutions")
        List<LocutionDto> locutions;
        @JsonProperty("participants")
        List<ParticipantDto> participants;
        /** OVA 3 nests the graph under "AIF"; only read. */
        @JsonProperty(value = "AIF", access = JsonProperty.Access.WRITE_ONLY)
        GraphDto aif;

        static GraphDto of(AifGraph g) {
            GraphDto d = new GraphDto();
            d.nodes = new ArrayList<>();
            for (AifNode n : g.nodes()) {
                d.nodes.add(new NodeDto(n.nodeID(), n.text(), n.type().name(), n.timestamp(), n.scheme(),
                        n.schemeID()));
            }
            d.edges = g.edges().stream().map(e -> new EdgeDto(e.edgeID(), e.fromID(), e.toID())).toList();
            d.locutions = g.locutions().stream()
                    .map(l -> new LocutionDto(l.nodeID(), l.personID(), l.timestamp())).toList();
            d.participants = g.participants().isEmpty() ? null : g.participants().stream()
                    .map(p -> new ParticipantDto(p.participantID(), p.firstname(), p.surname())).toList();
            return d;
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record NodeDto(String nodeID, String text, String type, String timestamp, String scheme, String schemeID) {
        @JsonCreator
        NodeDto(@JsonProperty(value = "nodeID", required = true) String nodeID,
                @JsonProperty("text") String text,
                @JsonProperty(value = "type", required = true) String type,
                @JsonProperty("timestamp") String timestamp,
                @JsonProperty("scheme") String scheme,
                @JsonProperty("schemeID") String schemeID) {
            this.nodeID = present(nodeID, "nodeID");
            this.text = text;
            this.type = type;
            this.timestamp = timestamp;
            this.scheme = scheme;
            this.schemeID = schemeID;
            typeOf(type); // fail here, where Jackson still knows the position
        }

        AifNode toNode() {
            return new AifNode(nodeID, text, typeOf(type), timestamp, scheme, schemeID);
        }

        private static AifNodeType typeOf(String type) {
            if (type == null) {
                throw new IllegalArgumentException("node type is null; expected one of I, L, RA, CA, MA, PA, TA, YA");
            }
            try {
                return AifNodeType.valueOf(type.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown node type \"" + type
                        + "\"; expected one of I, L, RA, CA, MA, PA, TA, YA", e);
            }
        }
    }

    record EdgeDto(String edgeID, String fromID, String toID) {
        @JsonCreator
        EdgeDto(@JsonProperty(value = "edgeID", required = true) String edgeID,
                @JsonProperty(value = "fromID", required = true) String fromID,
                @JsonProperty(value = "toID", required = true) String toID) {
            this.edgeID = present(edgeID, "edgeID");
            this.fromID = present(fromID, "fromID");
            this.toID = present(toID, "toID");
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record LocutionDto(String nodeID, String personID, String timestamp) {
        @JsonCreator
        LocutionDto(@JsonProperty(value = "nodeID", required = true) String nodeID,
                    @JsonProperty(value = "personID", required = true) String personID,
                    @JsonProperty("timestamp") String timestamp) {
            this.nodeID = present(nodeID, "nodeID");
            this.personID = present(personID, "personID");
            this.timestamp = timestamp;
        }
    }

    record ParticipantDto(String participantID, String firstname, String surname) {
        @JsonCreator
        ParticipantDto(@JsonProperty(value = "participantID", required = true) String participantID,
                       @JsonProperty("firstname") String firstname,
                       @JsonProperty("surname") String surname) {
            this.participantID = present(participantID, "participantID");
            this.firstname = firstname;
            this.surname = surname;
        }
    }
}
