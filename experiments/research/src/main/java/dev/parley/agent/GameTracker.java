package dev.parley.agent;

import dev.parley.error.Setting;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.MoveVerifier;
import dev.parley.dialogue.Observation;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.game.State;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds where a served dialogue stands in the game, from one player's point of view: a state whose information
 * state for that player is the one the player is in. Chance's scenario is unknown to the player except for its own
 * private information, so every scenario that agrees with it is tried. Each transcript entry is matched by its
 * speaker, move and verified content (the reply's content variables), not by its exact words:
 * <ul>
 *   <li>under {@link Observation#MOVES} information states hold no words, so a child with the same move and content
 *       is the exact location;</li>
 *   <li>under {@link Observation#WORDS} the location is the child, among those with the same move (and the same
 *       content when some have it), whose words are nearest to the words said ({@link WordingMatcher}); the
 *       distance is reported.</li>
 * </ul>
 * The player's own past moves are matched to the actions it chose (its instructions are part of its information
 * state); another player's instruction is hidden, so any action producing the observed move gives the same
 * information state. A move no child can match is refused with the reason.
 */
final class GameTracker {

    /**
     * Where the dialogue stands.
     *
     * @param state        the located state
     * @param maxDistance  the largest wording distance of any matched message (0 when every match was exact)
     * @param approximated the transcript indices whose content is not one the game's players make there, matched to
     *                     the nearest wording of the same move
     */
    record Location(State state, double maxDistance, List<Integer> approximated) {
        Location {
            approximated = List.copyOf(approximated);
        }
    }

    private final DialogueGame game;
    private final int me;
    private final PrivateInfo mine;
    private final List<String> players;
    private final WordingMatcher matcher;
    private final MoveVerifier verifier;

    GameTracker(DialogueGame game, int me, int scenario, WordingMatcher matcher) {
        this.game = game;
        this.me = me;
        this.mine = game.scenarios().get(scenario).player(me);
        this.players = game.domain().protocolPlayers();
        this.matcher = matcher;
        this.verifier = new MoveVerifier(game.domain().content());
    }

    /**
     * @param transcript the served transcript
     * @param myActions  the action this player took at each transcript index it spoke at (when it remembers)
     */
    Location locate(List<DgepClient.Said> transcript, Map<Integer, Integer> myActions) {
        String firstMismatch = null;
        State root = game.initialState();
        for (int s = 0; s < game.scenarios().size(); s++) {
            if (!game.scenarios().get(s).player(me).canonical().equals(mine.canonical())) {
                continue;
            }
            State state = root.child(s);
            String problem = null;
            double worst = 0;
            List<Integer> approximated = new ArrayList<>();
            for (DgepClient.Said said : transcript) {
                if (state.isTerminal()) {
                    problem = "the game ended before move " + said.index();
                    break;
                }
                Match m = match(state, said, myActions.get(said.index()));
                if (m.state() == null) {
                    problem = "move " + said.index() + " (" + said.player() + ": " + said.moveId() + " "
                            + Contents.canonical(content(said)) + ") " + m.why();
                    break;
                }
                state = m.state();
                worst = Math.max(worst, m.distance());
                if (m.approximate()) {
                    approximated.add(said.index());
                }
            }
            if (problem == null) {
                return new Location(state, worst, approximated);
            }
            if (firstMismatch == null) {
                firstMismatch = problem;
            }
        }
        throw new AgentException("the served dialogue left the " + game.domain().name() + " game: " + firstMismatch);
    }

    private record Match(State state, double distance, boolean approximate, String why) {
        static Match none(String why) {
            return new Match(null, 0, false, why);
        }
    }

    static Map<String, Object> content(DgepClient.Said said) {
        return Contents.fromReply(said.reply());
    }

    private Match match(State state, DgepClient.Said said, Integer chosen) {
        int speaker = players.indexOf(said.player());
        if (speaker < 0 || state.currentPlayer() != speaker) {
            return Match.none("is not by the player whose turn it is in the game");
        }
        Map<String, Object> typed = content(said);
        if (game.scenario(state) != null) {
            var refused = verifier.checkSaid(said.moveId(), typed, new MoveContext(game.scenario(state), speaker,
                    game.transcript(state)));
            if (refused.isPresent()) {
                return Match.none("has content the game cannot take: " + refused.get());
            }
        }
        String content = Contents.canonical(typed);
        List<State> sameMove = new ArrayList<>();
        List<State> sameContent = new ArrayList<>();
        int[] actions = chosen != null && speaker == me ? new int[] {chosen} : state.legalActions();
        for (int a : actions) {
            if (game.codec().move(a).map(m -> !m.equals(said.moveId())).orElse(false)) {
                continue;
            }
            State child = resolveSeed(state.child(a), said.text());
            if (child == null) {
                continue; // an action the game's generator gave no words (abandoned): no served move is it
            }
            Message last = last(child);
            if (!last.moveId().equals(said.moveId())) {
                continue;
            }
            sameMove.add(child);
            if (Contents.canonical(last.content()).equals(content)) {
                sameContent.add(child);
            }
        }
        if (sameMove.isEmpty()) {
            return Match.none("is not a move the game's players can make there");
        }
        if (game.settings().observe() == Observation.MOVES) {
            return sameContent.isEmpty() ? Match.none("has content no game player gives there, and under "
                    + Setting.named("observe") + " moves the location must be exact") : new Match(sameContent.get(0), 0, false, "");
        }
        List<State> pool = sameContent.isEmpty() ? sameMove : sameContent;
        State best = null;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (State child : pool) {
            double d = last(child).text().equals(said.text()) ? 0 : matcher.distance(said.text(), last(child).text());
            if (d < bestDistance) {
                best = child;
                bestDistance = d;
            }
        }
        return new Match(best, bestDistance, sameContent.isEmpty(), "");
    }

    /**
     * After a decision with sampling seeds, the seed whose words are nearest to the words said; null when the
     * generator gave no words there (the move was abandoned: every attempt refused).
     */
    private State resolveSeed(State child, String text) {
        if (!child.isChance() || child.isTerminal()) {
            return game.abandoned(child).isPresent() ? null : child;
        }
        State best = null;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int seed : child.legalActions()) {
            State s = child.child(seed);
            if (game.abandoned(s).isPresent()) {
                continue;
            }
            double d = last(s).text().equals(text) ? 0 : matcher.distance(text, last(s).text());
            if (d < bestDistance) {
                best = s;
                bestDistance = d;
            }
        }
        return best;
    }

    private Message last(State s) {
        List<Message> t = game.transcript(s);
        return t.get(t.size() - 1);
    }
}
