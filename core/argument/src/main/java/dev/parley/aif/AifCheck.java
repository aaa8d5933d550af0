package dev.parley.aif;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Finds every structural problem of an AIF document at once, each at its JSON path. It reads the JSON tree, not an
 * {@link AifGraph}, so that a document the strict reader refuses at its first problem is still described whole.
 * Accepts the AIFdb top level ({@code nodes, edges, locutions, participants}) and the xAIF wrapper
 * ({@code {"AIF": {...}, "text": ..., "dialog": ...}}; paths then start {@code $.AIF}).
 *
 * <p>Rules, from the AIF core ontology (Chesñevar et al. 2006) and the way Inference Anchoring Theory uses it in
 * AIFdb's corpora (Budzynska and Reed 2011):
 * <ul>
 *   <li>form: lists are lists, nodes, edges and locutions have their id fields, node types are known, ids are
 *       unique;</li>
 *   <li>reference: an edge joins two nodes of the document and not a node to itself; a locution names an L-node; a
 *       locution's person is a participant (when participants are listed);</li>
 *   <li>I-nodes and L-nodes connect only through scheme nodes: no edge joins two of them directly;</li>
 *   <li>a YA anchors an illocution: it comes from a locution (L) or a transition (TA) and goes to what is said
 *       (I, a reported L, or the RA, CA, MA or PA that a transition anchors);</li>
 *   <li>a TA joins locutions: it comes from L-nodes and goes to L-nodes (and to the YA it anchors);</li>
 *   <li>an RA, CA, MA or PA relates content: at least one antecedent (I or a scheme node, besides its YA anchor) and
 *       exactly one consequent (I or a scheme node); neither is an L-node.</li>
 * </ul>
 */
public final class AifCheck {

    private static final Set<AifNodeType> RELATIONS = Set.of(AifNodeType.RA, AifNodeType.CA, AifNodeType.MA,
            AifNodeType.PA);

    private final List<AifProblem> problems = new ArrayList<>();

    private AifCheck() {
    }

    /** Every problem of the document; empty when it is well formed. */
    public static List<AifProblem> check(JsonNode document) {
        AifCheck c = new AifCheck();
        c.run(document);
        return List.copyOf(c.problems);
    }

    /** The problems of a graph Parley built or read, through its JSON. */
    public static List<AifProblem> check(AifGraph graph) {
        try {
            return check(new com.fasterxml.jackson.databind.ObjectMapper().readTree(AifJson.toJson(graph)));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("Parley's own AIF JSON does not parse", e);
        }
    }

    private void problem(String path, String message) {
        problems.add(new AifProblem(path, message));
    }

    /** A node as the rules see it. */
    private record Node(String path, String id, AifNodeType type, String text) {
        /** The node as named in another node's problem: where it is and what it is. */
        String describe() {
            return path + " (" + self() + ")";
        }

        /** The node as named in its own problem, which is already at its path. */
        String self() {
            return type + " " + id + (text.isEmpty() ? "" : " \"" + abbreviate(text) + "\"");
        }
    }

    private static String article(AifNodeType t) {
        return t == AifNodeType.RA || t == AifNodeType.MA ? "an" : "a";
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    private void run(JsonNode root) {
        if (root == null || !root.isObject()) {
            problem("$", "expected a JSON object with \"nodes\" and \"edges\" (AIFdb) or an \"AIF\" object (xAIF)");
            return;
        }
        String base = "$";
        JsonNode aif = root;
        if (!root.has("nodes") && root.has("AIF")) {
            base = "$.AIF";
            aif = root.get("AIF");
            if (!aif.isObject()) {
                problem(base, "expected an object holding \"nodes\" and \"edges\"");
                return;
            }
        }
        Map<String, Node> nodes = nodes(aif, base);
        Map<String, List<Node>> into = new HashMap<>();
        Map<String, List<Node>> outOf = new HashMap<>();
        edges(aif, base, nodes, into, outOf);
        locutions(aif, base, nodes);
        for (Node n : nodes.values()) {
            List<Node> in = into.getOrDefault(n.id, List.of());
            List<Node> out = outOf.getOrDefault(n.id, List.of());
            switch (n.type) {
                case YA -> illocution(n, in, out);
                case TA -> transition(n, in, out);
                case RA, CA, MA, PA -> relation(n, in, out);
                default -> { }
            }
        }
    }

    /** The nodes by id: each with an id and a known type, the first of a repeated id kept. */
    private Map<String, Node> nodes(JsonNode aif, String base) {
        Map<String, Node> nodes = new LinkedHashMap<>();
        for (Indexed e : list(aif, base, "nodes", true)) {
            String id = id(e.node, e.path, "nodeID");
            AifNodeType type = type(e.node, e.path);
            JsonNode text = e.node.get("text");
            if (text != null && !text.isTextual() && !text.isNull()) {
                problem(e.path + ".text", "expected a string");
            }
            if (id == null || type == null) {
                continue;
            }
            Node n = new Node(e.path, id, type, text != null && text.isTextual() ? text.asText() : "");
            Node had = nodes.putIfAbsent(id, n);
            if (had != null) {
                problem(e.path + ".nodeID", id + " is already the id of " + had.path);
            }
        }
        return nodes;
    }

    /** Checks each edge's ids and ends, filling {@code into} and {@code outOf} with those that join two nodes. */
    private void edges(JsonNode aif, String base, Map<String, Node> nodes, Map<String, List<Node>> into,
                       Map<String, List<Node>> outOf) {
        Map<String, String> edgeIds = new HashMap<>();
        for (Indexed e : list(aif, base, "edges", true)) {
            String id = id(e.node, e.path, "edgeID");
            String from = id(e.node, e.path, "fromID");
            String to = id(e.node, e.path, "toID");
            if (id != null && edgeIds.putIfAbsent(id, e.path) != null) {
                problem(e.path + ".edgeID", id + " is already the id of " + edgeIds.get(id));
            }
            Node a = from == null ? null : nodes.get(from);
            Node b = to == null ? null : nodes.get(to);
            if (from != null && a == null) {
                problem(e.path + ".fromID", from + " is not a node");
            }
            if (to != null && b == null) {
                problem(e.path + ".toID", to + " is not a node");
            }
            if (a == null || b == null) {
                continue;
            }
            if (a == b) {
                problem(e.path, "joins " + a.describe() + " to itself");
                continue;
            }
            if (!a.type.isScheme() && !b.type.isScheme()) {
                problem(e.path, "joins " + a.describe() + " directly to " + b.describe()
                        + "; I- and L-nodes connect only through a scheme node (YA, TA, RA, CA, MA, PA)");
            }
            outOf.computeIfAbsent(a.id, k -> new ArrayList<>()).add(b);
            into.computeIfAbsent(b.id, k -> new ArrayList<>()).add(a);
        }
    }

    /** The participants, listed once each, and the locutions, each of an L-node by a listed participant. */
    private void locutions(JsonNode aif, String base, Map<String, Node> nodes) {
        Set<String> people = new java.util.HashSet<>();
        List<Indexed> participants = list(aif, base, "participants", false);
        for (Indexed e : participants) {
            String id = id(e.node, e.path, "participantID");
            if (id != null && !people.add(id)) {
                problem(e.path + ".participantID", id + " is listed twice");
            }
        }
        for (Indexed e : list(aif, base, "locutions", false)) {
            String id = id(e.node, e.path, "nodeID");
            String person = id(e.node, e.path, "personID");
            if (id != null) {
                Node n = nodes.get(id);
                if (n == null) {
                    problem(e.path + ".nodeID", id + " is not a node");
                } else if (n.type != AifNodeType.L) {
                    problem(e.path + ".nodeID", id + " is " + n.describe() + ", not an L-node");
                }
            }
            if (person != null && !participants.isEmpty() && !people.contains(person)) {
                problem(e.path + ".personID", person + " is not a participantID of " + base + ".participants");
            }
        }
    }

    private void illocution(Node n, List<Node> in, List<Node> out) {
        List<Node> anchors = in.stream().filter(x -> x.type == AifNodeType.L || x.type == AifNodeType.TA).toList();
        if (anchors.isEmpty()) {
            problem(n.path, n.self() + " has no locution (L) or transition (TA) to anchor on; a YA links a"
                    + " locution to what it says");
        }
        for (Node x : in) {
            if (x.type != AifNodeType.L && x.type != AifNodeType.TA) {
                problem(n.path, n.self() + " comes from " + x.describe() + "; a YA comes from an L or a TA");
            }
        }
        if (out.isEmpty()) {
            problem(n.path, n.self() + " says nothing: it has no edge to a proposition (I), a reported"
                    + " locution (L) or a relation (RA, CA, MA, PA)");
        }
        for (Node x : out) {
            if (x.type == AifNodeType.TA || x.type == AifNodeType.YA) {
                problem(n.path, n.self() + " goes to " + x.describe() + "; a YA goes to an I, an L or a relation");
            }
        }
    }

    private void transition(Node n, List<Node> in, List<Node> out) {
        if (in.stream().noneMatch(x -> x.type == AifNodeType.L)) {
            problem(n.path, n.self() + " has no locution before it; a TA joins two locutions");
        }
        if (out.stream().noneMatch(x -> x.type == AifNodeType.L)) {
            problem(n.path, n.self() + " has no locution after it; a TA joins two locutions");
        }
        for (Node x : in) {
            if (x.type != AifNodeType.L) {
                problem(n.path, n.self() + " comes from " + x.describe() + ", not a locution");
            }
        }
        for (Node x : out) {
            if (x.type != AifNodeType.L && x.type != AifNodeType.YA) {
                problem(n.path, n.self() + " goes to " + x.describe() + ", not a locution or the YA it anchors");
            }
        }
    }

    private void relation(Node n, List<Node> in, List<Node> out) {
        List<Node> antecedents = in.stream().filter(x -> x.type != AifNodeType.YA).toList();
        if (antecedents.isEmpty()) {
            problem(n.path, n.self() + " has no antecedent (an I-node or a scheme node it relates)");
        }
        if (out.size() != 1) {
            problem(n.path, n.self() + " has " + out.size() + " consequents; a relation has exactly one");
        }
        for (Node x : antecedents) {
            if (x.type == AifNodeType.L || x.type == AifNodeType.TA) {
                problem(n.path, n.self() + " comes from " + x.describe() + "; " + article(n.type) + " " + n.type
                        + " relates propositions, its anchoring on a locution goes through a YA");
            }
        }
        for (Node x : out) {
            if (x.type == AifNodeType.L || x.type == AifNodeType.YA || x.type == AifNodeType.TA) {
                problem(n.path, n.self() + " goes to " + x.describe() + "; " + article(n.type) + " " + n.type
                        + " concludes an I-node or a scheme node");
            }
        }
    }

    private record Indexed(String path, JsonNode node) {
    }

    private List<Indexed> list(JsonNode parent, String base, String field, boolean required) {
        JsonNode v = parent.get(field);
        String path = base + "." + field;
        if (v == null || v.isNull()) {
            if (required) {
                problem(path, "missing; expected a list");
            }
            return List.of();
        }
        if (!v.isArray()) {
            problem(path, "expected a list, found " + kind(v));
            return List.of();
        }
        List<Indexed> r = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            String p = path + "[" + i + "]";
            if (!v.get(i).isObject()) {
                problem(p, "expected an object, found " + kind(v.get(i)));
            } else {
                r.add(new Indexed(p, v.get(i)));
            }
        }
        return r;
    }

    private String id(JsonNode o, String path, String field) {
        JsonNode v = o.get(field);
        if (v == null || v.isNull()) {
            problem(path + "." + field, "missing; expected a number or a string");
            return null;
        }
        if (!v.isTextual() && !v.isIntegralNumber()) {
            problem(path + "." + field, "expected a number or a string, found " + kind(v));
            return null;
        }
        return v.asText();
    }

    private AifNodeType type(JsonNode o, String path) {
        JsonNode v = o.get("type");
        if (v == null || !v.isTextual()) {
            problem(path + ".type", (v == null ? "missing" : "expected a string, found " + kind(v))
                    + "; expected one of I, L, RA, CA, MA, PA, TA, YA");
            return null;
        }
        try {
            return AifNodeType.valueOf(v.asText().trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            problem(path + ".type", "unknown node type \"" + v.asText() + "\"; expected one of I, L, RA, CA, MA, PA,"
                    + " TA, YA");
            return null;
        }
    }

    private static String kind(JsonNode v) {
        return v.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
