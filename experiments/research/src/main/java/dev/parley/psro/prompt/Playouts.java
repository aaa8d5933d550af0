package dev.parley.psro.prompt;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.Scenario;
import dev.parley.game.State;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/** Whole dialogues under fixed instructions: how a prompt-space strategy is played. */
public final class Playouts {

    private Playouts() {
    }

    /**
     * One finished dialogue.
     *
     * @param scenario   the scenario played
     * @param transcript the public transcript
     * @param returns    each player's payoff
     */
    public record Playout(Scenario scenario, List<Message> transcript, double[] returns) {
        public Playout {
            Objects.requireNonNull(scenario, "scenario");
            transcript = List.copyOf(transcript);
            returns = returns.clone();
        }

        @Override
        public double[] returns() {
            return returns.clone();
        }
    }

    /**
     * Plays scenario {@code scenarioIndex} of {@code game} to the end with every player following one instruction
     * throughout, as a prompt-space strategy does: the move is the one the speaker picks by itself under its
     * instruction ({@link DialogueGame#ownMove}); content and words are generated as for any action of the game.
     * With {@code seedsPerMessage > 1} the sampling seed of every message is drawn from {@code rng}.
     *
     * @param instructionPerPlayer one instruction per player, each in the game's instruction set
     */
    public static Playout play(DialogueGame game, int scenarioIndex, List<Instruction> instructionPerPlayer,
                               Random rng) {
        if (scenarioIndex < 0 || scenarioIndex >= game.scenarios().size()) {
            throw new IllegalArgumentException("no scenario " + scenarioIndex + " (the game has "
                    + game.scenarios().size() + ")");
        }
        if (instructionPerPlayer.size() != game.numPlayers()) {
            throw new IllegalArgumentException("need one instruction per player (" + game.numPlayers() + "), got "
                    + instructionPerPlayer.size());
        }
        for (Instruction i : instructionPerPlayer) {
            if (!game.instructions().contains(i)) {
                throw new IllegalArgumentException("instruction " + i.name() + " is not in this game's instruction"
                        + " set " + game.instructions().stream().map(Instruction::name).toList());
            }
        }
        State s = game.initialState().child(scenarioIndex);
        while (!s.isTerminal()) {
            if (s.isChance()) {
                s = s.child(rng.nextInt(game.settings().seedsPerMessage()));
                continue;
            }
            Instruction instruction = instructionPerPlayer.get(s.currentPlayer());
            String move = game.ownMove(s, instruction);
            s = s.child(game.codec().encode(move, instruction));
        }
        return new Playout(game.scenarios().get(scenarioIndex), game.transcript(s), s.returns());
    }
}
