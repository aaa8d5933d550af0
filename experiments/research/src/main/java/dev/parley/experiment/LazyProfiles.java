package dev.parley.experiment;

import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Instruction;
import dev.parley.game.ChanceOutcome;
import dev.parley.game.Policy;
import dev.parley.game.State;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Profiles on a lazily generated dialogue game, as functions of the state (the baseline needs the state, not only
 * its information-state key), and playouts of them.
 */
final class LazyProfiles {

    /** A behaviour profile: at a decision state, a probability per legal action (aligned with legalActions). */
    interface Profile {
        double[] probabilities(State state);
    }

    private LazyProfiles() {
    }

    static Profile of(Policy policy) {
        return policy::actionProbabilities;
    }

    /** The paper's baseline ({@link BaselinePolicy}) at any state of the game: instruction any, the own move. */
    static Profile baseline(DialogueGame game) {
        Instruction any = game.instructions().stream().filter(Instruction::isBaseline).findFirst().orElse(null);
        return state -> {
            int[] actions = state.legalActions();
            Instruction instruction = any == null ? Instruction.ANY : any;
            String own = game.settings().actions() == ActionSpace.INSTRUCTION ? null
                    : game.ownMove(state, instruction);
            double[] p = new double[actions.length];
            double total = 0;
            for (int i = 0; i < actions.length; i++) {
                boolean anyOk = any == null || game.codec().instruction(actions[i]).equals(any);
                boolean moveOk = own == null || game.codec().move(actions[i]).map(own::equals).orElse(true);
                p[i] = anyOk && moveOk ? 1.0 : 0.0;
                total += p[i];
            }
            for (int i = 0; i < p.length; i++) {
                p[i] = total > 0 ? p[i] / total : 1.0 / p.length;
            }
            return p;
        };
    }

    /** Player {@code player} on {@code mine}, everyone else on {@code others}. */
    static Profile mix(int player, Profile mine, Profile others) {
        return state -> state.currentPlayer() == player ? mine.probabilities(state) : others.probabilities(state);
    }

    /** Per player, one per-player profile: player p plays {@code perPlayer.get(p)}. */
    static Profile joint(List<Profile> perPlayer) {
        return state -> perPlayer.get(state.currentPlayer()).probabilities(state);
    }

    /** One dialogue played to the end under {@code profile}; chance and the players sample from {@code random}. */
    static double[] play(State root, Profile profile, SplittableRandom random) {
        State s = root;
        while (!s.isTerminal()) {
            if (s.isChance()) {
                List<ChanceOutcome> outcomes = s.chanceOutcomes();
                double u = random.nextDouble();
                double c = 0;
                int pick = outcomes.size() - 1;
                for (int i = 0; i < outcomes.size() - 1; i++) {
                    c += outcomes.get(i).probability();
                    if (u < c) {
                        pick = i;
                        break;
                    }
                }
                s = s.child(outcomes.get(pick).action());
            } else {
                int[] actions = s.legalActions();
                double[] p = profile.probabilities(s);
                double u = random.nextDouble();
                double c = 0;
                int pick = actions.length - 1;
                while (pick > 0 && p[pick] <= 0) {
                    pick--; // rounding must not land on an action of probability 0
                }
                for (int i = 0; i < pick; i++) {
                    c += p[i];
                    if (u < c) {
                        pick = i;
                        break;
                    }
                }
                s = s.child(actions[pick]);
            }
        }
        return s.returns();
    }
}
