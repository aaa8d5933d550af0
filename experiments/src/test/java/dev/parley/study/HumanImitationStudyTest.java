package dev.parley.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.Domain;
import dev.parley.domain.campsite.Campsite;
import dev.parley.domain.campsite.CampsiteScenarios;
import dev.parley.domain.campsite.CasinoCorpus;
import dev.parley.domain.campsite.CasinoDialogue;
import dev.parley.domain.campsite.Strategies;
import dev.parley.eval.Exploitability;
import dev.parley.imitation.Featurizer;
import dev.parley.imitation.HashFeaturizer;
import dev.parley.imitation.SolvedGame;
import dev.parley.nfg.MetaSolvers;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Imitation of people: the dataset is what each person did at each turn (read from the corpus, not guessed), the
 * baselines are what they say they are, and the meta-game scores the cloned people as it scores the instruction
 * strategies.
 */
class HumanImitationStudyTest {

    private static final Featurizer HASH = new HashFeaturizer();

    private static final Domain DOMAIN = Campsite.domain();
    private static final List<CasinoDialogue> VALID = CasinoCorpus.load(CasinoCorpus.Split.VALID);

    @Test
    void everyTurnOfAnAnnotatedDialogueIsOneExampleOfItsMoveAndStrategyGroups() {
        List<String> labels = HumanImitationStudy.labels(DOMAIN);
        assertThat(labels).hasSize(HumanImitationStudy.MOVES.size() * DOMAIN.instructions().size());
        List<CasinoDialogue> annotated = VALID.stream().filter(CasinoDialogue::annotated).toList();
        List<HumanImitationStudy.Example> examples = HumanImitationStudy.examples(DOMAIN, annotated, HASH, n -> { });
        assertThat(examples).hasSize(annotated.stream().mapToInt(d -> d.turns().size()).sum());
        assertThat(HumanImitationStudy.examples(DOMAIN, VALID.stream().filter(d -> !d.annotated()).toList(), HASH,
                n -> { })).as("unannotated dialogues teach nothing about strategies").isEmpty();
        for (HumanImitationStudy.Example e : examples) {
            assertThat(Arrays.stream(e.target()).sum()).isCloseTo(1.0, within(1e-12));
            CasinoDialogue d = annotated.stream().filter(x -> x.id() == e.dialogueId()).findFirst().orElseThrow();
            CasinoDialogue.Turn turn = d.turns().get(e.turn());
            String move = dev.parley.domain.campsite.CasinoReplay.moveOf(turn.kind());
            List<String> groups = turn.labels().isEmpty() ? List.of("any")
                    : turn.labels().stream().map(Strategies::group).distinct().toList();
            for (int k = 0; k < labels.size(); k++) {
                String label = labels.get(k);
                boolean gold = groups.stream().anyMatch(g -> label.equals(move + " x " + g));
                assertThat(e.target()[k]).as("%s at dialogue %d turn %d", label, d.id(), e.turn())
                        .isCloseTo(gold ? 1.0 / groups.size() : 0.0, within(1e-12));
            }
            // what the person knew: its own priorities, and no more than the last WINDOW messages before its turn
            long messages = Arrays.stream(e.text().split("\n"))
                    .filter(l -> l.startsWith("Me: ") || l.startsWith("Them: ")).count();
            assertThat(messages).isEqualTo(Math.min(e.turn(), HumanImitationStudy.WINDOW));
        }
    }

    @Test
    void theUniformPolicysLogLossIsTheLogOfTheLabelCount() {
        List<HumanImitationStudy.Example> examples = HumanImitationStudy.examples(DOMAIN,
                VALID.stream().filter(CasinoDialogue::annotated).limit(2).toList(), HASH, n -> { });
        int k = HumanImitationStudy.labels(DOMAIN).size();
        double[] uniform = new double[k];
        Arrays.fill(uniform, 1.0 / k);
        HumanImitationStudy.Fit f = HumanImitationStudy.fit(examples, e -> uniform);
        assertThat(f.logLoss()).isCloseTo(Math.log(k), within(1e-12));
        // a policy that puts everything on each example's own gold label is always right and pays the entropy only
        HumanImitationStudy.Fit oracle = HumanImitationStudy.fit(examples, HumanImitationStudy.Example::target);
        assertThat(oracle.accuracy()).isEqualTo(1.0);
    }

    @Test
    void theMetaGameScoresACopyOfAnInstructionStrategyAsThatStrategy() {
        SolvedGame game = SolvedGame.solve(DOMAIN, List.of(CampsiteScenarios.of(VALID.get(0))), 3, CfrVariant.CFR,
                50, HASH, n -> { });
        int any = game.labels().indexOf("any");
        double[] always = new double[game.labels().size()];
        always[any] = 1;
        HumanImitationStudy.MetaGame m = HumanImitationStudy.metaGame(game, st -> always,
                MetaSolvers.require("nash"));
        int h = m.strategies().indexOf(HumanImitationStudy.HUMAN);
        int c = m.strategies().indexOf(HumanImitationStudy.CFR);
        int a = m.strategies().indexOf("any");
        for (int j = 0; j < m.strategies().size(); j++) {
            assertThat(m.rowPayoffs()[h][j]).isCloseTo(m.rowPayoffs()[a][j], within(1e-9));
            assertThat(m.columnPayoffs()[j][h]).isCloseTo(m.columnPayoffs()[j][a], within(1e-9));
        }
        assertThat(m.solverGain()[0]).isCloseTo(m.rowPayoffs()[c][h] - m.rowPayoffs()[h][h], within(1e-12));
        assertThat(m.solverGain()[1]).isCloseTo(m.columnPayoffs()[h][c] - m.columnPayoffs()[h][h], within(1e-12));
        // (CFR, CFR) is the game's own CFR value; the human-like profile's NashConv is the tree's, and CFR's is small
        double[] cfrValue = Exploitability.expectedValues(game.tree(), game.cfr());
        assertThat(m.rowPayoffs()[c][c]).isCloseTo(cfrValue[0], within(1e-9));
        double[] slots = new double[game.tree().numSlots()];
        for (SolvedGame.InfoState st : game.states()) {
            game.fill(slots, st.infoset(), always);
        }
        assertThat(m.humanNashConv()).isGreaterThanOrEqualTo(-1e-9)
                .isCloseTo(Exploitability.nashConv(game.tree(), slots), within(1e-12));
        assertThat(m.humanShare()[0] + m.cfrShare()[0]).isLessThanOrEqualTo(1.0 + 1e-9);
    }

    @Test
    void aMetaGameLongerThanTheTextWindowIsRefused() {
        assertThatThrownBy(() -> new HumanImitationStudy.Config(1, HumanImitationStudy.WINDOW + 2, 10,
                new int[] {4}, 5, 2, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most " + (HumanImitationStudy.WINDOW + 1));
    }
}
