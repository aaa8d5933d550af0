package dev.parley.aif;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class AifGraphTest {

    private static AifNode i(String id, String text) {
        return AifNode.of(id, text, AifNodeType.I);
    }

    @Test
    void copiesItsListsAndRejectsChangesToThem() {
        List<AifNode> nodes = new ArrayList<>(List.of(i("1", "p")));
        AifGraph g = new AifGraph(nodes, List.of());
        nodes.add(i("2", "q"));
        assertThat(g.nodes()).hasSize(1);
        assertThatThrownBy(() -> g.nodes().add(i("3", "r"))).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void reportsEveryValidationProblemAtOnce() {
        assertThatThrownBy(() -> new AifGraph(
                List.of(i("1", "p"), i("1", "q"), AifNode.of("2", "Bob : hi", AifNodeType.L)),
                List.of(new AifEdge("e", "1", "2"), new AifEdge("e", "9", "1")),
                List.of(new AifLocution("8", "bob", null)),
                List.of(new AifParticipant("bob", "Bob", null), new AifParticipant("bob", "Bob", null))))
                .isInstanceOfSatisfying(AifValidationException.class, e -> assertThat(e.problems()).containsExactly(
                        "node id 1 is used more than once",
                        "edge id e is used more than once",
                        "edges[1] (edgeID e) starts at fromID 9, which is not a node",
                        "locutions[0] names nodeID 8, which is not a node",
                        "participant id bob is used more than once"));
    }

    @Test
    void builderProducesTheAifOfADialogue() {
        AifGraph.Builder b = AifGraph.builder().at("t1");
        String l1 = b.locution("Alice", "cars should be banned");
        String p = b.proposition("cars should be banned");
        b.illocution("Asserting", l1, p);
        b.at("t2");
        String l2 = b.locution("Bob", "shops would suffer");
        String q = b.proposition("shops would suffer");
        b.illocution("Asserting", l2, q);
        String ta = b.transition(l1, l2);
        String ca = b.conflict(q, p);
        b.illocution("Disagreeing", ta, ca);
        AifGraph g = b.build();

        assertThat(g.requireNode(l1).text()).isEqualTo("Alice : cars should be banned");
        assertThat(g.requireNode(l1).timestamp()).isEqualTo("t1");
        assertThat(g.requireNode(l2).timestamp()).isEqualTo("t2");
        assertThat(g.locution(l2)).contains(new AifLocution(l2, "Bob", "t2"));
        assertThat(g.successors(l1)).extracting(AifNode::type).containsExactlyInAnyOrder(AifNodeType.YA,
                AifNodeType.TA);
        assertThat(g.predecessors(ca)).extracting(AifNode::nodeID).containsExactlyInAnyOrder(q,
                g.predecessors(ca).stream().filter(n -> n.type() == AifNodeType.YA).findFirst().orElseThrow()
                        .nodeID());
        assertThat(g.successors(ca)).extracting(AifNode::nodeID).containsExactly(p);
        assertThat(g.successors(ta)).extracting(AifNode::nodeID).contains(l2);
        // node and edge ids come from one counter, so none repeats
        HashSet<String> ids = new HashSet<>();
        g.nodes().forEach(n -> assertThat(ids.add(n.nodeID())).isTrue());
        g.edges().forEach(e -> assertThat(ids.add(e.edgeID())).isTrue());
        assertThat(AifJson.read(AifJson.toJson(g))).isEqualTo(g);
    }

    @Test
    void builderOnAnExistingGraphContinuesItsIdsAndDeltaMergesBack() {
        AifGraph.Builder first = AifGraph.builder();
        String l1 = first.locution("Alice", "p");
        String p = first.proposition("p");
        first.illocution("Asserting", l1, p);
        AifGraph base = new AifGraph(List.of(), List.of()).merge(first.build());
        long maxBase = base.nodes().stream().mapToLong(n -> Long.parseLong(n.nodeID())).max().orElseThrow();

        AifGraph.Builder move = base.toBuilder();
        String l2 = move.locution("Bob", "q, so not p");
        String q = move.proposition("q");
        String r = move.inference(List.of(q), move.proposition("not p"), "Argument From Sign");
        move.illocution("Arguing", l2, r);
        move.transition(l1, l2);
        assertThat(move.propositionOrExisting("p")).isEqualTo(p);
        assertThat(move.propositionOrExisting("q")).isEqualTo(q);
        AifGraph delta = move.buildDelta();
        AifGraph full = move.build();

        assertThat(move.createdNodeIds()).allMatch(id -> Long.parseLong(id) > maxBase);
        assertThat(full.requireNode(r).scheme()).isEqualTo("Argument From Sign");
        // the delta carries the one base node its edges touch (l1, for the transition)
        assertThat(delta.nodes()).extracting(AifNode::nodeID).contains(l1).doesNotContain(p);
        assertThat(delta.locutions()).extracting(AifLocution::nodeID).containsExactly(l2);
        AifGraph merged = base.merge(delta);
        assertThat(new HashSet<>(merged.nodes())).isEqualTo(new HashSet<>(full.nodes()));
        assertThat(new HashSet<>(merged.edges())).isEqualTo(new HashSet<>(full.edges()));
        // merging the same fragment twice changes nothing
        assertThat(merged.merge(delta)).isEqualTo(merged);
        // plus wants fresh ids, so a fragment repeating l1 is refused
        assertThatThrownBy(() -> base.plus(delta)).isInstanceOf(AifValidationException.class)
                .hasMessageContaining("node id " + l1 + " already exists");
    }

    @Test
    void builderChecksItsArguments() {
        AifGraph.Builder b = AifGraph.builder();
        String p = b.proposition("p");
        String l = b.locution("A", "p");
        assertThatThrownBy(() -> b.conflict(p, "nope")).isInstanceOf(AifException.class)
                .hasMessageContaining("no node with id nope");
        assertThatThrownBy(() -> b.transition(l, p)).isInstanceOf(AifException.class)
                .hasMessageContaining("is a I-node; expected an L-node");
        assertThatThrownBy(() -> b.inference(List.of(), p)).isInstanceOf(AifException.class);
        assertThatThrownBy(() -> b.node(AifNode.of(p, "dup", AifNodeType.I))).isInstanceOf(AifException.class);
        b.participant(new AifParticipant("A", "Ann", ""));
        assertThatThrownBy(() -> b.participant(new AifParticipant("A", "Other", "")))
                .isInstanceOf(AifException.class);
        // a failed call leaves the builder usable and its graph valid
        assertThat(b.build().nodes()).hasSize(2);
    }

    @Test
    void mergeRejectsAnIdThatMeansTwoThings() {
        AifGraph a = new AifGraph(List.of(i("1", "p")), List.of());
        AifGraph b = new AifGraph(List.of(i("1", "q")), List.of());
        assertThatThrownBy(() -> a.merge(b)).isInstanceOf(AifValidationException.class)
                .hasMessageContaining("node id 1 denotes different nodes");
        assertThat(a.merge(a)).isEqualTo(a);
        assertThat(a.plus(new AifGraph(List.of(i("2", "q")), List.of())).nodes()).hasSize(2);
    }

    /** Nodes and edges are merged alike: a shared id with the same content once, a different content refused. */
    @Test
    void mergeNamesEachNodeAndEdgeIdThatMeansTwoThings() {
        AifGraph a = new AifGraph(List.of(i("1", "p"), i("2", "q"), i("3", "r")),
                List.of(new AifEdge("e1", "1", "2"), new AifEdge("e2", "2", "3")));
        AifGraph b = new AifGraph(List.of(i("1", "p"), i("2", "other q"), i("4", "s")),
                List.of(new AifEdge("e1", "1", "2"), new AifEdge("e2", "1", "4"), new AifEdge("e3", "4", "1")));
        assertThatThrownBy(() -> a.merge(b)).isInstanceOf(AifValidationException.class)
                .extracting(e -> ((AifValidationException) e).problems()).asList().containsExactly(
                        "node id 2 denotes different nodes: " + i("2", "q") + " and " + i("2", "other q"),
                        "edge id e2 denotes different edges: " + new AifEdge("e2", "2", "3") + " and "
                                + new AifEdge("e2", "1", "4"));
        AifGraph c = new AifGraph(List.of(i("1", "p"), i("2", "q"), i("4", "s")),
                List.of(new AifEdge("e1", "1", "2"), new AifEdge("e3", "4", "1")));
        AifGraph merged = new AifGraph(List.of(i("1", "p"), i("2", "q")), List.of(new AifEdge("e1", "1", "2")))
                .merge(c);
        assertThat(merged.nodes()).containsExactly(i("1", "p"), i("2", "q"), i("4", "s"));
        assertThat(merged.edges()).containsExactly(new AifEdge("e1", "1", "2"), new AifEdge("e3", "4", "1"));
    }
}
