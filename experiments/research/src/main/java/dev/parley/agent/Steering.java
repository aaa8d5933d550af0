package dev.parley.agent;

import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Message;
import dev.parley.game.State;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;

/**
 * Steering as a library call: for a dialogue so far, the solver's distribution over move x instruction for the
 * player to move, and the utterance PrEFACE fills for the most probable choice. No server is involved; the
 * steered agent does the same at each of its turns over HTTP.
 */
public final class Steering {

    /**
     * The advice for one turn.
     *
     * @param player       the player to move
     * @param distribution every legal move x instruction ("propose/calm") with its probability under the policy
     * @param chosen       the most probable one (the first on ties)
     * @param moveId       its DGDL move
     * @param instruction  its instruction
     * @param utterance    the words the generator gives it
     * @param content      the move's verified content (the offer, the day, the argument)
     * @param distance     how far the dialogue's words were from the game's nearest wording (0: exact)
     */
    public record Advice(String player, Map<String, Double> distribution, String chosen, String moveId,
                         String instruction, String utterance, Map<String, Object> content, double distance) {
        public Advice {
            distribution = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(distribution));
            content = Contents.copyOf(content);
        }
    }

    private Steering() {
    }

    /**
     * @param model      the solved game
     * @param scenario   which of the game's scenarios holds the advised player's private information
     * @param role       the protocol player to advise
     * @param transcript the dialogue so far
     * @throws AgentException if the dialogue is not one the game's players can produce, is over, or it is not
     *                        {@code role}'s turn
     */
    public static Advice advise(SteeringModel model, int scenario, String role, List<DgepClient.Said> transcript) {
        return advise(model, scenario, role, transcript, WordingMatcher.EXACT);
    }

    /** @param matcher how the dialogue's words are compared with the game's (see {@link GameTracker}) */
    public static Advice advise(SteeringModel model, int scenario, String role, List<DgepClient.Said> transcript,
                                WordingMatcher matcher) {
        Turn turn = turn(model, scenario, role, transcript, matcher);
        List<Option> options = options(model, turn, false);
        Option best = options.get(0);
        for (Option o : options) {
            if (o.probability() > best.probability()) {
                best = o;
            }
        }
        Option chosen = options(model, new Turn(turn.state(), turn.distance(), turn.me(),
                new int[] {best.action()}, new double[] {best.probability()}), true).get(0);
        Map<String, Double> distribution = new LinkedHashMap<>();
        options.forEach(o -> distribution.put(o.label(), o.probability()));
        return new Advice(role, distribution, chosen.label(), chosen.moveId(), chosen.instruction(),
                chosen.utterance(), chosen.content(), turn.distance());
    }

    /**
     * One legal move x instruction at the advised turn, with what the game's generator says for it.
     *
     * @param action      the game action
     * @param label       "propose/calm"
     * @param probability its probability under the policy
     * @param moveId      its DGDL move
     * @param instruction its instruction
     * @param content     the move's verified content
     * @param utterance   the words the generator gives it ("" when abandoned)
     * @param abandoned   null, or why the generator gave no words: every attempt at them was refused (a real model's
     *                    failure), so in the game this option ends the dialogue where it stands
     */
    public record Option(int action, String label, double probability, String moveId, String instruction,
                         Map<String, Object> content, String utterance, String abandoned) {
        public Option {
            content = Contents.copyOf(content);
        }

        public Option(int action, String label, double probability, String moveId, String instruction,
                      Map<String, Object> content, String utterance) {
            this(action, label, probability, moveId, instruction, content, utterance, null);
        }
    }

    /**
     * Every legal move x instruction at {@code role}'s turn with its probability and its words, in the game's
     * action order (what a coach shows; {@link #advise} picks the most probable of them).
     *
     * @throws AgentException as {@link #advise}
     */
    public static List<Option> options(SteeringModel model, int scenario, String role,
                                       List<DgepClient.Said> transcript, WordingMatcher matcher) {
        return options(model, turn(model, scenario, role, transcript, matcher), true);
    }

    private record Turn(State state, double distance, int me, int[] legal, double[] p) {
    }

    private static Turn turn(SteeringModel model, int scenario, String role, List<DgepClient.Said> transcript,
                             WordingMatcher matcher) {
        int me = model.game().domain().protocolPlayers().indexOf(role);
        if (me < 0) {
            throw new AgentException("no player " + role + " in the " + model.game().domain().name() + " game "
                    + model.game().domain().protocolPlayers());
        }
        if (scenario < 0 || scenario >= model.game().scenarios().size()) {
            throw new AgentException("scenario " + scenario + " out of range (the game has "
                    + model.game().scenarios().size() + ")");
        }
        GameTracker.Location location = new GameTracker(model.game(), me, scenario, matcher).locate(transcript,
                Map.of());
        State state = location.state();
        if (state.isTerminal()) {
            throw new AgentException("the dialogue is over: there is nothing to advise");
        }
        if (state.currentPlayer() != me) {
            throw new AgentException("it is not " + role + "'s turn");
        }
        int[] legal = state.legalActions();
        double[] p = model.equilibrium().actionProbabilities(state.infoStateKey(me), legal);
        return new Turn(state, location.maxDistance(), me, legal, p);
    }

    /** @param words whether to generate each option's words and content (a child state each) */
    private static List<Option> options(SteeringModel model, Turn turn, boolean words) {
        List<Option> out = new java.util.ArrayList<>(turn.legal().length);
        for (int k = 0; k < turn.legal().length; k++) {
            int a = turn.legal()[k];
            String label = turn.state().actionLabel(a);
            String instruction = model.game().codec().instruction(a).name();
            if (!words) {
                out.add(new Option(a, label, turn.p()[k], model.game().codec().move(a).orElse(""), instruction,
                        Map.of(), ""));
                continue;
            }
            State child = turn.state().child(a);
            var abandoned = model.game().abandoned(child);
            if (abandoned.isPresent()) {
                // no message: the generator's every attempt was refused, which ends the game here
                out.add(new Option(a, label, turn.p()[k], model.game().codec().move(a).orElse(""), instruction,
                        Map.of(), "", abandoned.get().kind() + ": " + abandoned.get().detail()));
                continue;
            }
            List<Message> after = model.game().transcript(child);
            Message said = after.get(after.size() - 1);
            out.add(new Option(a, label, turn.p()[k], said.moveId(), instruction, said.content(), said.text()));
        }
        return out;
    }

    /** The most probable entries first, for display. */
    public static List<Entry<String, Double>> ranked(Advice advice) {
        return advice.distribution().entrySet().stream()
                .sorted((a, b) -> Double.compare(b.getValue(), a.getValue())).toList();
    }
}
