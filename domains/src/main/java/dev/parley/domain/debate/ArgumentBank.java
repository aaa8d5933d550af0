package dev.parley.domain.debate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.json.JsonErrors;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The argument bank written for Parley, read from {@value #RESOURCE}: per topic, arguments for and against the
 * proposition, each tagged with the mode of persuasion it uses and the value it promotes, and rebuttals, each
 * attacking one specific argument of the other side. The offline debater draws its arguments from here; the offline
 * judge turns what was said into a value-based argumentation framework.
 */
public final class ArgumentBank {

    /** An argument for one side. */
    public record Argument(String id, Side side, Style style, String value, String text) {
        public Argument {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(style, "style");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(text, "text");
        }
    }

    /** A rebuttal by {@code side} of the other side's argument {@code attacks}. */
    public record Rebuttal(String id, Side side, Style style, String value, String attacks, String text) {
        public Rebuttal {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(style, "style");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(attacks, "attacks");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * One debate topic.
     *
     * @param values     the values its arguments promote, in the default audience's order (most preferred first)
     * @param arguments  arguments of both sides, in bank order
     * @param rebuttals  rebuttals of both sides, in bank order
     */
    public record Topic(String id, String proposition, String negation, List<String> values,
                        List<Argument> arguments, List<Rebuttal> rebuttals) {
        public Topic {
            values = List.copyOf(values);
            arguments = List.copyOf(arguments);
            rebuttals = List.copyOf(rebuttals);
        }

        /** The claim text of a side. */
        public String claim(Side side) {
            return side == Side.PRO ? proposition : negation;
        }
    }

    /** The bank's class-path resource: topics, arguments and rebuttals are data, editable without recompiling. */
    static final String RESOURCE = "/debate/argument-bank.json";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Index BANK = load();

    private static Index load() {
        try (InputStream in = ArgumentBank.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + ": the argument bank is missing from the class path");
            }
            return Index.of(read(in, RESOURCE), RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the argument bank " + RESOURCE, e);
        }
    }

    private ArgumentBank() {
    }

    /**
     * Reads topics from a bank document: {@code {"topics": [{"id", "proposition", "negation", "values": [...],
     * "arguments": [{"id", "side", "style", "value", "text"}], "rebuttals": [{"id", "side", "style", "value",
     * "attacks", "text"}]}]}}. A malformed document is refused with {@code name}, the path of the bad field and what
     * was expected there; the checks across fields and topics are {@link Index#of}'s.
     */
    static List<Topic> read(InputStream in, String name) {
        JsonNode root;
        try {
            root = JSON.readTree(in);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(name + ": not a whole JSON document: " + JsonErrors.located(e), e);
        } catch (IOException e) {
            throw new UncheckedIOException(name + ": cannot read", e);
        }
        Fields doc = new Fields(name, "", root, Set.of("topics"));
        List<Topic> topics = new ArrayList<>();
        List<JsonNode> items = doc.array("topics");
        for (int i = 0; i < items.size(); i++) {
            Fields t = doc.at("topics[" + i + "]", items.get(i),
                    Set.of("id", "proposition", "negation", "values", "arguments", "rebuttals"));
            List<Argument> arguments = new ArrayList<>();
            List<JsonNode> as = t.array("arguments");
            for (int j = 0; j < as.size(); j++) {
                Fields a = t.at("arguments[" + j + "]", as.get(j), Set.of("id", "side", "style", "value", "text"));
                arguments.add(new Argument(a.text("id"), a.side(), a.style(), a.text("value"), a.text("text")));
            }
            List<Rebuttal> rebuttals = new ArrayList<>();
            List<JsonNode> rs = t.array("rebuttals");
            for (int j = 0; j < rs.size(); j++) {
                Fields r = t.at("rebuttals[" + j + "]", rs.get(j),
                        Set.of("id", "side", "style", "value", "attacks", "text"));
                rebuttals.add(new Rebuttal(r.text("id"), r.side(), r.style(), r.text("value"), r.text("attacks"),
                        r.text("text")));
            }
            topics.add(new Topic(t.text("id"), t.text("proposition"), t.text("negation"), t.texts("values"),
                    arguments, rebuttals));
        }
        return topics;
    }

    /** One JSON object of a bank document, read field by field; every refusal names the document and the path. */
    private record Fields(String name, String path, JsonNode node, Set<String> allowed) {
        Fields {
            if (node == null || !node.isObject()) {
                throw problem(name, path, "expected a JSON object");
            }
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!allowed.contains(f)) {
                    throw problem(name, path, "unknown field \"" + f + "\" (expected only " + new TreeSet<>(allowed)
                            + ")");
                }
            }
        }

        Fields at(String child, JsonNode n, Set<String> fields) {
            return new Fields(name, path.isEmpty() ? child : path + "." + child, n, fields);
        }

        private JsonNode field(String f) {
            JsonNode v = node.get(f);
            if (v == null) {
                throw problem(name, path, "missing field \"" + f + "\"");
            }
            return v;
        }

        private String where(String f) {
            return path.isEmpty() ? f : path + "." + f;
        }

        String text(String f) {
            JsonNode v = field(f);
            if (!v.isTextual()) {
                throw problem(name, where(f), "expected a string");
            }
            return v.textValue();
        }

        /** The items of an array field (objects among them are checked when read with {@link #at}). */
        List<JsonNode> array(String f) {
            JsonNode v = field(f);
            if (!v.isArray()) {
                throw problem(name, where(f), "expected a JSON array");
            }
            List<JsonNode> out = new ArrayList<>();
            v.forEach(out::add);
            return out;
        }

        List<String> texts(String f) {
            List<String> out = new ArrayList<>();
            List<JsonNode> items = array(f);
            for (int i = 0; i < items.size(); i++) {
                if (!items.get(i).isTextual()) {
                    throw problem(name, where(f) + "[" + i + "]", "expected a string");
                }
                out.add(items.get(i).textValue());
            }
            return out;
        }

        Side side() {
            String s = text("side");
            return switch (s) {
                case "PRO" -> Side.PRO;
                case "CON" -> Side.CON;
                default -> throw problem(name, where("side"), "expected PRO or CON, got \"" + s + "\"");
            };
        }

        Style style() {
            String s = text("style");
            for (Style st : Style.values()) {
                if (st.name().equals(s)) {
                    return st;
                }
            }
            throw problem(name, where("style"), "expected one of " + Arrays.toString(Style.values()) + ", got \"" + s
                    + "\"");
        }
    }

    private static IllegalStateException problem(String name, String path, String expected) {
        return new IllegalStateException(name + ": " + (path.isEmpty() ? "" : path + ": ") + expected);
    }

    /** The checked bank: topics by proposition (in file order), arguments and rebuttals by id. */
    record Index(Map<String, Topic> byProposition, Map<String, Argument> arguments, Map<String, Rebuttal> rebuttals) {

        /**
         * Checks each topic in turn, refusing the first with problems (naming the document, the topic and every
         * problem): ids unique across the bank, values among the topic's, rebuttals aimed at an argument of the
         * other side of their topic, each proposition banked once.
         */
        static Index of(List<Topic> topics, String name) {
            Map<String, Topic> byProposition = new LinkedHashMap<>();
            Map<String, Argument> arguments = new HashMap<>();
            Map<String, Rebuttal> rebuttals = new HashMap<>();
            for (Topic t : topics) {
                Set<String> values = new HashSet<>(t.values());
                List<String> problems = new ArrayList<>();
                if (byProposition.containsKey(t.proposition())) {
                    problems.add("the proposition '" + t.proposition() + "' is banked twice");
                }
                Map<String, Argument> own = new HashMap<>();
                for (Argument a : t.arguments()) {
                    if (arguments.containsKey(a.id()) || rebuttals.containsKey(a.id()) || own.put(a.id(), a) != null) {
                        problems.add("argument id " + a.id() + " is used twice");
                    }
                    if (!values.contains(a.value())) {
                        problems.add(a.id() + " promotes " + a.value() + ", which is not among the topic's values");
                    }
                }
                Map<String, Rebuttal> ownRebuttals = new HashMap<>();
                for (Rebuttal r : t.rebuttals()) {
                    Argument target = own.get(r.attacks());
                    if (target == null || target.side() == r.side()) {
                        problems.add(r.id() + " attacks " + r.attacks() + ", which is no argument of the other side");
                    }
                    if (!values.contains(r.value())) {
                        problems.add(r.id() + " promotes " + r.value() + ", which is not among the topic's values");
                    }
                    if (rebuttals.containsKey(r.id()) || arguments.containsKey(r.id()) || own.containsKey(r.id())
                            || ownRebuttals.put(r.id(), r) != null) {
                        problems.add("rebuttal id " + r.id() + " is used twice");
                    }
                }
                if (!problems.isEmpty()) {
                    throw new IllegalStateException(name + ": argument bank topic " + t.id() + ": " + problems);
                }
                byProposition.put(t.proposition(), t);
                arguments.putAll(own);
                rebuttals.putAll(ownRebuttals);
            }
            return new Index(byProposition, arguments, rebuttals);
        }
    }

    /** Every banked topic, in a fixed order. */
    public static List<Topic> topics() {
        return List.copyOf(BANK.byProposition().values());
    }

    /** The banked topic of a proposition (the scenario's topic text). */
    public static Optional<Topic> topic(String proposition) {
        return Optional.ofNullable(BANK.byProposition().get(proposition));
    }

    public static Optional<Argument> argument(String id) {
        return Optional.ofNullable(BANK.arguments().get(id));
    }

    public static Optional<Rebuttal> rebuttal(String id) {
        return Optional.ofNullable(BANK.rebuttals().get(id));
    }
}
