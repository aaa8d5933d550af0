package dev.parley.agent;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.game.State;
import java.util.List;
import java.util.Map;

/**
 * Finds where a served dialogue stands in the game, from one player's point of view: a state whose information
 * state for that player is the one the player is in. Chance's scenario is unknown to the player except for its own
 * private information, so every scenario that agrees with it is tried; each transcript entry is then matched to the
 * child whose message has the same speaker, move and words. The player's own past moves are matched to the actions
 * it chose (its instructions are part of its information state); another player's instruction is hidden, so any
 * action producing the observed message gives the same information state.
 */
final class GameTracker {

    private final DialogueGame game;
    private final int me;
    private final PrivateInfo mine;
    private final List<String> players;

    GameTracker(DialogueGame game, int me, int scenario) {
        this.game = game;
        this.me = me;
        this.mine = game.scenarios().get(scenario).player(me);
        this.players = game.domain().protocolPlayers();
    }

    /**
     * @param transcript the served transcript
     * @param myActions  the action this player took at each transcript index it spoke at (when it remembers)
     */
    State locate(List<DgepClient.Said> transcript, Map<Integer, Integer> myActions) {
        String firstMismatch = null;
        State root = game.initialState();
        for (int s = 0; s < game.scenarios().size(); s++) {
            if (!game.scenarios().get(s).player(me).canonical().equals(mine.canonical())) {
                continue;
            }
            State state = root.child(s);
            String problem = null;
            for (DgepClient.Said said : transcript) {
                if (state.isTerminal()) {
                    problem = "the game ended before move " + said.index();
                    break;
                }
                State next = match(state, said, myActions.get(said.index()));
                if (next == null) {
                    problem = "move " + said.index() + " (" + said.player() + ": " + said.moveId() + " \""
                            + said.text() + "\") is not one the game's players can make there";
                    break;
                }
                state = next;
            }
            if (problem == null) {
                return state;
            }
            if (firstMismatch == null) {
                firstMismatch = problem;
            }
        }
        throw new AgentException("the served dialogue left the " + game.domain().name() + " game: " + firstMismatch);
    }

    private State match(State state, DgepClient.Said said, Integer chosen) {
        int speaker = players.indexOf(said.player());
        if (speaker < 0 || state.currentPlayer() != speaker) {
            return null;
        }
        if (chosen != null && speaker == me) {
            State child = state.child(chosen);
            return matches(child, said) ? child : null;
        }
        for (int a : state.legalActions()) {
            if (!game.moveOf(a).equals(said.moveId())) {
                continue;
            }
            State child = state.child(a);
            if (matches(child, said)) {
                return child;
            }
        }
        return null;
    }

    private boolean matches(State child, DgepClient.Said said) {
        List<Message> t = game.transcript(child);
        Message last = t.get(t.size() - 1);
        if (!last.moveId().equals(said.moveId())) {
            return false;
        }
        if (said.text().equals(last.text())) {
            return true;
        }
        // a client that sent the whole text as the variable's value (as DialogueGame itself fills replies)
        if (said.reply().isEmpty()) {
            return true;
        }
        for (String v : said.reply().values()) {
            if (!v.equals(last.text())) {
                return false;
            }
        }
        return true;
    }
}
