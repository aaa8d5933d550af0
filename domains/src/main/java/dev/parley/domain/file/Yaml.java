package dev.parley.domain.file;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * One node of a domain file with where it is: YAML read by SnakeYAML Engine's composer, which keeps every node's
 * line and column (JSON is YAML, so a JSON file reads the same way). Every accessor that finds the wrong thing
 * throws a {@link DomainFileException} at the node.
 *
 * @param file  the file name used in messages
 * @param node  the YAML node
 * @param lines the file's lines (to place an error inside a multi-line expression)
 */
record Yaml(String file, Node node, List<String> lines) {

    /** The document of a file; a file that is not YAML fails at the place the parser stopped. */
    static Yaml read(Path path) {
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new DomainFileException(path.toString(), -1, -1, "cannot read the file: " + e.getMessage());
        }
        return parse(text, path.toString());
    }

    /** The document of a text named {@code file} in messages. */
    static Yaml parse(String text, String file) {
        LoadSettings settings = LoadSettings.builder().setLabel(file).setAllowDuplicateKeys(false)
                .setMaxAliasesForCollections(50).build();
        Optional<Node> root;
        try {
            root = new Compose(settings).composeString(text);
        } catch (MarkedYamlEngineException e) {
            Mark m = e.getProblemMark().orElse(e.getContextMark().orElse(null));
            String problem = e.getProblem() == null ? "not valid YAML" : e.getProblem();
            String context = e.getContext() == null ? "" : e.getContext() + ": ";
            throw new DomainFileException(file, m == null ? -1 : m.getLine() + 1, m == null ? -1 : m.getColumn() + 1,
                    "not valid YAML or JSON: " + context + problem.strip());
        } catch (YamlEngineException e) {
            throw new DomainFileException(file, -1, -1, "not valid YAML or JSON: " + e.getMessage());
        }
        if (root.isEmpty()) {
            throw new DomainFileException(file, 1, 1, "the file is empty: expected a mapping with name, protocol,"
                    + " players, moves and payoffs");
        }
        return new Yaml(file, root.get(), text.lines().toList());
    }

    int line() {
        return node.getStartMark().map(m -> m.getLine() + 1).orElse(-1);
    }

    int column() {
        return node.getStartMark().map(m -> m.getColumn() + 1).orElse(-1);
    }

    DomainFileException error(String message) {
        return new DomainFileException(file, line(), column(), message);
    }

    /**
     * An error at a place inside this node's text (an expression's line and 0-based column, as CEL gives them). A
     * folded or multi-line scalar does not keep its lines, so the place is found again in the file: the first
     * occurrence, within the node, of the text that starts there.
     */
    DomainFileException errorAt(String source, int exprLine, int exprColumn, String message) {
        List<String> sourceLines = source.lines().toList();
        int offset = 0;
        for (int i = 0; i < exprLine - 1 && i < sourceLines.size(); i++) {
            offset += sourceLines.get(i).length() + 1;
        }
        offset = Math.min(source.length(), offset + Math.max(0, exprColumn));
        int end = offset;
        while (end < source.length() && !Character.isWhitespace(source.charAt(end)) && end - offset < 24) {
            end++;
        }
        String token = source.substring(offset, end);
        int first = line();
        int last = node.getEndMark().map(m -> m.getLine() + 1).orElse(first);
        if (!token.isEmpty() && first > 0) {
            for (int l = first; l <= Math.min(last, lines.size()); l++) {
                String text = lines.get(l - 1);
                int from = l == first ? Math.max(0, column() - 1) : 0;
                int at = from <= text.length() ? text.indexOf(token, from) : -1;
                if (at >= 0) {
                    return new DomainFileException(file, l, at + 1, message);
                }
            }
        }
        return error(message);
    }

    boolean isMap() {
        return node instanceof MappingNode;
    }

    boolean isList() {
        return node instanceof SequenceNode;
    }

    boolean isScalar() {
        return node instanceof ScalarNode;
    }

    boolean isNull() {
        return node instanceof ScalarNode && node.getTag().equals(Tag.NULL);
    }

    /** The entries of a mapping in file order, refusing duplicate and non-string keys. */
    Map<String, Yaml> entries() {
        if (!(node instanceof MappingNode m)) {
            throw error("expected a mapping (key: value), found " + kind());
        }
        Map<String, Yaml> out = new LinkedHashMap<>();
        for (NodeTuple t : m.getValue()) {
            Yaml key = new Yaml(file, t.getKeyNode(), lines);
            String k = key.string();
            if (out.put(k, new Yaml(file, t.getValueNode(), lines)) != null) {
                throw key.error("duplicate key '" + k + "'");
            }
        }
        return out;
    }

    /** The entries of a mapping whose keys must be among {@code allowed}; the others are refused by name. */
    Map<String, Yaml> fields(Collection<String> allowed) {
        if (!(node instanceof MappingNode m)) {
            throw error("expected a mapping with keys " + String.join(", ", allowed) + ", found " + kind());
        }
        Set<String> ok = new HashSet<>(allowed);
        for (NodeTuple t : m.getValue()) {
            Yaml key = new Yaml(file, t.getKeyNode(), lines);
            if (!ok.contains(key.string())) {
                throw key.error("unknown key '" + key.string() + "': expected one of " + String.join(", ", allowed));
            }
        }
        return entries();
    }

    /** A required field of a mapping read by {@link #fields}. */
    Yaml require(Map<String, Yaml> fields, String key) {
        Yaml y = fields.get(key);
        if (y == null) {
            throw error("missing key '" + key + "'");
        }
        return y;
    }

    List<Yaml> list() {
        if (!(node instanceof SequenceNode s)) {
            throw error("expected a list, found " + kind());
        }
        List<Yaml> out = new ArrayList<>();
        for (Node n : s.getValue()) {
            out.add(new Yaml(file, n, lines));
        }
        return out;
    }

    /** A list, or a single value taken as a list of one. */
    List<Yaml> listOrOne() {
        return isList() ? list() : List.of(this);
    }

    String string() {
        if (!(node instanceof ScalarNode s) || node.getTag().equals(Tag.NULL)) {
            throw error("expected a text, found " + kind());
        }
        return s.getValue();
    }

    long integer() {
        if (!(node instanceof ScalarNode s) || !node.getTag().equals(Tag.INT)) {
            throw error("expected a whole number, found " + kind());
        }
        try {
            return Long.parseLong(s.getValue().replace("_", "").strip());
        } catch (NumberFormatException e) {
            throw error("expected a whole number, found '" + s.getValue() + "'");
        }
    }

    double number() {
        if (!(node instanceof ScalarNode s) || !(node.getTag().equals(Tag.INT) || node.getTag().equals(Tag.FLOAT))) {
            throw error("expected a number, found " + kind());
        }
        try {
            return Double.parseDouble(s.getValue().replace("_", "").strip());
        } catch (NumberFormatException e) {
            throw error("expected a number, found '" + s.getValue() + "'");
        }
    }

    boolean bool() {
        if (!(node instanceof ScalarNode s) || !node.getTag().equals(Tag.BOOL)) {
            throw error("expected true or false, found " + kind());
        }
        return Boolean.parseBoolean(s.getValue().strip());
    }

    /** The node as plain values: String, Long, Double, Boolean, List, Map (JSON-like). */
    Object plain() {
        if (node instanceof ScalarNode) {
            Tag tag = node.getTag();
            if (tag.equals(Tag.INT)) {
                return integer();
            }
            if (tag.equals(Tag.FLOAT)) {
                return number();
            }
            if (tag.equals(Tag.BOOL)) {
                return bool();
            }
            if (tag.equals(Tag.NULL)) {
                throw error("expected a value, found nothing (null)");
            }
            return string();
        }
        if (isList()) {
            List<Object> out = new ArrayList<>();
            for (Yaml y : list()) {
                out.add(y.plain());
            }
            return out;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        entries().forEach((k, v) -> out.put(k, v.plain()));
        return out;
    }

    String kind() {
        if (node instanceof MappingNode) {
            return "a mapping";
        }
        if (node instanceof SequenceNode) {
            return "a list";
        }
        Tag tag = node.getTag();
        if (tag.equals(Tag.NULL)) {
            return "nothing";
        }
        if (tag.equals(Tag.INT)) {
            return "the number " + ((ScalarNode) node).getValue();
        }
        if (tag.equals(Tag.FLOAT)) {
            return "the number " + ((ScalarNode) node).getValue();
        }
        if (tag.equals(Tag.BOOL)) {
            return ((ScalarNode) node).getValue();
        }
        return "the text '" + ((ScalarNode) node).getValue() + "'";
    }
}
