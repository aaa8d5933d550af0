package dev.parley.aif;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * An immutable, validated JSON-AIF graph: nodes, edges, locutions and (optionally) participants.
 *
 * <p>Rules checked on construction: node ids are unique, edge ids are unique, participant ids are unique, every edge
 * joins two nodes of the graph, every locution names an L-node of the graph. All problems are reported at once in an
 * {@link AifValidationException}. Lists are copied; lookups by id are constant time.
 */
public final class AifGraph {

    private static final AifGraph EMPTY = new AifGraph(List.of(), List.of(), List.of(), List.of());

    private final List<AifNode> nodes;
    private final List<AifEdge> edges;
    private final List<AifLocution> locutions;
    private final List<AifParticipant> participants;
    private final Map<String, AifNode> nodeById;
    private final Map<String, AifEdge> edgeById;
    private final Map<String, List<AifEdge>> outgoing;
    private final Map<String, List<AifEdge>> incoming;
    private final Map<String, AifLocution> locutionByNode;

    public AifGraph(List<AifNode> nodes, List<AifEdge> edges, List<AifLocution> locutions,
                    List<AifParticipant> participants) {
        this.nodes = List.copyOf(nodes);
        this.edges = List.copyOf(edges);
        this.locutions = List.copyOf(locutions);
        this.participants = List.copyOf(participants == null ? List.of() : participants);
        List<String> problems = new ArrayList<>();
        Map<String, AifNode> byId = new HashMap<>();
        for (AifNode n : this.nodes) {
            if (byId.putIfAbsent(n.nodeID(), n) != null) {
                problems.add("node id " + n.nodeID() + " is used more than once");
            }
        }
        Map<String, AifEdge> eById = new HashMap<>();
        Map<String, List<AifEdge>> out = new HashMap<>();
        Map<String, List<AifEdge>> in = new HashMap<>();
        for (int i = 0; i < this.edges.size(); i++) {
            AifEdge e = this.edges.get(i);
            if (eById.putIfAbsent(e.edgeID(), e) != null) {
                problems.add("edge id " + e.edgeID() + " is used more than once");
            }
            if (!byId.containsKey(e.fromID())) {
                problems.add("edges[" + i + "] (edgeID " + e.edgeID() + ") starts at fromID " + e.fromID()
                        + ", which is not a node");
            }
            if (!byId.containsKey(e.toID())) {
                problems.add("edges[" + i + "] (edgeID " + e.edgeID() + ") ends at toID " + e.toID()
                        + ", which is not a node");
            }
            out.computeIfAbsent(e.fromID(), k -> new ArrayList<>()).add(e);
            in.computeIfAbsent(e.toID(), k -> new ArrayList<>()).add(e);
        }
        Map<String, AifLocution> locs = new HashMap<>();
        for (int i = 0; i < this.locutions.size(); i++) {
            AifLocution l = this.locutions.get(i);
            AifNode n = byId.get(l.nodeID());
            if (n == null) {
                problems.add("locutions[" + i + "] names nodeID " + l.nodeID() + ", which is not a node");
            } else if (n.type() != AifNodeType.L) {
                problems.add("locutions[" + i + "] names nodeID " + l.nodeID() + ", which is a " + n.type()
                        + "-node, not an L-node");
            }
            locs.putIfAbsent(l.nodeID(), l);
        }
        Set<String> pids = new java.util.HashSet<>();
        for (AifParticipant p : this.participants) {
            if (!pids.add(p.participantID())) {
                problems.add("participant id " + p.participantID() + " is used more than once");
            }
        }
        if (!problems.isEmpty()) {
            throw new AifValidationException(problems);
        }
        this.nodeById = byId;
        this.edgeById = eById;
        out.replaceAll((k, v) -> List.copyOf(v));
        in.replaceAll((k, v) -> List.copyOf(v));
        this.outgoing = out;
        this.incoming = in;
        this.locutionByNode = locs;
    }

    public AifGraph(List<AifNode> nodes, List<AifEdge> edges) {
        this(nodes, edges, List.of(), List.of());
    }

    public static AifGraph empty() {
        return EMPTY;
    }

    /** A builder that allocates fresh numeric ids; see {@link Builder}. */
    public static Builder builder() {
        return new Builder(EMPTY);
    }

    /** A builder that extends this graph: new ids never clash with the ones here, and new edges may use its nodes. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    public List<AifNode> nodes() {
        return nodes;
    }

    public List<AifEdge> edges() {
        return edges;
    }

    public List<AifLocution> locutions() {
        return locutions;
    }

    public List<AifParticipant> participants() {
        return participants;
    }

    public boolean isEmpty() {
        return nodes.isEmpty();
    }

    public Optional<AifNode> node(String nodeID) {
        return Optional.ofNullable(nodeById.get(nodeID));
    }

    public boolean hasNode(String nodeID) {
        return nodeById.containsKey(nodeID);
    }

    /** The node with this id, or an {@link AifException} naming it. */
    public AifNode requireNode(String nodeID) {
        AifNode n = nodeById.get(nodeID);
        if (n == null) {
            throw new AifException("no node with id " + nodeID);
        }
        return n;
    }

    public Optional<AifEdge> edge(String edgeID) {
        return Optional.ofNullable(edgeById.get(edgeID));
    }

    public Optional<AifLocution> locution(String nodeID) {
        return Optional.ofNullable(locutionByNode.get(nodeID));
    }

    /** Nodes of one type, in document order. */
    public List<AifNode> nodes(AifNodeType type) {
        List<AifNode> r = new ArrayList<>();
        for (AifNode n : nodes) {
            if (n.type() == type) {
                r.add(n);
            }
        }
        return r;
    }

    public List<AifEdge> outgoing(String nodeID) {
        return outgoing.getOrDefault(nodeID, List.of());
    }

    public List<AifEdge> incoming(String nodeID) {
        return incoming.getOrDefault(nodeID, List.of());
    }

    /** Nodes with an edge into {@code nodeID}, in edge order. */
    public List<AifNode> predecessors(String nodeID) {
        List<AifNode> r = new ArrayList<>();
        for (AifEdge e : incoming(nodeID)) {
            r.add(nodeById.get(e.fromID()));
        }
        return r;
    }

    /** Nodes reached by an edge out of {@code nodeID}, in edge order. */
    public List<AifNode> successors(String nodeID) {
        List<AifNode> r = new ArrayList<>();
        for (AifEdge e : outgoing(nodeID)) {
            r.add(nodeById.get(e.toID()));
        }
        return r;
    }

    /**
     * This graph extended by {@code delta}, whose node, edge and participant ids must all be new here (edges of the
     * delta may point at nodes of this graph only if the delta carries them, so use {@link #merge} for fragments
     * that repeat existing nodes).
     */
    public AifGraph plus(AifGraph delta) {
        List<String> clashes = new ArrayList<>();
        for (AifNode n : delta.nodes) {
            if (nodeById.containsKey(n.nodeID())) {
                clashes.add("node id " + n.nodeID() + " already exists");
            }
        }
        for (AifEdge e : delta.edges) {
            if (edgeById.containsKey(e.edgeID())) {
                clashes.add("edge id " + e.edgeID() + " already exists");
            }
        }
        if (!clashes.isEmpty()) {
            throw new AifValidationException(clashes);
        }
        return new AifGraph(concat(nodes, delta.nodes), concat(edges, delta.edges),
                concat(locutions, delta.locutions), concat(participants, delta.participants));
    }

    /**
     * The union of two graphs. An id present in both must denote the same node (edge, participant); it then
     * appears once. A same id with different content is an {@link AifValidationException}.
     */
    public AifGraph merge(AifGraph other) {
        List<String> problems = new ArrayList<>();
        List<AifNode> ns = union(nodes, nodeById, other.nodes, AifNode::nodeID, "node", problems);
        List<AifEdge> es = union(edges, edgeById, other.edges, AifEdge::edgeID, "edge", problems);
        Map<String, AifParticipant> ps = new LinkedHashMap<>();
        for (AifParticipant p : participants) {
            ps.put(p.participantID(), p);
        }
        for (AifParticipant p : other.participants) {
            AifParticipant mine = ps.putIfAbsent(p.participantID(), p);
            if (mine != null && !mine.equals(p)) {
                problems.add("participant id " + p.participantID() + " denotes different participants");
            }
        }
        if (!problems.isEmpty()) {
            throw new AifValidationException(problems);
        }
        Set<AifLocution> ls = new LinkedHashSet<>(locutions);
        ls.addAll(other.locutions);
        return new AifGraph(ns, es, new ArrayList<>(ls), new ArrayList<>(ps.values()));
    }

    /** Mine, then each of theirs whose id is new; an id of mine that theirs gives other content is a problem. */
    private static <T> List<T> union(List<T> mine, Map<String, T> byId, List<T> theirs, Function<T, String> id,
                                     String kind, List<String> problems) {
        List<T> out = new ArrayList<>(mine);
        for (T t : theirs) {
            T own = byId.get(id.apply(t));
            if (own == null) {
                out.add(t);
            } else if (!own.equals(t)) {
                problems.add(kind + " id " + id.apply(t) + " denotes different " + kind + "s: " + own + " and " + t);
            }
        }
        return out;
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> r = new ArrayList<>(a.size() + b.size());
        r.addAll(a);
        r.addAll(b);
        return r;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AifGraph g && g.nodes.equals(nodes) && g.edges.equals(edges)
                && g.locutions.equals(locutions) && g.participants.equals(participants);
    }

    @Override
    public int hashCode() {
        return Objects.hash(nodes, edges, locutions, participants);
    }

    @Override
    public String toString() {
        return "AifGraph[" + nodes.size() + " nodes, " + edges.size() + " edges, " + locutions.size()
                + " locutions]";
    }

    /**
     * Builds AIF the way a dialogue produces it, allocating ids. Ids are decimal integers continuing after the
     * largest numeric id (node or edge) of the base graph, so fragments built on a dialogue's graph never clash with
     * it. Every method checks its arguments at once and returns the id of the node it created.
     *
     * <p>Typical move: {@code l = locution("Bob", "cats are nice")}, {@code p = proposition("cats are nice")},
     * {@code illocution("Asserting", l, p)}, {@code transition(previousL, l)}.
     */
    public static final class Builder {

        /** Texts AIFdb and OVA give to unnamed scheme nodes. */
        public static final String DEFAULT_INFERENCE = "Default Inference";
        public static final String DEFAULT_CONFLICT = "Default Conflict";
        public static final String DEFAULT_REPHRASE = "Default Rephrase";
        public static final String DEFAULT_PREFERENCE = "Default Preference";
        public static final String DEFAULT_TRANSITION = "Default Transition";

        private final AifGraph base;
        private final List<AifNode> nodes = new ArrayList<>();
        private final Map<String, AifNode> added = new HashMap<>();
        private final List<AifEdge> edges = new ArrayList<>();
        private final List<AifLocution> locutions = new ArrayList<>();
        private final Map<String, AifParticipant> participants = new LinkedHashMap<>();
        private long nextId;
        private String timestamp;

        private Builder(AifGraph base) {
            this.base = base;
            long max = 0;
            for (AifNode n : base.nodes) {
                max = Math.max(max, numeric(n.nodeID()));
            }
            for (AifEdge e : base.edges) {
                max = Math.max(max, numeric(e.edgeID()));
            }
            this.nextId = max + 1;
        }

        private static long numeric(String id) {
            if (id.isEmpty() || id.length() > 18) {
                return 0;
            }
            for (int i = 0; i < id.length(); i++) {
                if (!Character.isDigit(id.charAt(i))) {
                    return 0;
                }
            }
            return Long.parseLong(id);
        }

        private String freshId() {
            String id;
            do {
                id = Long.toString(nextId++);
            } while (base.nodeById.containsKey(id) || base.edgeById.containsKey(id) || added.containsKey(id));
            return id;
        }

        /** The timestamp given to nodes and locutions created from now on ({@code null}: none). */
        public Builder at(String timestamp) {
            this.timestamp = timestamp;
            return this;
        }

        /** A node of any type with a fresh id. */
        public String node(AifNodeType type, String text) {
            return add(new AifNode(freshId(), text, type, timestamp, null, null));
        }

        /** A node with a given id, which must be new. */
        public String node(AifNode node) {
            if (known(node.nodeID())) {
                throw new AifException("node id " + node.nodeID() + " already exists");
            }
            return add(node);
        }

        private String add(AifNode node) {
            nodes.add(node);
            added.put(node.nodeID(), node);
            return node.nodeID();
        }

        /** An edge with a fresh id between two nodes of the base graph or of this builder. */
        public String edge(String fromID, String toID) {
            require(fromID);
            require(toID);
            String id = freshId();
            // edge ids share the counter with node ids (as in AIFdb), so remember them as taken
            added.put(id, null);
            edges.add(new AifEdge(id, fromID, toID));
            return id;
        }

        /** An L-node "speaker : words" with its locution entry (personID = speaker). */
        public String locution(String speaker, String words) {
            Objects.requireNonNull(speaker, "speaker");
            String id = node(AifNodeType.L, speaker + " : " + words);
            locutions.add(new AifLocution(id, speaker, timestamp));
            return id;
        }

        /** An I-node. */
        public String proposition(String text) {
            return node(AifNodeType.I, text);
        }

        /** The id of an I-node with exactly this text (in the base graph or built here), or a new one. */
        public String propositionOrExisting(String text) {
            for (AifNode n : base.nodes) {
                if (n.type() == AifNodeType.I && n.text().equals(text)) {
                    return n.nodeID();
                }
            }
            for (AifNode n : nodes) {
                if (n.type() == AifNodeType.I && n.text().equals(text)) {
                    return n.nodeID();
                }
            }
            return proposition(text);
        }

        /**
         * A YA-node (text = the illocution, e.g. "Asserting", "Arguing", "Pure Questioning") with edges
         * {@code from → YA → to}: an L anchoring its I-node, or a TA anchoring an RA/CA for a response.
         */
        public String illocution(String illocutionType, String from, String to) {
            return link(AifNodeType.YA, illocutionType, List.of(from), to);
        }

        /** An RA-node (Default Inference) with edges premise → RA for each premise and RA → conclusion. */
        public String inference(List<String> premises, String conclusion) {
            return inference(premises, conclusion, null);
        }

        /** An RA-node applying a named argumentation scheme (recorded as text and {@code scheme}). */
        public String inference(List<String> premises, String conclusion, String scheme) {
            if (premises.isEmpty()) {
                throw new AifException("an inference needs at least one premise");
            }
            if (scheme == null) {
                return link(AifNodeType.RA, DEFAULT_INFERENCE, premises, conclusion);
            }
            for (String p : premises) {
                require(p);
            }
            require(conclusion);
            String ra = add(new AifNode(freshId(), scheme, AifNodeType.RA, timestamp, scheme, null));
            for (String p : premises) {
                edge(p, ra);
            }
            edge(ra, conclusion);
            return ra;
        }

        /** A CA-node (Default Conflict) with edges attacker → CA → attacked. */
        public String conflict(String attacker, String attacked) {
            return link(AifNodeType.CA, DEFAULT_CONFLICT, List.of(attacker), attacked);
        }

        /** An MA-node (Default Rephrase) with edges original → MA → rephrased. */
        public String rephrase(String original, String rephrased) {
            return link(AifNodeType.MA, DEFAULT_REPHRASE, List.of(original), rephrased);
        }

        /** A PA-node (Default Preference) with edges preferred → PA → dispreferred. */
        public String preference(String preferred, String dispreferred) {
            return link(AifNodeType.PA, DEFAULT_PREFERENCE, List.of(preferred), dispreferred);
        }

        /** A TA-node (Default Transition) with edges fromL → TA → toL; both ends must be L-nodes. */
        public String transition(String fromL, String toL) {
            requireType(fromL, AifNodeType.L);
            requireType(toL, AifNodeType.L);
            return link(AifNodeType.TA, DEFAULT_TRANSITION, List.of(fromL), toL);
        }

        /** Adds a participant (an existing one with the same id must be identical). */
        public Builder participant(AifParticipant participant) {
            AifParticipant old = participants.get(participant.participantID());
            if (old == null) {
                old = base.participants.stream()
                        .filter(q -> q.participantID().equals(participant.participantID())).findFirst().orElse(null);
            }
            if (old == null) {
                participants.put(participant.participantID(), participant);
            } else if (!old.equals(participant)) {
                throw new AifException("participant id " + participant.participantID() + " already exists");
            }
            return this;
        }

        private String link(AifNodeType type, String text, List<String> from, String to) {
            for (String f : from) {
                require(f);
            }
            require(to);
            String s = node(type, text);
            for (String f : from) {
                edge(f, s);
            }
            edge(s, to);
            return s;
        }

        private boolean known(String id) {
            return base.nodeById.containsKey(id) || added.get(id) != null;
        }

        private AifNode lookup(String id) {
            AifNode n = added.get(id);
            return n != null ? n : base.nodeById.get(id);
        }

        private void require(String id) {
            if (id == null || lookup(id) == null) {
                throw new AifException("no node with id " + id + " in the graph being built");
            }
        }

        private void requireType(String id, AifNodeType type) {
            require(id);
            AifNode n = lookup(id);
            if (n.type() != type) {
                throw new AifException("node " + id + " is a " + n.type() + "-node; expected an " + type + "-node");
            }
        }

        /** The base graph with everything added here. */
        public AifGraph build() {
            List<AifParticipant> ps = concat(base.participants, new ArrayList<>(participants.values()));
            return new AifGraph(concat(base.nodes, nodes), concat(base.edges, edges),
                    concat(base.locutions, locutions), ps);
        }

        /**
         * Only what this builder added, plus the nodes of the base graph that its edges touch (so the fragment is a
         * valid graph on its own). {@code base.merge(buildDelta())} equals {@link #build()} up to node order.
         */
        public AifGraph buildDelta() {
            List<AifNode> ns = new ArrayList<>();
            Set<String> seen = new LinkedHashSet<>();
            for (AifEdge e : edges) {
                for (String end : List.of(e.fromID(), e.toID())) {
                    if (added.get(end) == null && seen.add(end)) {
                        ns.add(base.nodeById.get(end));
                    }
                }
            }
            ns.addAll(nodes);
            return new AifGraph(ns, edges, locutions, new ArrayList<>(participants.values()));
        }

        /** Ids of the nodes this builder created, in creation order. */
        public List<String> createdNodeIds() {
            List<String> r = new ArrayList<>();
            for (AifNode n : nodes) {
                r.add(n.nodeID());
            }
            return r;
        }
    }
}
