package dev.parley.imitation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.DialogueDomains;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import dev.parley.nfg.MetaSolvers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The checks of the imitation study's plumbing: the features DIM is fed are those of the information state it
 * plays at, its policy is indexed like the CFR target, the network can fit its training set, KL runs from the CFR
 * policy to the model, and the meta-game scores DIM as it scores the instruction strategies.
 */
class ImitationStudyTest {

    static final Featurizer HASH = new HashFeaturizer();

    private static SolvedGame small(String domain, Featurizer f) {
        return SolvedGame.solve(DialogueDomains.require(domain), 3, 3, CfrVariant.CFR, 100, 2, f, n -> { });
    }

    @Test
    void everyNodeOfAnInformationStateHasItsTextAndFeatures() {
        for (String domain : List.of("fruit-trading", "scheduling")) {
            SolvedGame g = small(domain, HASH);
            DialogueGame game = g.game();
            GameTree tree = g.tree();
            assertThat(g.states()).hasSize(tree.numInfosets());
            int[] decisions = {0};
            tree.forEachDecision(game, (node, state) -> {
                int player = tree.player(node);
                decisions[0]++;
                SolvedGame.InfoState s = g.states().get(tree.infoset(node));
                assertThat(s.infoset()).isEqualTo(tree.infoset(node));
                assertThat(s.player()).isEqualTo(player).isEqualTo(state.currentPlayer());
                // every node of the infoset, not only the first one found, reads as the state's text: what
                // the speaker knows (its role and private information) and the dialogue from its side
                String text = SolvedGame.text(game.scenario(state), player, game.transcript(state));
                assertThat(s.text()).as("infoset %d", s.infoset()).isEqualTo(text);
                assertThat(s.text()).contains(String.join(" ", game.scenario(state).player(player).knowledge()));
                assertThat(s.features()).containsExactly(HASH.features(text));
            });
            assertThat(decisions[0]).isGreaterThan(tree.numInfosets() - 1);
        }
    }

    @Test
    void targetsAndPlayedPoliciesAreIndexedLikeTheCfrSlots() {
        SolvedGame g = small("scheduling", HASH);
        GameTree tree = g.tree();
        int k = g.labels().size();
        assertThat(g.labels()).containsExactly("calm", "assertive", "submissive", "any");
        double[] back = new double[tree.numSlots()];
        for (SolvedGame.InfoState s : g.states()) {
            // every instruction is legal at every infoset, once: uniform over the labels is uniform over the legal
            assertThat(tree.actionCount(s.infoset())).isEqualTo(k);
            assertThat(tree.infosetPlayer(s.infoset())).isEqualTo(s.player());
            assertThat(Arrays.stream(s.target()).sum()).isCloseTo(1, offset(1e-9));
            for (int slot = tree.slotStart(s.infoset()); slot < tree.slotStart(s.infoset()) + k; slot++) {
                String name = g.game().codec().instruction(tree.slotAction(slot)).name();
                assertThat(s.target()[g.labels().indexOf(name)]).isEqualTo(g.cfr()[slot]);
            }
            g.fill(back, s.infoset(), s.target());
        }
        // target -> slots is the inverse of slots -> target
        assertThat(back).containsExactly(g.cfr());
        // and a one-hot distribution lands on the slot of its instruction
        double[] oneHot = new double[tree.numSlots()];
        int is = g.states().get(0).infoset();
        g.fill(oneHot, is, new double[] {0, 0, 1, 0});
        for (int slot = tree.slotStart(is); slot < tree.slotStart(is) + k; slot++) {
            boolean submissive = g.game().codec().instruction(tree.slotAction(slot)).name().equals("submissive");
            assertThat(oneHot[slot]).isEqualTo(submissive ? 1.0 : 0.0);
        }
    }

    @Test
    void klRunsFromTheCfrPolicyToTheModel() {
        double[] p = {0.5, 0.5, 0, 0};
        double[] q = {0.25, 0.25, 0.25, 0.25};
        // KL(p ‖ q) = Σ p log(p / q) = log 2; the other direction would be infinite (q puts mass where p has none)
        assertThat(ImitationStudy.kl(p, q)).isCloseTo(Math.log(2), offset(1e-12));
        assertThat(ImitationStudy.kl(q, p)).isGreaterThan(100);
        assertThat(ImitationStudy.crossEntropy(p, q)).isCloseTo(Math.log(4), offset(1e-12));
        // cross-entropy = entropy + KL
        double[] r = {0.1, 0.2, 0.3, 0.4};
        double h = 0;
        for (double x : p) {
            h -= x > 0 ? x * Math.log(x) : 0;
        }
        assertThat(ImitationStudy.crossEntropy(p, r)).isCloseTo(h + ImitationStudy.kl(p, r), offset(1e-12));
    }

    @Tag("minilm")
    @Test
    void theNetworkFitsItsTrainingSetAndItsLossFalls() {
        SolvedGame g = small("fruit-trading", new MiniLmFeaturizer());
        List<SolvedGame.InfoState> data = g.dataset();
        Trainer.Examples all = ImitationStudy.examples(data);
        int epochs = 400;
        // no early stopping (patience = epochs; validation on the training set itself): only whether it can fit
        Trainer.Result r = Trainer.train(all, all, new int[] {256, 256},
                new Trainer.Config(1e-3, 128, epochs, epochs, 3), e -> { });
        assertThat(r.curve()).hasSize(epochs);
        double first = r.curve().get(0)[1];
        double last = r.curve().get(epochs - 1)[1];
        assertThat(last).isLessThan(first);
        double[] uniform = new double[g.labels().size()];
        Arrays.fill(uniform, 1.0 / uniform.length);
        double fitted = ImitationStudy.mean(ImitationStudy.fit(r.network(), data).kl());
        double flat = data.stream().mapToDouble(s -> ImitationStudy.kl(s.target(), uniform)).average().orElseThrow();
        // far below the uniform policy on the data it was fitted to
        assertThat(fitted).as("train KL %s vs uniform %s", fitted, flat).isLessThan(0.25 * flat);
    }

    @Test
    void theMetaGameScoresDimAsItScoresTheInstructionStrategies() {
        SolvedGame g = small("scheduling", HASH);
        int k = g.labels().size();
        // DIM an exact copy of each instruction strategy: its row and column are that strategy's, so they tie
        for (int i = 0; i < k; i++) {
            double[] oneHot = new double[k];
            oneHot[i] = 1;
            ImitationStudy.MetaGame m = ImitationStudy.metaGame(g, s -> oneHot, MetaSolvers.require("nash"));
            for (int j = 0; j <= k; j++) {
                assertThat(m.rowPayoffs()[k][j]).isCloseTo(m.rowPayoffs()[i][j], offset(1e-9));
                assertThat(m.columnPayoffs()[j][k]).isCloseTo(m.columnPayoffs()[j][i], offset(1e-9));
            }
        }
        // DIM the held-out game's own CFR policy: (DIM, DIM) is its value on the tree, and no instruction strategy
        // gains more against it than the policy's exploitability in the whole game allows
        ImitationStudy.MetaGame m = ImitationStudy.metaGame(g, SolvedGame.InfoState::target,
                MetaSolvers.require("nash"));
        double[] v = Exploitability.expectedValues(g.tree(), g.cfr());
        assertThat(m.rowPayoffs()[k][k]).isCloseTo(v[0], offset(1e-9));
        assertThat(m.columnPayoffs()[k][k]).isCloseTo(v[1], offset(1e-9));
        double nashConv = Exploitability.nashConv(g.tree(), g.cfr());
        for (int i = 0; i < k; i++) {
            assertThat(m.rowPayoffs()[i][k] - v[0]).isLessThanOrEqualTo(nashConv + 1e-9);
            assertThat(m.columnPayoffs()[k][i] - v[1]).isLessThanOrEqualTo(nashConv + 1e-9);
        }
    }

    @Test
    void aScenarioSplitHoldsOutDealsNotSeenInTraining() {
        Domain d = DialogueDomains.require("fruit-trading");
        List<List<Scenario>> split = ImitationStudy.scenarioSplit(d, 6, 4);
        assertThat(split.get(0)).hasSize(6);
        assertThat(split.get(1)).isNotEmpty().hasSizeLessThanOrEqualTo(6);
        List<Object> seen = new ArrayList<>();
        split.get(0).forEach(s -> seen.add(s.players()));
        for (Scenario s : split.get(1)) {
            assertThat(seen).doesNotContain(s.players());
            seen.add(s.players());
        }
        assertThat(ImitationStudy.scenarioSplit(d, 6, 4)).isEqualTo(split);
    }
}
