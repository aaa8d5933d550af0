package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.parley.game.testkit.GameConformance;
import java.util.List;
import org.junit.jupiter.api.Test;

class GameTreeTest {

    @Test
    void compilesTheTinyGameIntoContiguousChildren() {
        GameTree tree = GameTree.compile(new TinyGame(false));
        // root chance (2) -> two P0 nodes (2 actions each) -> four P1 nodes (2 actions each) -> 8 terminals
        assertThat(tree.numNodes()).isEqualTo(1 + 2 + 4 + 8);
        assertThat(tree.numChanceNodes()).isEqualTo(1);
        assertThat(tree.numDecisionNodes()).isEqualTo(6);
        assertThat(tree.numTerminalNodes()).isEqualTo(8);
        // P0 sees the coin: 2 infosets; P1 sees only P0's action: 2 infosets.
        assertThat(tree.numInfosets()).isEqualTo(4);
        assertThat(tree.numSlots()).isEqualTo(8);
        for (int n = 0; n < tree.numNodes(); n++) {
            for (int k = 0; k < tree.childCount(n); k++) {
                int c = tree.firstChild(n) + k;
                assertThat(tree.parent(c)).isEqualTo(n);
                assertThat(c).isGreaterThan(n);
                if (tree.player(n) >= 0) {
                    assertThat(tree.edgeSlot(c)).isEqualTo(tree.slotStart(tree.infoset(n)) + k);
                } else {
                    assertThat(tree.edgeSlot(c)).isEqualTo(-1);
                }
            }
        }
        assertThat(tree.chanceProbability(tree.firstChild(0))).isCloseTo(0.25, within(1e-15));
        int p1 = tree.infosetIndex("p1:a0");
        assertThat(tree.infosetNodes(p1)).hasSize(2);
        assertThat(tree.infosetIndex("missing")).isEqualTo(-1);
    }

    @Test
    void rejectsInconsistentInfosets() {
        assertThatThrownBy(() -> GameTree.compile(new TinyGame(true)))
                .isInstanceOf(GameModelException.class).hasMessageContaining("different legal actions");
    }

    @Test
    void enforcesTheNodeLimit() {
        assertThatThrownBy(() -> GameTree.compile(new TinyGame(false), 10))
                .isInstanceOf(GameModelException.class).hasMessageContaining("more than 10 nodes");
    }

    @Test
    void conformanceKitAcceptsTheTinyGameAndCatchesImperfectRecall() {
        assertThat(GameConformance.check(new TinyGame(false)).exhaustive()).isTrue();
        assertThatThrownBy(() -> GameConformance.check(new ForgetfulGame()))
                .isInstanceOf(AssertionError.class).hasMessageContaining("perfect recall");
    }

    @Test
    void conformanceKitCatchesBadChance() {
        Game bad = new TinyGame(false) {
            @Override
            public State initialState() {
                State s = super.initialState();
                return new DelegatingState(s) {
                    @Override
                    public List<ChanceOutcome> chanceOutcomes() {
                        return List.of(new ChanceOutcome(0, 0.5), new ChanceOutcome(1, 0.4));
                    }
                };
            }
        };
        assertThatThrownBy(() -> GameConformance.check(bad)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("sum to");
    }

    @Test
    void conformanceKitChecksTheCompiledTreeAgainstTheWalk() {
        GameConformance.Report ok = GameConformance.check(new TinyGame(false));
        assertThat(ok.treeChecked()).isTrue();
        assertThat(ok.nodesVisited()).isEqualTo(GameTree.compile(new TinyGame(false)).numNodes());
        // player 0's wins vanish on their second reading: the walk and the compiled tree disagree
        Game drifting = new TinyGame(false) {
            @Override
            public State initialState() {
                return new Drifting(super.initialState());
            }
        };
        assertThatThrownBy(() -> GameConformance.check(drifting)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("uniform-policy value").hasMessageContaining("on the compiled tree but");
    }

    /** Reads its terminal payoffs faithfully once; afterwards player 0's wins read as draws. */
    private static final class Drifting extends DelegatingState {
        private int reads;

        Drifting(State inner) {
            super(inner);
        }

        @Override
        public State child(int action) {
            return new Drifting(super.child(action));
        }

        @Override
        public double[] returns() {
            double[] r = super.returns().clone();
            if (isTerminal() && reads++ > 0 && r[0] > 0) {
                java.util.Arrays.fill(r, 0);
            }
            return r;
        }
    }
}
