package dev.parley.study;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.Scenario;
import dev.parley.game.State;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random dialogues of a dialogue game: chance deals a scenario, then every speaker takes a uniformly random legal
 * action (move and instruction) until the dialogue ends. The same seed gives the same dialogues.
 */
public final class DialogueSampler {

    /** A finished dialogue and how it ended. */
    public record Sampled(int index, Scenario scenario, List<Message> transcript, Outcome outcome) { }

    private final DialogueGame game;
    private final SplittableRandom random;

    public DialogueSampler(DialogueGame game, long seed) {
        this.game = game;
        this.random = new SplittableRandom(seed);
    }

    /** The next random dialogue, numbered {@code index}. */
    public Sampled next(int index) {
        State s = game.initialState();
        while (s.currentPlayer() != State.TERMINAL) {
            s = s.child(randomAction(s));
        }
        List<Message> transcript = game.transcript(s);
        return new Sampled(index, game.scenario(s), transcript, Outcome.of(transcript));
    }

    /** A uniformly random action of a chance or decision state (chance outcomes here are uniform too). */
    int randomAction(State s) {
        int[] legal = s.legalActions();
        return legal[random.nextInt(legal.length)];
    }

    SplittableRandom random() {
        return random;
    }
}
