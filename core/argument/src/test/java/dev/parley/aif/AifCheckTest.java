package dev.parley.aif;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AifCheckTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode resource(String name) throws IOException {
        try (InputStream in = AifCheckTest.class.getResourceAsStream("/aif/" + name)) {
            return MAPPER.readTree(in);
        }
    }

    private static AifGraph graph(String name) throws IOException {
        try (InputStream in = AifCheckTest.class.getResourceAsStream("/aif/" + name)) {
            return AifJson.read(new InputStreamReader(in, StandardCharsets.UTF_8), name);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"qt30-style.json", "xaif-style.json", "city-centre-debate.json"})
    void wellFormedMapsHaveNoProblem(String name) throws IOException {
        assertThat(AifCheck.check(resource(name))).isEmpty();
    }

    @Test
    void everyProblemIsReportedAtOnceAtItsPath() throws IOException {
        List<String> found = AifCheck.check(resource("broken.json")).stream().map(AifProblem::toString).toList();
        assertThat(found).containsExactly(
                "$.nodes[3].nodeID: 2 is already the id of $.nodes[1]",
                "$.nodes[6].type: unknown node type \"XA\"; expected one of I, L, RA, CA, MA, PA, TA, YA",
                "$.nodes[7].nodeID: missing; expected a number or a string",
                "$.edges[1].toID: 99 is not a node",
                "$.edges[4]: joins $.nodes[8] (I 7 \"the ground is wet\") directly to $.nodes[1] (I 2 \"it will"
                        + " rain\"); I- and L-nodes connect only through a scheme node (YA, TA, RA, CA, MA, PA)",
                "$.edges[5].edgeID: e5 is already the id of $.edges[4]",
                "$.locutions[0].nodeID: 2 is $.nodes[1] (I 2 \"it will rain\"), not an L-node",
                "$.locutions[1].nodeID: 42 is not a node",
                "$.nodes[2]: YA 3 \"Asserting\" has no locution (L) or transition (TA) to anchor on; a YA links a"
                        + " locution to what it says",
                "$.nodes[2]: YA 3 \"Asserting\" comes from $.nodes[1] (I 2 \"it will rain\"); a YA comes from an L"
                        + " or a TA",
                "$.nodes[2]: YA 3 \"Asserting\" says nothing: it has no edge to a proposition (I), a reported"
                        + " locution (L) or a relation (RA, CA, MA, PA)",
                "$.nodes[4]: TA 4 \"Default Transition\" has no locution before it; a TA joins two locutions",
                "$.nodes[4]: TA 4 \"Default Transition\" has no locution after it; a TA joins two locutions",
                "$.nodes[4]: TA 4 \"Default Transition\" comes from $.nodes[1] (I 2 \"it will rain\"), not a"
                        + " locution",
                "$.nodes[4]: TA 4 \"Default Transition\" goes to $.nodes[8] (I 7 \"the ground is wet\"), not a"
                        + " locution or the YA it anchors",
                "$.nodes[5]: RA 5 \"Default Inference\" has 2 consequents; a relation has exactly one",
                "$.nodes[5]: RA 5 \"Default Inference\" comes from $.nodes[0] (L 1 \"Ann : it will rain\"); an RA"
                        + " relates propositions, its anchoring on a locution goes through a YA",
                "$.nodes[9]: YA 8 \"Asserting\" has no locution (L) or transition (TA) to anchor on; a YA links a"
                        + " locution to what it says",
                "$.nodes[9]: YA 8 \"Asserting\" says nothing: it has no edge to a proposition (I), a reported"
                        + " locution (L) or a relation (RA, CA, MA, PA)");
    }

    @Test
    void xaifPathsStartAtTheWrapper() throws IOException {
        JsonNode doc = MAPPER.readTree("{\"AIF\": {\"nodes\": [{\"nodeID\": 1, \"type\": \"CA\", \"text\": \"x\"}],"
                + " \"edges\": [], \"locutions\": [{\"nodeID\": 1, \"personID\": 0}],"
                + " \"participants\": [{\"participantID\": 3}]}, \"text\": {\"txt\": \"\"}, \"dialog\": false}");
        assertThat(AifCheck.check(doc)).extracting(AifProblem::toString).containsExactly(
                "$.AIF.locutions[0].nodeID: 1 is $.AIF.nodes[0] (CA 1 \"x\"), not an L-node",
                "$.AIF.locutions[0].personID: 0 is not a participantID of $.AIF.participants",
                "$.AIF.nodes[0]: CA 1 \"x\" has no antecedent (an I-node or a scheme node it relates)",
                "$.AIF.nodes[0]: CA 1 \"x\" has 0 consequents; a relation has exactly one");
    }

    @Test
    void notAnAifDocumentIsOneProblem() throws IOException {
        assertThat(AifCheck.check(MAPPER.readTree("[1, 2]"))).hasSize(1);
        assertThat(AifCheck.check(MAPPER.readTree("{\"nodes\": 3}"))).extracting(AifProblem::toString)
                .containsExactly("$.nodes: expected a list, found number", "$.edges: missing; expected a list");
    }

    @Test
    void xaifIsWrittenAndReadBack() throws IOException {
        AifGraph g = graph("qt30-style.json");
        String xaif = AifJson.toXaif(g);
        JsonNode doc = MAPPER.readTree(xaif);
        assertThat(doc.get("AIF").get("nodes").size()).isEqualTo(g.nodes().size());
        assertThat(doc.get("dialog").asBoolean()).as("Ann and Ben speak").isTrue();
        assertThat(doc.get("text").get("txt").asText()).contains(
                "Ben <span class=\"highlighted\" id=\"10_900\">the council cannot pay for Sunday staff</span>");
        assertThat(AifCheck.check(doc)).isEmpty();
        AifGraph back = AifJson.read(xaif);
        assertThat(back.nodes()).containsExactlyElementsOf(g.nodes());
        assertThat(back.edges()).containsExactlyElementsOf(g.edges());
        assertThat(back.locutions()).containsExactlyElementsOf(g.locutions());
    }

    @Test
    void readsTheXaifOfArgumentMiningTools() throws IOException {
        AifGraph g = graph("xaif-style.json");
        assertThat(g.nodes()).hasSize(7);
        assertThat(g.participants()).extracting(AifParticipant::participantID).containsExactly("0", "1");
        assertThat(g.node("7")).map(AifNode::type).contains(AifNodeType.RA);
    }
}
