package dev.parley.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.aif.AifGraph;
import dev.parley.aif.AifJson;
import dev.parley.aif.AifNode;
import dev.parley.aif.AifNodeType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The AIF each move yields and each legal move carries. */
class DialogueAifTest {

    private static List<String> texts(AifGraph g, AifNodeType t) {
        return g.nodes(t).stream().map(AifNode::text).toList();
    }

    @Test
    void aClaimIsAnLocutionAssertingANewProposition() {
        Dialogue d = DialogueTest.miniDialogue(FixedExternalConditionResolver.always(true));
        LegalMove claim = d.legalMoves("P").get(0);
        assertThat(texts(claim.aif(), AifNodeType.L)).containsExactly("P : I claim $p");
        assertThat(texts(claim.aif(), AifNodeType.I)).containsExactly("$p");
        AifGraph g = d.perform("P", "Claim", Map.of("p", "cats are nice"), null).move().orElseThrow().aif();
        assertThat(texts(g, AifNodeType.L)).containsExactly("P : I claim cats are nice");
        assertThat(texts(g, AifNodeType.I)).containsExactly("cats are nice");
        assertThat(texts(g, AifNodeType.YA)).containsExactly("Asserting");
        assertThat(g.nodes(AifNodeType.TA)).isEmpty();
        assertThat(g.locutions()).singleElement().satisfies(l -> assertThat(l.personID()).isEqualTo("P"));
        String l = g.nodes(AifNodeType.L).get(0).nodeID();
        String ya = g.nodes(AifNodeType.YA).get(0).nodeID();
        String i = g.nodes(AifNodeType.I).get(0).nodeID();
        assertThat(g.successors(l)).extracting(AifNode::nodeID).containsExactly(ya);
        assertThat(g.successors(ya)).extracting(AifNode::nodeID).containsExactly(i);
    }

    @Test
    void argueAddsAnInferenceAnchoredOnTheTransitionAndReusesTheClaim() {
        Dialogue d = DialogueTest.miniDialogue(FixedExternalConditionResolver.always(true));
        AifGraph claim = d.perform("P", "Claim", Map.of("p", "cats are nice"), null).move().orElseThrow().aif();
        AifGraph why = d.perform("O", "Why", Map.of(), null).move().orElseThrow().aif();
        assertThat(texts(why, AifNodeType.YA)).containsExactly("Challenging");
        assertThat(why.nodes(AifNodeType.TA)).hasSize(1);
        AifGraph argue = d.perform("P", "Argue", Map.of("q", "they purr"), null).move().orElseThrow().aif();
        String claimI = claim.nodes(AifNodeType.I).get(0).nodeID();
        AifNode ra = argue.nodes(AifNodeType.RA).get(0);
        assertThat(argue.successors(ra.nodeID())).extracting(AifNode::nodeID).containsExactly(claimI);
        assertThat(argue.predecessors(ra.nodeID())).extracting(AifNode::text)
                .containsExactlyInAnyOrder("they purr", "Arguing");
        AifNode ta = argue.nodes(AifNodeType.TA).get(0);
        assertThat(argue.successors(ta.nodeID())).extracting(AifNode::type)
                .containsExactlyInAnyOrder(AifNodeType.L, AifNodeType.YA);
        assertThat(texts(argue, AifNodeType.YA)).contains("Arguing", "Asserting");

        AifGraph all = d.aif();
        assertThat(texts(all, AifNodeType.I)).containsExactly("cats are nice", "they purr");
        assertThat(all.nodes(AifNodeType.L)).hasSize(3);
        assertThat(all.nodes(AifNodeType.TA)).hasSize(2);
        // ids never clash across moves and the whole graph round-trips through JSON-AIF
        assertThat(AifJson.read(AifJson.toJson(all))).isEqualTo(all);
    }

    @Test
    void aLegalMovesAifIsWhatPerformingItAdds() {
        Dialogue d = DialogueTest.miniDialogue(FixedExternalConditionResolver.always(true));
        d.perform("P", "Claim", Map.of("p", "a"), null);
        LegalMove why = d.legalMoves("O").get(0);
        AifGraph performed = d.perform("O", "Why", Map.of(), null).move().orElseThrow().aif();
        assertThat(why.aif()).isEqualTo(performed);
    }
}
