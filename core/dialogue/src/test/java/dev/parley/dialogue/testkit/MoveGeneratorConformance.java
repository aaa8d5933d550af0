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
 * adapter): on random dialogues of a domain's game, every performed move is verified content in usable words with
 * exactly the move's content variables; the same request and seed give the same move (or the same refusal); a
 * chosen move is legal; the backend is labelled. A move the generator fails on every attempt ends its dialogue,
 * counted with its reason. Whether that ever happens is the generator's quality, not its contract: a generator that
 * promises every move ({@link #acceptsEveryMove()}, the offline planner, a scripted loopback model) is held to it;
 * a real model's acceptance rate is measured, not asserted. A test class extends this kit and says which generator
 * and domain it checks.
 */
public abstract class MoveGeneratorConformance {

    /** The generator under test (a fresh one is fine; it is asked for once per test). */
    protected abstract MoveGenerator generator();

    /** A domain the generator speaks for. */
    protected abstract Domain domain();

    /** Random dialogues the first test plays (a slow generator, a real model on a CPU, may play fewer). */
    protected int playouts() {
        return 12;
    }

    /**
     * Whether every move must be accepted within the generator's attempts (default). A real language model makes no
     * such promise: it overrides this with false, and the kit then checks that each abandoned move ended its
     * dialogue and was counted, instead of requiring that none was.
     */
    protected boolean acceptsEveryMove() {
        return true;
    }

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
        // the paths (scenario, then actions) to abandoned moves: the game asks for a decision once, so one that
        // two playouts reach is counted once
        java.util.Set<List<Integer>> abandoned = new java.util.HashSet<>();
        for (int i = 0; i < playouts(); i++) {
            int scenario = rng.nextInt(game.scenarios().size());
            List<Integer> path = new java.util.ArrayList<>(List.of(scenario));
            State s = game.initialState().child(scenario);
            while (!s.isTerminal()) {
                int[] a = s.legalActions();
                int pick = a[rng.nextInt(a.length)];
                path.add(pick);
                State next = s.child(pick);
                if (game.abandoned(next).isPresent()) {
                    // a move refused on every attempt ends the dialogue where it stood, with nothing performed
                    assertThat(acceptsEveryMove()).as("a move abandoned after %s: %s", game.transcript(s),
                            game.abandoned(next).get()).isFalse();
                    assertThat(next.isTerminal()).isTrue();
                    assertThat(game.transcript(next)).isEqualTo(game.transcript(s));
                    abandoned.add(List.copyOf(path));
                    break;
                }
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
        assertThat(checked + abandoned.size()).isPositive();
        DialogueGame.Verification v = game.account().verification();
        assertThat(v.requested()).isPositive();
        // each abandoned move was counted once, by the reason of its last refusal, after refusals of its own
        assertThat(v.abandoned()).isEqualTo(abandoned.size());
        assertThat(v.abandonedByReason().values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(abandoned.size());
        assertThat(v.rejected()).isGreaterThanOrEqualTo(abandoned.size());
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
            assertThat(a.abandoned(sa)).isEqualTo(b.abandoned(sb));
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
