package dev.parley.aif;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AifJsonTest {

    static AifGraph debate() throws IOException {
        try (InputStream in = AifJsonTest.class.getResourceAsStream("/aif/city-centre-debate.json");
             Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return AifJson.read(r, "city-centre-debate.json");
        }
    }

    @Test
    void readsARealisticDebateWithMixedIdFormsAndUnknownFields() throws IOException {
        AifGraph g = debate();
        assertThat(g.nodes()).hasSize(18);
        assertThat(g.edges()).hasSize(22);
        assertThat(g.nodes(AifNodeType.L)).hasSize(4);
        assertThat(g.nodes(AifNodeType.I)).extracting(AifNode::nodeID).containsExactly("3", "10", "16");
        assertThat(g.nodes(AifNodeType.TA)).hasSize(3);
        assertThat(g.nodes(AifNodeType.YA)).extracting(AifNode::text)
                .containsExactly("Asserting", "Pure Questioning", "Asserting", "Arguing", "Asserting", "Disagreeing");

        // numbers and strings both become the same textual id
        assertThat(g.requireNode("1").text()).isEqualTo("Alice : We should ban cars from the city centre");
        AifNode ra = g.requireNode("11");
        assertThat(ra.type()).isEqualTo(AifNodeType.RA);
        assertThat(ra.scheme()).isEqualTo("Argument From Consequences");
        assertThat(ra.schemeID()).isEqualTo("23");
        assertThat(g.requireNode("2").scheme()).isNull();
        assertThat(g.requireNode("1").timestamp()).isEqualTo("2024-03-01 10:00:00");

        // structure: premise -> RA -> conclusion, attacker -> CA -> attacked, L -> TA -> L
        assertThat(g.predecessors("11")).extracting(AifNode::nodeID).containsExactlyInAnyOrder("10", "12");
        assertThat(g.successors("11")).extracting(AifNode::nodeID).containsExactly("3");
        assertThat(g.predecessors("17")).extracting(AifNode::nodeID).containsExactlyInAnyOrder("16", "18");
        assertThat(g.successors("17")).extracting(AifNode::nodeID).containsExactly("3");
        assertThat(g.successors("5")).extracting(AifNode::nodeID).containsExactly("4");
        assertThat(g.incoming("3")).extracting(AifEdge::edgeID).containsExactly("102", "106", "112", "120");

        assertThat(g.locution("13")).contains(new AifLocution("13", "2", null));
        assertThat(g.locution("3")).isEmpty();
        assertThat(g.participants()).containsExactly(new AifParticipant("1", "Alice", "Archer"),
                new AifParticipant("2", "Bob", "Baker"));
        assertThat(g.edge("999")).isEmpty();
        assertThatThrownBy(() -> g.requireNode("999")).isInstanceOf(AifException.class).hasMessageContaining("999");
    }

    @Test
    void roundTripsThroughText(@TempDir Path dir) throws IOException {
        AifGraph g = debate();
        String json = AifJson.toJson(g);
        assertThat(AifJson.read(json)).isEqualTo(g);
        // optional fields that are absent stay absent rather than becoming "null"
        assertThat(json).doesNotContain("null");
        Path f = dir.resolve("out.json");
        AifJson.write(g, f);
        assertThat(AifJson.read(f)).isEqualTo(g);
    }

    @Test
    void roundTripsAGraphWithoutParticipantsOrLocutions() {
        AifGraph g = new AifGraph(List.of(AifNode.of("a", "p", AifNodeType.I), AifNode.of("b", "q", AifNodeType.I),
                AifNode.of("c", "Default Conflict", AifNodeType.CA)),
                List.of(new AifEdge("e1", "a", "c"), new AifEdge("e2", "c", "b")));
        String json = AifJson.toJson(g);
        assertThat(json).doesNotContain("participants");
        assertThat(AifJson.read(json)).isEqualTo(g);
    }

    @Test
    void acceptsTheOva3Wrapper() {
        AifGraph g = AifJson.read("""
                {"AIF": {"nodes": [{"nodeID": 1, "text": "p", "type": "I"}], "edges": [], "locutions": []},
                 "OVA": {"firstname": "x", "nodes": []}, "text": "<span>p</span>"}
                """);
        assertThat(g.nodes()).containsExactly(AifNode.of("1", "p", AifNodeType.I));
    }

    @Test
    void reportsSyntaxErrorsWithLineAndColumn() {
        String json = """
                {"nodes": [
                  {"nodeID": 1, "text": "p", "type": "I"}
                  {"nodeID": 2, "text": "q", "type": "I"}
                ]}
                """;
        assertThatThrownBy(() -> AifJson.read(new java.io.StringReader(json), "broken.json"))
                .isInstanceOfSatisfying(AifFormatException.class, e -> {
                    assertThat(e.source()).isEqualTo("broken.json");
                    assertThat(e.line()).isEqualTo(3);
                    // the unexpected '{' opening the second node, after two spaces of indentation
                    assertThat(e.column()).isEqualTo(3);
                    assertThat(e.getMessage()).startsWith("broken.json:3:3: ");
                });
    }

    @Test
    void reportsAnUnknownNodeTypeWithItsPosition() {
        String json = """
                {"nodes": [
                  {"nodeID": 1, "text": "p", "type": "I"},
                  {"nodeID": 2, "text": "q", "type": "XA"}
                ], "edges": []}
                """;
        assertThatThrownBy(() -> AifJson.read(json))
                .isInstanceOfSatisfying(AifFormatException.class, e -> {
                    assertThat(e.line()).isEqualTo(3);
                    assertThat(e.getMessage()).contains("nodes[1]").contains("unknown node type \"XA\"")
                            .contains("expected one of I, L, RA, CA, MA, PA, TA, YA");
                });
    }

    @Test
    void reportsMissingRequiredFields() {
        assertThatThrownBy(() -> AifJson.read("{\"nodes\": [{\"text\": \"p\", \"type\": \"I\"}]}"))
                .isInstanceOf(AifFormatException.class).hasMessageContaining("missing required field \"nodeID\"");
        assertThatThrownBy(() -> AifJson.read("""
                {"nodes": [{"nodeID": 1, "type": "I"}], "edges": [{"edgeID": 1, "fromID": 1}]}"""))
                .isInstanceOf(AifFormatException.class).hasMessageContaining("toID");
        assertThatThrownBy(() -> AifJson.read("{\"nodes\": [{\"nodeID\": null, \"type\": \"I\"}]}"))
                .isInstanceOf(AifFormatException.class).hasMessageContaining("nodeID is null");
        assertThatThrownBy(() -> AifJson.read("{\"edges\": []}"))
                .isInstanceOf(AifFormatException.class).hasMessageContaining("\"nodes\"");
        assertThatThrownBy(() -> AifJson.read("[1, 2]")).isInstanceOf(AifFormatException.class)
                .hasMessage("<string>:1:1: expected a JSON-AIF object, found array");
        assertThatThrownBy(() -> AifJson.read("{\"nodes\": [{\"nodeID\": {\"x\": 1}, \"type\": \"I\"}]}"))
                .isInstanceOf(AifFormatException.class)
                .hasMessageContaining("nodes[0].nodeID: expected a number or a string, found object");
        assertThatThrownBy(() -> AifJson.read("{\"nodes\": []} trailing"))
                .isInstanceOf(AifFormatException.class);
        assertThatThrownBy(() -> AifJson.read("{\"nodes\": [null]}"))
                .isInstanceOf(AifFormatException.class).hasMessageContaining("nodes[0] is null");
    }

    @Test
    void reportsGraphRuleViolationsFoundAfterParsing() {
        String json = """
                {"nodes": [{"nodeID": 1, "text": "p", "type": "I"}, {"nodeID": "1", "text": "q", "type": "I"}],
                 "edges": [{"edgeID": 7, "fromID": 1, "toID": 42}],
                 "locutions": [{"nodeID": 1, "personID": 3}]}
                """;
        assertThatThrownBy(() -> AifJson.read(json))
                .isInstanceOfSatisfying(AifFormatException.class, e -> {
                    assertThat(e.getCause()).isInstanceOf(AifValidationException.class);
                    assertThat(((AifValidationException) e.getCause()).problems()).containsExactly(
                            "node id 1 is used more than once",
                            "edges[0] (edgeID 7) ends at toID 42, which is not a node",
                            "locutions[0] names nodeID 1, which is a I-node, not an L-node");
                });
    }

    @Test
    void readingAMissingFileIsBadInputAndWritesNothing(@TempDir Path dir) {
        assertThatThrownBy(() -> AifJson.read(dir.resolve("nope.json")))
                .isInstanceOf(dev.parley.error.InputException.class)
                .hasMessage(dir.resolve("nope.json") + ": no such file");
        assertThat(Files.exists(dir.resolve("nope.json"))).isFalse();
    }
}
