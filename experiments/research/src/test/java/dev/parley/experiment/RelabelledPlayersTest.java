package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parley.cfr.CfrSolver;
import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.HaggleDomain;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.eval.Exploitability;
import dev.parley.game.ChanceOutcome;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.game.GameType;
import dev.parley.game.State;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The table's figures do not depend on which player is called 0: the same two-player game with its players
 * swapped gives each role the same CFR gain and the same NashConv. The profile is carried over by information-state
 * key, because CFR's alternating updates visit players in index order, so solving the swapped game afresh gives a
 * (slightly) different average policy; what must not change is the measurement of a given profile.
 */
class RelabelledPlayersTest {

    @Test
    void gainsAndNashConvAreInvariantToSwappingThePlayers() {
        Domain haggle = HaggleDomain.domain(List.of(HaggleDomain.scenario("cheap", 3, 9),
                HaggleDomain.scenario("dear", 5, 9), HaggleDomain.scenario("poor", 3, 6)));
        DialogueGame game = new DialogueGame(haggle, haggle.scenarios(3, 1), new OfflineMoveGenerator(
                haggle.content()), RewardModel.exact(haggle), DialogueGame.Settings.of(3, 1));
        GameTree tree = GameTree.compile(game);
        GameTree swapped = GameTree.compile(new Swapped(game));
        assertThat(swapped.numNodes()).isEqualTo(tree.numNodes());

        CfrSolver solver = new CfrSolver(tree, CfrVariant.CFR_PLUS);
        for (int i = 0; i < 100; i++) {
            solver.iterate();
        }
        double[] eq = solver.averagePolicySlots();
        double[] base = BaselinePolicy.slots(game, tree);
        double[] gain = ProfileMetrics.cfrGain(tree, eq, base);
        double[] gainSwapped = ProfileMetrics.cfrGain(swapped, carry(tree, swapped, eq), carry(tree, swapped, base));
        assertThat(gain[0]).isNotEqualTo(gain[1]);
        assertThat(gainSwapped[1]).isCloseTo(gain[0], within(1e-9));
        assertThat(gainSwapped[0]).isCloseTo(gain[1], within(1e-9));
        assertThat(Exploitability.nashConv(swapped, carry(tree, swapped, eq)))
                .isCloseTo(Exploitability.nashConv(tree, eq), within(1e-9));
    }

    /** A per-slot profile of {@code from} on {@code to}'s slots, information state by key. */
    private static double[] carry(GameTree from, GameTree to, double[] slots) {
        double[] out = new double[to.numSlots()];
        for (int i = 0; i < to.numInfosets(); i++) {
            int j = from.infosetIndex(to.infosetKey(i));
            System.arraycopy(slots, from.slotStart(j), out, to.slotStart(i), to.actionCount(i));
        }
        return out;
    }

    /** The two-player game with players 0 and 1 swapped: who moves, whose returns, whose information. */
    private record Swapped(Game inner) implements Game {
        public String name() {
            return inner.name() + " (players swapped)";
        }

        public GameType type() {
            return inner.type();
        }

        public int numPlayers() {
            return 2;
        }

        public State initialState() {
            return new SwappedState(inner.initialState());
        }

        public double minUtility() {
            return inner.minUtility();
        }

        public double maxUtility() {
            return inner.maxUtility();
        }
    }

    private record SwappedState(State inner) implements State {
        public int currentPlayer() {
            int p = inner.currentPlayer();
            return p < 0 ? p : 1 - p;
        }

        public int[] legalActions() {
            return inner.legalActions();
        }

        public List<ChanceOutcome> chanceOutcomes() {
            return inner.chanceOutcomes();
        }

        public State child(int action) {
            return new SwappedState(inner.child(action));
        }

        public double[] returns() {
            double[] r = inner.returns();
            return new double[] {r[1], r[0]};
        }

        public String infoStateKey(int player) {
            return inner.infoStateKey(1 - player);
        }

        public String actionLabel(int action) {
            return inner.actionLabel(action);
        }
    }
}
