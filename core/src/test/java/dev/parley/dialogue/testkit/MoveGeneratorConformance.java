package dev.parley.dialogue.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.MoveVerifier;
import dev.parley.dialogue.RewardModel;
import dev.parley.game.State;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The contract of a {@link MoveGenerator} (the offline planner and realiser, a language model behind the LLM
 * adapter): on random dialogues of a domain's game, every generated move is verified content in usable words with
 * exactly the move's content variables; the same request and seed give the same move; a chosen move is legal; the
 * backend is labelled. A test class extends this kit and says which generator and domain it checks.
 */
public abstract class MoveGeneratorConformance {

    private static final int PLAYOUTS = 12;

    /** The generator under test (a fresh one is fine; it is asked for once per test). */
    protected abstract MoveGenerator generator();

    /** A domain the generator speaks for. */
    protected abstract Domain domain();

    private DialogueGame game(MoveGenerator g) {
        return new DialogueGame(domain(), domain().scenarios(2, 3), g, RewardModel.exact(domain()),
                DialogueGame.Settings.of(3, 1));
    }

    @Test
    void everyGeneratedMoveIsVerifiedContentWithTheMovesVariables() {
        MoveGenerator g = generator();
        DialogueGame game = game(g);
        MoveVerifier verifier = new MoveVerifier(domain().content());
        Random rng = new Random(5);
        int checked = 0;
        for (int i = 0; i < PLAYOUTS; i++) {
            State s = game.initialState().child(rng.nextInt(game.scenarios().size()));
            while (!s.isTerminal()) {
                int[] a = s.legalActions();
                State next = s.child(a[rng.nextInt(a.length)]);
                List<Message> t = game.transcript(next);
                Message m = t.get(t.size() - 1);
                assertThat(m.text()).isNotBlank();
                assertThat(verifier.checkWords(m.moveId(), m.content(), m.text())).as(m.toString()).isEmpty();
                assertThat(m.content().keySet()).as(m.toString()).containsExactlyInAnyOrderElementsOf(
                        domain().protocol().interactionsById().get(m.moveId()).content());
                checked++;
                s = next;
            }
        }
        assertThat(checked).isPositive();
        assertThat(game.account().verification().requested()).isPositive();
    }

    @Test
    void theSameRequestAndSeedGiveTheSameMove() {
        DialogueGame a = game(generator());
        DialogueGame b = game(generator());
        Random rng = new Random(9);
        State sa = a.initialState().child(0);
        State sb = b.initialState().child(0);
        while (!sa.isTerminal()) {
            int[] actions = sa.legalActions();
            int pick = actions[rng.nextInt(actions.length)];
            sa = sa.child(pick);
            sb = sb.child(pick);
            assertThat(a.transcript(sa)).isEqualTo(b.transcript(sb));
        }
    }

    @Test
    void aMoveTheSpeakerChoosesIsLegal() {
        DialogueGame game = game(generator());
        State s = game.initialState().child(0);
        for (Instruction in : game.instructions()) {
            assertThat(game.legalMoves(s)).contains(game.ownMove(s, in));
        }
        assertThat(game.generator().backend()).isNotBlank();
    }
}
