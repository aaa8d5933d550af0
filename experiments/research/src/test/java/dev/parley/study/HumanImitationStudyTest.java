package dev.parley.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.Domain;
import dev.parley.domain.campsite.Campsite;
import dev.parley.domain.campsite.CampsiteScenarios;
import dev.parley.domain.campsite.CasinoCorpus;
import dev.parley.domain.campsite.CasinoDialogue;
import dev.parley.domain.campsite.Strategies;
import dev.parley.eval.Exploitability;
import dev.parley.imitation.Featurizer;
import dev.parley.imitation.HashFeaturizer;
import dev.parley.game.GameTree;
import dev.parley.imitation.Mlp;
import dev.parley.nfg.MetaSolvers;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
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

    private static HumanImitationStudy.Board board(ActionSpace actions, int scenarios) {
        return HumanImitationStudy.Board.solve(DOMAIN, VALID.stream().limit(scenarios).map(CampsiteScenarios::of)
                .toList(), 3, actions, 50, HASH, n -> { });
    }

    /**
     * In either action space, HUMAN playing exactly what an instruction strategy plays (in move x instruction: the
     * planner's own move with that instruction, at every infoset) scores as that strategy against everything.
     */
    @Test
    void theMetaGameScoresACopyOfAnInstructionStrategyAsThatStrategy() {
        List<String> labels = HumanImitationStudy.labels(DOMAIN);
        for (ActionSpace actions : ActionSpace.values()) {
            HumanImitationStudy.Board game = board(actions, actions == ActionSpace.INSTRUCTION ? 1 : 2);
            int any = game.instructions().indexOf("any");
            // a label whose move is the planner's own under "any" (in the instruction space any move will do:
            // the labels are summed over the moves)
            Function<HumanImitationStudy.InfoState, double[]> copy = st -> {
                double[] d = new double[labels.size()];
                String move = actions == ActionSpace.INSTRUCTION ? "say" : st.ownMoves().get(any);
                d[labels.indexOf(move + " x any")] = 1;
                return d;
            };
            HumanImitationStudy.MetaGame m = HumanImitationStudy.metaGame(game, labels, copy,
                    MetaSolvers.require("nash"));
            int h = m.strategies().indexOf(HumanImitationStudy.HUMAN);
            int c = m.strategies().indexOf(HumanImitationStudy.CFR);
            int a = m.strategies().indexOf("any");
            for (int j = 0; j < m.strategies().size(); j++) {
                assertThat(m.rowPayoffs()[h][j]).as("%s vs %s", actions, m.strategies().get(j))
                        .isCloseTo(m.rowPayoffs()[a][j], within(1e-9));
                assertThat(m.columnPayoffs()[j][h]).isCloseTo(m.columnPayoffs()[j][a], within(1e-9));
            }
            assertThat(m.solverGain()[0]).isCloseTo(m.rowPayoffs()[c][h] - m.rowPayoffs()[h][h], within(1e-12));
            assertThat(m.solverGain()[1]).isCloseTo(m.columnPayoffs()[h][c] - m.columnPayoffs()[h][h],
                    within(1e-12));
            // (CFR, CFR) is the game's own CFR value; the human-like profile's NashConv is the tree's
            double[] cfrValue = Exploitability.expectedValues(game.tree(), game.cfr());
            assertThat(m.rowPayoffs()[c][c]).isCloseTo(cfrValue[0], within(1e-9));
            assertThat(m.columnPayoffs()[c][c]).isCloseTo(cfrValue[1], within(1e-9));
            double[] slots = game.instructionSlots("any");
            assertThat(HumanImitationStudy.humanSlots(game, labels, copy)).containsExactly(slots, within(1e-12));
            assertThat(m.humanNashConv()).isGreaterThanOrEqualTo(-1e-9)
                    .isCloseTo(Exploitability.nashConv(game.tree(), slots), within(1e-12));
            assertThat(m.cfrNashConv()).isCloseTo(Exploitability.nashConv(game.tree(), game.cfr()), within(1e-12));
            assertThat(m.humanShare()[0] + m.cfrShare()[0]).isLessThanOrEqualTo(1.0 + 1e-9);
        }
    }

    /**
     * The instruction strategies play the planner's own move in the move x instruction space, so every pairing of
     * them says and pays what it does in the instruction space, where the planner picks every move.
     */
    @Test
    void instructionStrategiesPayTheSameInBothActionSpaces() {
        List<String> labels = HumanImitationStudy.labels(DOMAIN);
        double[] uniform = new double[labels.size()];
        Arrays.fill(uniform, 1.0 / labels.size());
        HumanImitationStudy.MetaGame x = HumanImitationStudy.metaGame(board(ActionSpace.MOVE_X_INSTRUCTION, 2),
                labels, st -> uniform, MetaSolvers.require("nash"));
        HumanImitationStudy.MetaGame i = HumanImitationStudy.metaGame(board(ActionSpace.INSTRUCTION, 2),
                labels, st -> uniform, MetaSolvers.require("nash"));
        assertThat(x.strategies()).isEqualTo(i.strategies());
        int k = DOMAIN.instructions().size();
        for (int r = 0; r < k; r++) {
            for (int c = 0; c < k; c++) {
                assertThat(x.rowPayoffs()[r][c]).isCloseTo(i.rowPayoffs()[r][c], within(1e-9));
                assertThat(x.columnPayoffs()[r][c]).isCloseTo(i.columnPayoffs()[r][c], within(1e-9));
            }
        }
    }

    /**
     * The mapped clone is a distribution over the legal actions at every infoset of the move x instruction game:
     * each action gets its label's probability, the labels of moves not legal there get nothing, and the rest is
     * renormalised.
     */
    @Test
    void theMappedHumanPolicyIsADistributionOverTheLegalActionsAtEveryInfostate() {
        List<String> labels = HumanImitationStudy.labels(DOMAIN);
        HumanImitationStudy.Board game = board(ActionSpace.MOVE_X_INSTRUCTION, 2);
        GameTree tree = game.tree();
        Mlp net = Mlp.create(7, game.states().get(0).features().length, 8, labels.size());
        double[] slots = HumanImitationStudy.humanSlots(game, labels, st -> net.predict(st.features()));
        assertThat(game.states()).hasSize(tree.numInfosets());
        boolean someDropped = false;
        for (HumanImitationStudy.InfoState st : game.states()) {
            int is = st.infoset();
            double[] q = net.predict(st.features());
            java.util.Set<String> legal = new java.util.HashSet<>();
            double sum = 0;
            for (int sl = tree.slotStart(is); sl < tree.slotStart(is) + tree.actionCount(is); sl++) {
                String move = game.game().codec().move(tree.slotAction(sl)).orElseThrow();
                String label = move + " x " + game.game().codec().instruction(tree.slotAction(sl)).name();
                assertThat(legal.add(label)).as("one action per label at infoset %d", is).isTrue();
                assertThat(slots[sl]).isGreaterThan(0);
                sum += slots[sl];
            }
            assertThat(sum).as("infoset %d", is).isCloseTo(1.0, within(1e-12));
            double legalMass = 0;
            for (int k = 0; k < labels.size(); k++) {
                legalMass += legal.contains(labels.get(k)) ? q[k] : 0;
            }
            for (int sl = tree.slotStart(is); sl < tree.slotStart(is) + tree.actionCount(is); sl++) {
                String label = game.game().codec().move(tree.slotAction(sl)).orElseThrow() + " x "
                        + game.game().codec().instruction(tree.slotAction(sl)).name();
                assertThat(slots[sl]).isCloseTo(q[labels.indexOf(label)] / legalMass, within(1e-12));
            }
            someDropped |= legal.size() < labels.size();
        }
        assertThat(someDropped).as("some infoset has illegal moves (accept with nothing on the table)").isTrue();
        // the tree's legal actions are those of the game's states
        assertThat(tree.numSlots()).isEqualTo(game.states().stream().mapToInt(s -> tree.actionCount(s.infoset()))
                .sum());
    }

    @Test
    void aMetaGameLongerThanTheTextWindowIsRefused() {
        assertThatThrownBy(() -> new HumanImitationStudy.Config(1, HumanImitationStudy.WINDOW + 2, 10,
                new int[] {4}, 5, 2, 1, ActionSpace.MOVE_X_INSTRUCTION)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most " + (HumanImitationStudy.WINDOW + 1));
    }
}
